-- +goose Up
-- A freelancer's private calendar feed: the token in the feed's URL is the credential, so only
-- its SHA-256 is kept (auth.TokenHash). One feed per user; rotating replaces the row, revoking
-- deletes it.
CREATE TABLE calendar_feeds (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    token_hash  BLOB    NOT NULL UNIQUE,
    created_at  TIMESTAMP NOT NULL
);

-- The agenda flags instructions that a live substitute replaced. Almost no row has a
-- substitution_of_id, so once the planner has statistics it judges the full index useless and
-- scans; this partial index holds the substitutes only and stays the obvious choice.
CREATE INDEX instructions_substitutes ON instructions (substitution_of_id) WHERE substitution_of_id IS NOT NULL;

-- +goose Down
DROP INDEX instructions_substitutes;
DROP TABLE calendar_feeds;
