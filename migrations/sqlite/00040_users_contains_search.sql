-- +goose Up
-- All Users' search (internal/people/directory) matches a term contained in a user's full name
-- or e-mail address. A LIKE '%term%' cannot use a b-tree index, so at 100,000 users every search
-- read the whole table (0.1 s alone, seconds under load). users_contains indexes the same two
-- texts, "first_name last_name" and email_lc, by trigrams: FTS5's trigram tokenizer finds the
-- rows holding a substring of three or more characters. Its case folding covers more than
-- SQLite's LOWER and LIKE (which fold ASCII only), so the search narrows to its rows and then
-- tests the LIKE as before: the same rows match as without it. The triggers keep it in step
-- with users whatever writes them. (PostgreSQL's twin is a pg_trgm index on the expressions.)
CREATE VIRTUAL TABLE users_contains USING fts5 (name, email, tokenize = 'trigram case_sensitive 0');
INSERT INTO users_contains (rowid, name, email) SELECT id, first_name || ' ' || last_name, email_lc FROM users;
-- +goose StatementBegin
CREATE TRIGGER users_contains_insert AFTER INSERT ON users
BEGIN
    INSERT INTO users_contains (rowid, name, email) VALUES (NEW.id, NEW.first_name || ' ' || NEW.last_name, NEW.email_lc);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_contains_update AFTER UPDATE OF id, first_name, last_name, email_lc ON users
BEGIN
    DELETE FROM users_contains WHERE rowid = OLD.id;
    INSERT INTO users_contains (rowid, name, email) VALUES (NEW.id, NEW.first_name || ' ' || NEW.last_name, NEW.email_lc);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_contains_delete AFTER DELETE ON users
BEGIN
    DELETE FROM users_contains WHERE rowid = OLD.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER users_contains_delete;
DROP TRIGGER users_contains_update;
DROP TRIGGER users_contains_insert;
DROP TABLE users_contains;
