-- +goose Up
-- The scheduler's month overview of every department (internal/scheduler, overview_store.go)
-- counts each day's placement groups and lists the first few of each day in the groups' order
-- (start time, booking title, booking, title, end time). The booking's title lives in bookings,
-- so a read in that order would look up the booking of each of a month's tens of thousands of
-- placements. placement_day_groups is a read model the database keeps by triggers: per placement
-- its group key with its booking's title and department, indexed in the groups' order (for every
-- department, and per department), so both reads walk an index alone. It holds no rule.
-- PostgreSQL's twin is migrations/postgres/00042.
CREATE TABLE placement_day_groups (
    placement_id  INTEGER PRIMARY KEY REFERENCES placements (id) ON DELETE CASCADE,
    booking_id    INTEGER NOT NULL,
    department_id INTEGER NOT NULL,
    booking_title TEXT    NOT NULL,
    local_date    TEXT    NOT NULL,
    start_time    TEXT    NOT NULL,
    title         TEXT    NOT NULL,
    end_time      TEXT    NOT NULL,
    deleted_at    TIMESTAMP
);
-- deleted_at is a column too: SQLite reads the table for a column of the predicate that the
-- index does not hold.
CREATE INDEX placement_day_groups_order ON placement_day_groups
    (local_date, start_time, booking_title, booking_id, title, end_time, department_id, deleted_at)
    WHERE deleted_at IS NULL;
CREATE INDEX placement_day_groups_department ON placement_day_groups
    (department_id, local_date, start_time, booking_title, booking_id, title, end_time, deleted_at) WHERE deleted_at IS NULL;
CREATE INDEX placement_day_groups_booking ON placement_day_groups (booking_id);

INSERT INTO placement_day_groups (placement_id, booking_id, department_id, booking_title, local_date, start_time, title, end_time, deleted_at)
SELECT p.id, p.booking_id, b.department_id, b.title, p.local_date, p.start_time, p.title, p.end_time, p.deleted_at
FROM placements p JOIN bookings b ON b.id = p.booking_id;

-- +goose StatementBegin
CREATE TRIGGER placement_day_groups_insert AFTER INSERT ON placements
BEGIN
    INSERT INTO placement_day_groups (placement_id, booking_id, department_id, booking_title, local_date, start_time, title, end_time, deleted_at)
    SELECT NEW.id, NEW.booking_id, b.department_id, b.title, NEW.local_date, NEW.start_time, NEW.title, NEW.end_time, NEW.deleted_at
    FROM bookings b WHERE b.id = NEW.booking_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_day_groups_update
AFTER UPDATE OF booking_id, local_date, start_time, title, end_time, deleted_at ON placements
BEGIN
    UPDATE placement_day_groups SET booking_id = NEW.booking_id,
        booking_title = (SELECT b.title FROM bookings b WHERE b.id = NEW.booking_id),
        department_id = (SELECT b.department_id FROM bookings b WHERE b.id = NEW.booking_id), local_date = NEW.local_date,
        start_time = NEW.start_time, title = NEW.title, end_time = NEW.end_time, deleted_at = NEW.deleted_at
    WHERE placement_id = NEW.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_day_groups_booking AFTER UPDATE OF title, department_id ON bookings
BEGIN
    UPDATE placement_day_groups SET booking_title = NEW.title, department_id = NEW.department_id WHERE booking_id = NEW.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER placement_day_groups_booking;
DROP TRIGGER placement_day_groups_update;
DROP TRIGGER placement_day_groups_insert;
DROP TABLE placement_day_groups;
