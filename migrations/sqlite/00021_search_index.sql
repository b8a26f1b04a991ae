-- +goose Up
-- The search index (internal/search/index): a read model of the records global search finds,
-- kept in step in the writes' transactions. One design on both engines: folded words in a
-- B-tree (prefix = a range scan), deletion variants for one typo, the scope on each word.
-- Hive fills it at start when search_state is empty (databases that held records before).
CREATE TABLE search_terms (
    source         TEXT    NOT NULL,
    term           TEXT    NOT NULL,
    record_id      INTEGER NOT NULL,
    weight         INTEGER NOT NULL,
    -- The record's scope, on each of its words so a search filters while it scans: the
    -- department (booking, job, department) or the entity itself (entity); for users whether
    -- they are a freelancer and their account status.
    scope_id       INTEGER,
    is_freelancer  INTEGER NOT NULL DEFAULT 0,
    status         TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (source, term, record_id)
) WITHOUT ROWID;
CREATE INDEX search_terms_record ON search_terms (record_id, source, weight); -- with the key: term
CREATE INDEX search_terms_scope ON search_terms (source, scope_id, term) WHERE scope_id IS NOT NULL;

CREATE TABLE search_variants (
    variant  TEXT NOT NULL,
    term     TEXT NOT NULL,
    PRIMARY KEY (variant, term)
) WITHOUT ROWID;

CREATE TABLE search_state (
    id       INTEGER PRIMARY KEY,
    version  INTEGER NOT NULL
);

-- +goose Down
DROP TABLE search_state;
DROP TABLE search_variants;
DROP TABLE search_terms;
