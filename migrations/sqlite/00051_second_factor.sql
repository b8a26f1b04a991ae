-- +goose Up
-- Two-step sign-in (internal/accounts, secondfactor*.go). A user's TOTP secret, sealed with a
-- key derived from HIVE_SECRET; confirmed_at is set once a first code proved the enrolment, and
-- last_step is the time step of the last code accepted, so no code works twice.
CREATE TABLE user_totp (
    user_id       INTEGER   PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed TEXT      NOT NULL,
    confirmed_at  TIMESTAMP,
    last_step     INTEGER   NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL
);
-- Ten single-use recovery codes per enrolment, kept only as hashes.
CREATE TABLE recovery_codes (
    id        INTEGER   PRIMARY KEY,
    user_id   INTEGER   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash BLOB      NOT NULL,
    used_at   TIMESTAMP
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id, code_hash);
-- A sign-in whose password (or provider) was right and that waits for its second factor: a
-- short-lived, single-use token, kept only as its hash.
CREATE TABLE pending_logins (
    token_hash BLOB      PRIMARY KEY,
    user_id    INTEGER   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    remember   BOOLEAN   NOT NULL DEFAULT FALSE,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX pending_logins_user ON pending_logins (user_id);
-- A client entity may require a second factor of its managers.
ALTER TABLE entities ADD COLUMN second_factor_required BOOLEAN NOT NULL DEFAULT FALSE;

-- Whether a principal has a second factor, or must have one, is part of it (sessioncache.go):
-- these changes end the cached copies, as migration 00028's triggers do for the others.
-- +goose StatementBegin
CREATE TRIGGER auth_totp_added AFTER INSERT ON user_totp
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_totp_confirmed AFTER UPDATE OF confirmed_at ON user_totp
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_totp_deleted AFTER DELETE ON user_totp
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_entity_second_factor AFTER UPDATE OF second_factor_required ON entities
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER auth_entity_second_factor;
DROP TRIGGER auth_totp_deleted;
DROP TRIGGER auth_totp_confirmed;
DROP TRIGGER auth_totp_added;
ALTER TABLE entities DROP COLUMN second_factor_required;
DROP TABLE pending_logins;
DROP TABLE recovery_codes;
DROP TABLE user_totp;
