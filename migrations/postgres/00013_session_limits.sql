-- +goose Up
-- Idle timeout: last_seen_at is refreshed at most once a minute (not on every request), and a
-- session not seen for longer than the idle timeout is refused. Remembered sessions ('keep me
-- signed in') have no idle timeout, only their absolute expires_at. Sessions that exist when
-- this runs were started under the old 30-day rule, so they count as remembered.
ALTER TABLE sessions ADD COLUMN last_seen_at TIMESTAMPTZ;
ALTER TABLE sessions ADD COLUMN remember BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE sessions SET last_seen_at = created_at, remember = TRUE;

-- Failed sign-ins per submitted address (whether or not an account has it, so the lock says
-- nothing about which addresses exist). Each attempt is counted before the password check and
-- the count reset by a success; from the fifth on, the address waits locked_until.
CREATE TABLE login_failures (
    email_lc      TEXT      PRIMARY KEY,
    failures      INTEGER   NOT NULL,
    locked_until  TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE login_failures;
ALTER TABLE sessions DROP COLUMN remember;
ALTER TABLE sessions DROP COLUMN last_seen_at;
