-- +goose Up
-- One pending invitation per address and entity, enforced by the database so two concurrent
-- invitations cannot both be written.
CREATE UNIQUE INDEX invitations_pending ON invitations (entity_id, email_lc) WHERE status = 'pending';
-- When the account holder agreed to the terms and conditions (freelancer sign-up).
ALTER TABLE users ADD COLUMN terms_accepted_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE users DROP COLUMN terms_accepted_at;
DROP INDEX invitations_pending;
