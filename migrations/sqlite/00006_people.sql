-- +goose Up
ALTER TABLE users ADD COLUMN gender TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN gender_other TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN location_name TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN latitude REAL;
ALTER TABLE users ADD COLUMN longitude REAL;
ALTER TABLE users ADD COLUMN cv TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN showreel TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN linkedin TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN imdb TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN personal_website TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN business_type TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN day_rate_minor INTEGER;
ALTER TABLE users ADD COLUMN day_rate_currency TEXT NOT NULL DEFAULT 'GBP';
ALTER TABLE users ADD COLUMN day_rate_period TEXT NOT NULL DEFAULT 'day';
ALTER TABLE users ADD COLUMN preferred_supplier_id INTEGER REFERENCES entities (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN default_permissions TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN profile_image_key TEXT NOT NULL DEFAULT '';

CREATE TABLE user_bookmarks (
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, target_user_id)
);

CREATE TABLE user_follows (
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, target_user_id)
);

CREATE TABLE internal_notes (
    id             INTEGER PRIMARY KEY,
    freelancer_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_id        INTEGER REFERENCES users (id) ON DELETE SET NULL,
    entity_id      INTEGER NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    title          TEXT    NOT NULL,
    description    TEXT    NOT NULL,
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX internal_notes_freelancer ON internal_notes (freelancer_id, entity_id);

CREATE TABLE user_documents (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name          TEXT    NOT NULL,
    content_type  TEXT    NOT NULL,
    size_bytes    INTEGER NOT NULL,
    blob_key      TEXT    NOT NULL,
    uploaded_by   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX user_documents_user ON user_documents (user_id, created_at);

-- +goose Down
DROP TABLE user_documents;
DROP TABLE internal_notes;
DROP TABLE user_follows;
DROP TABLE user_bookmarks;
ALTER TABLE users DROP COLUMN profile_image_key;
ALTER TABLE users DROP COLUMN default_permissions;
ALTER TABLE users DROP COLUMN preferred_supplier_id;
ALTER TABLE users DROP COLUMN day_rate_period;
ALTER TABLE users DROP COLUMN day_rate_currency;
ALTER TABLE users DROP COLUMN day_rate_minor;
ALTER TABLE users DROP COLUMN business_type;
ALTER TABLE users DROP COLUMN personal_website;
ALTER TABLE users DROP COLUMN imdb;
ALTER TABLE users DROP COLUMN linkedin;
ALTER TABLE users DROP COLUMN showreel;
ALTER TABLE users DROP COLUMN cv;
ALTER TABLE users DROP COLUMN longitude;
ALTER TABLE users DROP COLUMN latitude;
ALTER TABLE users DROP COLUMN location_name;
ALTER TABLE users DROP COLUMN gender_other;
ALTER TABLE users DROP COLUMN gender;
