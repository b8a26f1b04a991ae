-- +goose Up
-- The scheduler's month overview of every department (internal/scheduler, overview_store.go)
-- counts each day's placement groups and lists the first few of each day in the groups' order
-- (start time, booking title, booking, title, end time). The booking's title lives in bookings,
-- so a read in that order would look up the booking of each of a month's tens of thousands of
-- placements. placement_day_groups is a read model the database keeps by triggers: per placement
-- its group key with its booking's title and department, indexed in the groups' order (for every
-- department, and per department), so both reads walk an index alone. It holds no rule.
-- The text columns sort in byte order (COLLATE "C"), as Go orders the groups: the first few of a
-- day read from the index are then Go's first few whatever the database's default collation.
-- Twin: migrations/sqlite/00042.
CREATE TABLE placement_day_groups (
    placement_id  BIGINT PRIMARY KEY REFERENCES placements (id) ON DELETE CASCADE,
    booking_id    BIGINT NOT NULL,
    department_id BIGINT NOT NULL,
    booking_title TEXT   COLLATE "C" NOT NULL,
    local_date    TEXT   COLLATE "C" NOT NULL,
    start_time    TEXT   COLLATE "C" NOT NULL,
    title         TEXT   COLLATE "C" NOT NULL,
    end_time      TEXT   COLLATE "C" NOT NULL,
    deleted_at    TIMESTAMPTZ
);
CREATE INDEX placement_day_groups_order ON placement_day_groups
    (local_date, start_time, booking_title, booking_id, title, end_time, department_id, deleted_at)
    WHERE deleted_at IS NULL;
CREATE INDEX placement_day_groups_department ON placement_day_groups
    (department_id, local_date, start_time, booking_title, booking_id, title, end_time, deleted_at) WHERE deleted_at IS NULL;
CREATE INDEX placement_day_groups_booking ON placement_day_groups (booking_id);

INSERT INTO placement_day_groups (placement_id, booking_id, department_id, booking_title, local_date, start_time, title, end_time, deleted_at)
SELECT p.id, p.booking_id, b.department_id, b.title, p.local_date, p.start_time, p.title, p.end_time, p.deleted_at
FROM placements p JOIN bookings b ON b.id = p.booking_id;

-- The triggers are deferred to the commit, as placement_states' are (00029), so a transaction
-- locks these rows only after every booking and placement row it writes; they read the rows as
-- they are then.
-- +goose StatementBegin
CREATE FUNCTION placement_day_groups_from_placement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO placement_day_groups (placement_id, booking_id, department_id, booking_title, local_date, start_time, title, end_time, deleted_at)
    SELECT p.id, p.booking_id, b.department_id, b.title, p.local_date, p.start_time, p.title, p.end_time, p.deleted_at
    FROM placements p JOIN bookings b ON b.id = p.booking_id WHERE p.id = NEW.id
    ON CONFLICT (placement_id) DO UPDATE SET booking_id = EXCLUDED.booking_id, department_id = EXCLUDED.department_id,
        booking_title = EXCLUDED.booking_title,
        local_date = EXCLUDED.local_date, start_time = EXCLUDED.start_time, title = EXCLUDED.title,
        end_time = EXCLUDED.end_time, deleted_at = EXCLUDED.deleted_at;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE CONSTRAINT TRIGGER placement_day_groups_placement
    AFTER INSERT OR UPDATE OF booking_id, local_date, start_time, title, end_time, deleted_at ON placements
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION placement_day_groups_from_placement();

-- +goose StatementBegin
CREATE FUNCTION placement_day_groups_from_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE placement_day_groups g SET booking_title = b.title, department_id = b.department_id FROM bookings b
    WHERE b.id = NEW.id AND g.booking_id = NEW.id
        AND (g.booking_title IS DISTINCT FROM b.title OR g.department_id IS DISTINCT FROM b.department_id);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE CONSTRAINT TRIGGER placement_day_groups_booking AFTER UPDATE OF title, department_id ON bookings
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION placement_day_groups_from_booking();

-- +goose Down
DROP TRIGGER placement_day_groups_booking ON bookings;
DROP FUNCTION placement_day_groups_from_booking();
DROP TRIGGER placement_day_groups_placement ON placements;
DROP FUNCTION placement_day_groups_from_placement();
DROP TABLE placement_day_groups;
