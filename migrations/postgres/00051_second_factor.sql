-- +goose Up
-- Two-step sign-in (internal/accounts, secondfactor*.go). A user's TOTP secret, sealed with a
-- key derived from HIVE_SECRET; confirmed_at is set once a first code proved the enrolment, and
-- last_step is the time step of the last code accepted, so no code works twice.
CREATE TABLE user_totp (
    user_id       BIGINT      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed TEXT        NOT NULL,
    confirmed_at  TIMESTAMPTZ,
    last_step     BIGINT      NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL
);
-- Ten single-use recovery codes per enrolment, kept only as hashes.
CREATE TABLE recovery_codes (
    id        BIGSERIAL   PRIMARY KEY,
    user_id   BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash BYTEA       NOT NULL,
    used_at   TIMESTAMPTZ
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id, code_hash);
-- A sign-in whose password (or provider) was right and that waits for its second factor: a
-- short-lived, single-use token, kept only as its hash.
CREATE TABLE pending_logins (
    token_hash BYTEA       PRIMARY KEY,
    user_id    BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    remember   BOOLEAN     NOT NULL DEFAULT FALSE,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX pending_logins_user ON pending_logins (user_id);
-- A client entity may require a second factor of its managers.
ALTER TABLE entities ADD COLUMN second_factor_required BOOLEAN NOT NULL DEFAULT FALSE;

-- Whether a principal has a second factor, or must have one, is part of it (sessioncache.go):
-- these changes end the cached copies, as migration 00028's triggers do for the others.
CREATE TRIGGER auth_totp_changed AFTER INSERT OR DELETE OR UPDATE OF confirmed_at ON user_totp
    FOR EACH ROW EXECUTE FUNCTION hive_auth_changed();
CREATE TRIGGER auth_entity_second_factor AFTER UPDATE OF second_factor_required ON entities
    FOR EACH ROW EXECUTE FUNCTION hive_auth_changed();

-- +goose Down
DROP TRIGGER auth_entity_second_factor ON entities;
DROP TRIGGER auth_totp_changed ON user_totp;
ALTER TABLE entities DROP COLUMN second_factor_required;
DROP TABLE pending_logins;
DROP TABLE recovery_codes;
DROP TABLE user_totp;
