-- +goose Up
-- A client that sends a write again after losing its answer (a dropped connection, a node killed
-- mid-request, a double click) names the same Idempotency-Key and gets the first answer instead
-- of a second change (internal/platform/idempotency). One row per user and key, kept 24 h, so any
-- node answers the repeat. A row is claimed (owner, locked_until) before the request runs;
-- applied_at is set inside the request's own write transaction, so after a crash the row tells
-- whether the change was made; status, headers and answer are the first answer, null while it
-- runs. Twin: migrations/postgres/00054.
CREATE TABLE idempotency_keys (
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    request_key  TEXT NOT NULL,
    method_path  TEXT NOT NULL,
    body_hash    TEXT NOT NULL,
    owner        TEXT NOT NULL,
    locked_until TIMESTAMP NOT NULL,
    applied_at   TIMESTAMP,
    status       INTEGER,
    headers      TEXT,
    answer       BLOB,
    created_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, request_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- +goose Down
DROP TABLE idempotency_keys;
