-- +goose Up
CREATE TABLE users (
    id                          INTEGER PRIMARY KEY,
    email                       TEXT    NOT NULL,
    email_lc                    TEXT    NOT NULL UNIQUE,
    password_hash               TEXT    NOT NULL DEFAULT '',
    first_name                  TEXT    NOT NULL DEFAULT '',
    last_name                   TEXT    NOT NULL DEFAULT '',
    label                       TEXT    NOT NULL DEFAULT '',
    phone                       TEXT    NOT NULL DEFAULT '',
    country                     TEXT    NOT NULL DEFAULT 'GB',
    timezone                    TEXT    NOT NULL DEFAULT 'Europe/London',
    account_status              TEXT    NOT NULL DEFAULT 'active',
    onboarding_state            TEXT    NOT NULL DEFAULT 'not_applicable',
    can_admin                   INTEGER NOT NULL DEFAULT 0,
    can_create_supplier_entity  INTEGER NOT NULL DEFAULT 0,
    can_create_agency_entity    INTEGER NOT NULL DEFAULT 0,
    can_create_client_entity    INTEGER NOT NULL DEFAULT 0,
    is_freelancer               INTEGER NOT NULL DEFAULT 0,
    created_at                  TIMESTAMP NOT NULL,
    updated_at                  TIMESTAMP NOT NULL,
    version                     INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX users_freelancer_name ON users (is_freelancer, last_name, first_name);

CREATE TABLE sessions (
    id               INTEGER PRIMARY KEY,
    token_hash       BLOB    NOT NULL UNIQUE,
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    impersonator_id  INTEGER REFERENCES users (id) ON DELETE CASCADE,
    created_at       TIMESTAMP NOT NULL,
    expires_at       TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE account_tokens (
    id          INTEGER PRIMARY KEY,
    token_hash  BLOB    NOT NULL UNIQUE,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     TEXT    NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);

CREATE TABLE user_identities (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider    TEXT    NOT NULL,
    subject     TEXT    NOT NULL,
    email       TEXT    NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    UNIQUE (provider, subject)
);

CREATE TABLE mail_outbox (
    id               INTEGER PRIMARY KEY,
    to_addr          TEXT    NOT NULL,
    subject          TEXT    NOT NULL,
    body_text        TEXT    NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'pending',
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT    NOT NULL DEFAULT '',
    created_at       TIMESTAMP NOT NULL,
    next_attempt_at  TIMESTAMP NOT NULL,
    sent_at          TIMESTAMP
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);

CREATE TABLE rate_limits (
    key           TEXT    PRIMARY KEY,
    window_start  TIMESTAMP NOT NULL,
    hits          INTEGER NOT NULL
);

CREATE TABLE audit_log (
    id                         INTEGER PRIMARY KEY,
    hive_action                TEXT    NOT NULL,
    hive_source                TEXT    NOT NULL,
    record_id                  INTEGER NOT NULL,
    row_json                   TEXT    NOT NULL,
    hive_user_id               INTEGER,
    hive_impersonator_user_id  INTEGER,
    hive_user_name             TEXT    NOT NULL DEFAULT '',
    hive_tx_id                 TEXT    NOT NULL,
    hive_is_admin              INTEGER NOT NULL DEFAULT 0,
    hive_role                  TEXT    NOT NULL DEFAULT '',
    created_at                 TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_record ON audit_log (hive_source, record_id);

-- +goose Down
DROP TABLE audit_log;
DROP TABLE rate_limits;
DROP TABLE mail_outbox;
DROP TABLE user_identities;
DROP TABLE account_tokens;
DROP TABLE sessions;
DROP TABLE users;
