-- +goose Up
-- An e-mail change is a one-time token (purpose email_change) mailed to the new address; the
-- address it stands for travels with the token, so following an older link can never apply a
-- newer request's address.
ALTER TABLE account_tokens ADD COLUMN new_email TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE account_tokens DROP COLUMN new_email;
