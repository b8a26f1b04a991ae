-- +goose Up
CREATE TABLE entities (
    id                         INTEGER PRIMARY KEY,
    name                       TEXT    NOT NULL,
    name_lc                    TEXT    NOT NULL,
    type                       TEXT    NOT NULL,
    preferred_legal_entity_id  INTEGER,
    country                    TEXT    NOT NULL DEFAULT 'GB',
    timezone                   TEXT    NOT NULL DEFAULT 'Europe/London',
    email                      TEXT    NOT NULL DEFAULT '',
    cancel_window_days         INTEGER NOT NULL DEFAULT 0,
    created_at                 TIMESTAMP NOT NULL,
    updated_at                 TIMESTAMP NOT NULL,
    version                    INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX entities_name ON entities (name_lc, id);
CREATE INDEX entities_type_name ON entities (type, name_lc, id);

CREATE TABLE legal_entities (
    id                 INTEGER PRIMARY KEY,
    status             TEXT    NOT NULL DEFAULT 'not_validated',
    type               TEXT    NOT NULL,
    ni_number          TEXT    NOT NULL DEFAULT '',
    gender             TEXT    NOT NULL DEFAULT '',
    trading_name       TEXT    NOT NULL DEFAULT '',
    company_name       TEXT    NOT NULL DEFAULT '',
    company_number     TEXT    NOT NULL DEFAULT '',
    operating_model    TEXT    NOT NULL DEFAULT 'Ordinary',
    timezone           TEXT    NOT NULL DEFAULT 'Europe/London',
    country            TEXT    NOT NULL DEFAULT 'GB',
    vat_registered     INTEGER NOT NULL DEFAULT 0,
    vat_number         TEXT    NOT NULL DEFAULT '',
    vat_pct_hundredths INTEGER NOT NULL DEFAULT 2000,
    address1           TEXT    NOT NULL DEFAULT '',
    address2           TEXT    NOT NULL DEFAULT '',
    address3           TEXT    NOT NULL DEFAULT '',
    address4           TEXT    NOT NULL DEFAULT '',
    email              TEXT    NOT NULL DEFAULT '',
    phone              TEXT    NOT NULL DEFAULT '',
    iban               TEXT    NOT NULL DEFAULT '',
    sort_code          TEXT    NOT NULL DEFAULT '',
    account_number     TEXT    NOT NULL DEFAULT '',
    bank_name          TEXT    NOT NULL DEFAULT '',
    bank_country_code  TEXT    NOT NULL DEFAULT '',
    branch_code        TEXT    NOT NULL DEFAULT '',
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    version            INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX legal_entities_status ON legal_entities (status, id);

CREATE TABLE entity_legal_entity_refs (
    id               INTEGER PRIMARY KEY,
    entity_id        INTEGER NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    legal_entity_id  INTEGER NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL,
    version          INTEGER NOT NULL DEFAULT 1,
    UNIQUE (entity_id, legal_entity_id)
);
CREATE INDEX entity_legal_entity_refs_le ON entity_legal_entity_refs (legal_entity_id);

CREATE TABLE departments (
    id                  INTEGER PRIMARY KEY,
    client_id           INTEGER NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    name                TEXT    NOT NULL,
    name_lc             TEXT    NOT NULL,
    address1            TEXT    NOT NULL DEFAULT '',
    address2            TEXT    NOT NULL DEFAULT '',
    address3            TEXT    NOT NULL DEFAULT '',
    address4            TEXT    NOT NULL DEFAULT '',
    email               TEXT    NOT NULL DEFAULT '',
    phone               TEXT    NOT NULL DEFAULT '',
    timezone            TEXT    NOT NULL DEFAULT 'Europe/London',
    cancel_window_days  INTEGER NOT NULL DEFAULT 0,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL,
    version             INTEGER NOT NULL DEFAULT 1,
    UNIQUE (client_id, name_lc)
);
CREATE INDEX departments_name ON departments (name_lc, id);

CREATE TABLE user_entity_refs (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    entity_id     INTEGER NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    can_external  INTEGER NOT NULL DEFAULT 0,
    can_manage    INTEGER NOT NULL DEFAULT 0,
    can_select    INTEGER NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL,
    version       INTEGER NOT NULL DEFAULT 1,
    UNIQUE (user_id, entity_id)
);
CREATE INDEX user_entity_refs_entity ON user_entity_refs (entity_id, user_id);

CREATE TABLE user_department_refs (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    department_id  INTEGER NOT NULL REFERENCES departments (id) ON DELETE CASCADE,
    can_hire       INTEGER NOT NULL DEFAULT 0,
    can_manage     INTEGER NOT NULL DEFAULT 0,
    can_select     INTEGER NOT NULL DEFAULT 0,
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1,
    UNIQUE (user_id, department_id)
);
CREATE INDEX user_department_refs_department ON user_department_refs (department_id, user_id);

CREATE TABLE tags (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    name_lc     TEXT    NOT NULL,
    category    TEXT    NOT NULL,
    entity_id   INTEGER REFERENCES entities (id) ON DELETE CASCADE,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    version     INTEGER NOT NULL DEFAULT 1
);
-- Unique within a category (and within an entity for entity tags), case-insensitively.
CREATE UNIQUE INDEX tags_unique_name ON tags (category, name_lc, COALESCE(entity_id, 0));
CREATE INDEX tags_entity ON tags (entity_id, category);

CREATE TABLE department_tags (
    department_id  INTEGER NOT NULL REFERENCES departments (id) ON DELETE CASCADE,
    tag_id         INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (department_id, tag_id)
);

CREATE TABLE user_entity_ref_tags (
    ref_id  INTEGER NOT NULL REFERENCES user_entity_refs (id) ON DELETE CASCADE,
    tag_id  INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (ref_id, tag_id)
);

CREATE TABLE user_tags (
    user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tag_id   INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, tag_id)
);
CREATE INDEX user_tags_tag ON user_tags (tag_id);

CREATE TABLE invitations (
    id           INTEGER PRIMARY KEY,
    entity_id    INTEGER NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    email        TEXT    NOT NULL,
    email_lc     TEXT    NOT NULL,
    purpose      TEXT    NOT NULL,
    message      TEXT    NOT NULL DEFAULT '',
    status       TEXT    NOT NULL DEFAULT 'pending',
    user_id      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    invited_by   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    token_hash   BLOB    NOT NULL UNIQUE,
    expires_at   TIMESTAMP NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL,
    version      INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX invitations_entity ON invitations (entity_id, status);
CREATE INDEX invitations_email ON invitations (email_lc, status);
CREATE INDEX invitations_user ON invitations (user_id, status);

-- +goose Down
DROP TABLE invitations;
DROP TABLE user_tags;
DROP TABLE user_entity_ref_tags;
DROP TABLE department_tags;
DROP TABLE tags;
DROP TABLE user_department_refs;
DROP TABLE user_entity_refs;
DROP TABLE departments;
DROP TABLE entity_legal_entity_refs;
DROP TABLE legal_entities;
DROP TABLE entities;
