-- +goose Up
-- Active sessions (Settings, and an administrator's user page) show where each session signed
-- in from: the browser's user agent (cut to 512 characters) and the client address, both
-- recorded when the session starts. Sessions that exist when this runs show neither.
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN client_addr TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE sessions DROP COLUMN client_addr;
ALTER TABLE sessions DROP COLUMN user_agent;
