-- +goose Up
-- The search index (internal/search/index): a read model of the records global search finds,
-- kept in step in the writes' transactions. One design on both engines: folded words in a
-- B-tree (prefix = a range scan; COLLATE "C" so the order is byte order, as on SQLite),
-- deletion variants for one typo, scope keys per document. Hive fills it at start when
-- search_state is empty (databases that held records before).
CREATE TABLE search_docs (
    source         TEXT    NOT NULL,
    record_id      BIGINT  NOT NULL,
    department_id  BIGINT,
    client_id      BIGINT,
    is_freelancer  BOOLEAN NOT NULL DEFAULT FALSE,
    status         TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (source, record_id)
);

CREATE TABLE search_terms (
    term       TEXT COLLATE "C" NOT NULL,
    source     TEXT    NOT NULL,
    record_id  BIGINT  NOT NULL,
    weight     INTEGER NOT NULL,
    PRIMARY KEY (term, source, record_id) INCLUDE (weight)
);
CREATE INDEX search_terms_record ON search_terms (source, record_id);

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
DROP TABLE search_docs;
