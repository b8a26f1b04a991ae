-- +goose Up
-- Sent and given-up mails keep no text: it holds live reset, activation and invitation links.
-- The worker now blanks it when it records the outcome; this clears the mails sent before that.
UPDATE mail_outbox SET body_text = '' WHERE status IN ('sent', 'failed');

-- +goose Down
-- The texts are gone; nothing to restore.
SELECT 1;
