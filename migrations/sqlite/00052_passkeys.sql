-- +goose Up
-- Passkeys (WebAuthn, internal/accounts/passkeys*.go). Twin: migrations/postgres/00052.
-- Each account that registers a passkey gets one random user handle, which its authenticators
-- keep and hand back at a discoverable sign-in; it says nothing about the account.
CREATE TABLE passkey_users (
    user_id     INTEGER   PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    handle      BLOB      NOT NULL UNIQUE,
    created_at  TIMESTAMP NOT NULL
);

-- One row per registered passkey: the credential record as the library keeps it (public key,
-- flags, sign count, AAGUID) in JSON, its id for look-up, and the name its owner gave it.
CREATE TABLE passkeys (
    id             INTEGER   PRIMARY KEY,
    user_id        INTEGER   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id  BLOB      NOT NULL UNIQUE,
    name           TEXT      NOT NULL,
    credential     TEXT      NOT NULL,
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL,
    last_used_at   TIMESTAMP,
    version        INTEGER   NOT NULL DEFAULT 1
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- A ceremony between its begin and finish calls: the challenge and what the library needs to
-- check the answer, kept in the database so any node can finish it; used once, then deleted.
-- Registration and second-factor ceremonies belong to a user; a sign-in ceremony to no one yet.
CREATE TABLE passkey_ceremonies (
    id            INTEGER   PRIMARY KEY,
    token_hash    BLOB      NOT NULL UNIQUE,
    purpose       TEXT      NOT NULL,
    user_id       INTEGER   REFERENCES users (id) ON DELETE CASCADE,
    session_data  TEXT      NOT NULL,
    expires_at    TIMESTAMP NOT NULL
);
CREATE INDEX passkey_ceremonies_expiry ON passkey_ceremonies (expires_at);

-- +goose Down
DROP TABLE passkey_ceremonies;
DROP TABLE passkeys;
DROP TABLE passkey_users;
