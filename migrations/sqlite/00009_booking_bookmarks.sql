-- +goose Up
-- Saved filter sets of the scheduler's filter panel; each belongs to one user.
CREATE TABLE booking_bookmarks (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    description  TEXT    NOT NULL,
    query_json   TEXT    NOT NULL DEFAULT '{}',
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);
CREATE INDEX booking_bookmarks_user ON booking_bookmarks (user_id, id);

-- The booking summary counts the instructions of each placement of a month; this index covers
-- what it reads (deleted ones too, when asked), so it never reads the instructions table itself.
CREATE INDEX scheduler_instructions_placement ON instructions (placement_id, user_id, supplier_status, client_status,
    substitution_of_id, deleted_at);

-- +goose Down
DROP INDEX scheduler_instructions_placement;
DROP TABLE booking_bookmarks;
