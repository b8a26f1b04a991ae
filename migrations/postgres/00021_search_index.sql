-- +goose Up
-- The search index (internal/search/index): a read model of the records global search finds,
-- kept in step in the writes' transactions. One design on both engines: folded words in a
-- B-tree by source and word (prefix = a range scan; COLLATE "C" so the order is byte order, as on SQLite),
-- deletion variants for one typo, the scope on each word. Hive fills it at start when
-- search_state is empty (databases that held records before).
CREATE TABLE search_terms (
    source         TEXT    NOT NULL,
    term           TEXT COLLATE "C" NOT NULL,
    record_id      BIGINT  NOT NULL,
    weight         INTEGER NOT NULL,
    -- The record's scope, on each of its words so a search filters while it scans: the
    -- department (booking, job, department) or the entity itself (entity); for users whether
    -- they are a freelancer and their account status.
    scope_id       BIGINT,
    is_freelancer  BOOLEAN NOT NULL DEFAULT FALSE,
    status         TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (source, term, record_id) INCLUDE (weight, scope_id, is_freelancer, status)
);
CREATE INDEX search_terms_record ON search_terms (record_id, source) INCLUDE (term, weight);
CREATE INDEX search_terms_scope ON search_terms (source, scope_id, term, record_id) INCLUDE (weight) WHERE scope_id IS NOT NULL;

CREATE TABLE search_variants (
    variant  TEXT COLLATE "C" NOT NULL,
    term     TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (variant, term)
);

CREATE TABLE search_state (
    id       INTEGER PRIMARY KEY,
    version  INTEGER NOT NULL
);

-- +goose Down
DROP TABLE search_state;
DROP TABLE search_variants;
DROP TABLE search_terms;
