-- +goose Up
-- A mail may carry an HTML body beside its text (sent as multipart/alternative). Like the text,
-- it is blanked once the mail is sent or given up.
ALTER TABLE mail_outbox ADD COLUMN body_html TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE mail_outbox DROP COLUMN body_html;
