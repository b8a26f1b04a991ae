-- +goose Up
-- All Users' search (internal/people/directory) matches a term contained in a user's full name
-- or e-mail address: LOWER(first_name || ' ' || last_name) LIKE '%term%' OR email_lc LIKE
-- '%term%'. A b-tree cannot serve a contains match, so at 100,000 users every search read the
-- whole table. pg_trgm's GIN indexes on the same two expressions can: the planner ORs the two
-- index scans and rechecks the LIKE on the rows found. pg_trgm ships with PostgreSQL (contrib)
-- and is a trusted extension, so the database's owner may create it. (SQLite's twin is an FTS5
-- trigram table.)
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_name_contains ON users USING gin (LOWER(first_name || ' ' || last_name) gin_trgm_ops);
CREATE INDEX users_email_contains ON users USING gin (email_lc gin_trgm_ops);

-- +goose Down
DROP INDEX users_email_contains;
DROP INDEX users_name_contains;
