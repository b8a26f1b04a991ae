-- +goose Up
-- placement_day_counts counts bookings' read model placement_states (migration 00029) by
-- department, the UTC day a placement ends, its status pairs and whether it is live (not
-- cancelled). A manager's agenda counts (internal/agenda, dayCounts) add up a few hundred of
-- these rows for the placements ending after today, and read today's placements row by row:
-- counting 125,000 open placements one by one took 60 ms of CPU and more, so every page's total
-- and every tab count of an administrator or a client manager did. Department 0 counts every
-- department's placements (an administrator's scope) so that it reads as few rows as anyone's.
-- The rows are the database's to keep, as placement_states is: the triggers below move a
-- placement between counts whenever its row in placement_states changes, so no code path can
-- forget them. It holds no rule: the agenda tests the pairs against its tab masks in Go.
-- A count may be 0 once its placements have moved on.
-- (PostgreSQL's twin is migrations/postgres/00041.)
CREATE TABLE placement_day_counts (
    department_id INTEGER NOT NULL,
    live          INTEGER NOT NULL,
    end_day       TEXT    NOT NULL,
    pairs         INTEGER NOT NULL,
    n             INTEGER NOT NULL,
    PRIMARY KEY (department_id, live, end_day, pairs)
) WITHOUT ROWID;

INSERT INTO placement_day_counts (department_id, live, end_day, pairs, n)
SELECT b.department_id, s.deleted_at IS NULL, substr(s.end_at, 1, 10), s.pairs, COUNT(*)
FROM placement_states s JOIN bookings b ON b.id = s.booking_id
GROUP BY b.department_id, s.deleted_at IS NULL, substr(s.end_at, 1, 10), s.pairs;
INSERT INTO placement_day_counts (department_id, live, end_day, pairs, n)
SELECT 0, s.deleted_at IS NULL, substr(s.end_at, 1, 10), s.pairs, COUNT(*)
FROM placement_states s
GROUP BY s.deleted_at IS NULL, substr(s.end_at, 1, 10), s.pairs;

-- +goose StatementBegin
CREATE TRIGGER placement_day_counts_insert AFTER INSERT ON placement_states
BEGIN
    INSERT INTO placement_day_counts (department_id, live, end_day, pairs, n)
    SELECT b.department_id, NEW.deleted_at IS NULL, substr(NEW.end_at, 1, 10), NEW.pairs, 1
    FROM bookings b WHERE b.id = NEW.booking_id
    UNION ALL SELECT 0, NEW.deleted_at IS NULL, substr(NEW.end_at, 1, 10), NEW.pairs, 1 WHERE TRUE
    ON CONFLICT (department_id, live, end_day, pairs) DO UPDATE SET n = n + excluded.n;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_day_counts_delete AFTER DELETE ON placement_states
BEGIN
    UPDATE placement_day_counts SET n = n - 1
    WHERE department_id IN (0, (SELECT b.department_id FROM bookings b WHERE b.id = OLD.booking_id))
        AND live = (OLD.deleted_at IS NULL) AND end_day = substr(OLD.end_at, 1, 10) AND pairs = OLD.pairs;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_day_counts_update AFTER UPDATE OF booking_id, end_at, deleted_at, pairs ON placement_states
WHEN OLD.booking_id IS NOT NEW.booking_id OR substr(OLD.end_at, 1, 10) IS NOT substr(NEW.end_at, 1, 10)
    OR (OLD.deleted_at IS NULL) IS NOT (NEW.deleted_at IS NULL) OR OLD.pairs IS NOT NEW.pairs
BEGIN
    UPDATE placement_day_counts SET n = n - 1
    WHERE department_id IN (0, (SELECT b.department_id FROM bookings b WHERE b.id = OLD.booking_id))
        AND live = (OLD.deleted_at IS NULL) AND end_day = substr(OLD.end_at, 1, 10) AND pairs = OLD.pairs;
    INSERT INTO placement_day_counts (department_id, live, end_day, pairs, n)
    SELECT b.department_id, NEW.deleted_at IS NULL, substr(NEW.end_at, 1, 10), NEW.pairs, 1
    FROM bookings b WHERE b.id = NEW.booking_id
    UNION ALL SELECT 0, NEW.deleted_at IS NULL, substr(NEW.end_at, 1, 10), NEW.pairs, 1 WHERE TRUE
    ON CONFLICT (department_id, live, end_day, pairs) DO UPDATE SET n = n + excluded.n;
END;
-- +goose StatementEnd

-- A booking moved to another department takes its placements' counts along.
-- +goose StatementBegin
CREATE TRIGGER placement_day_counts_booking AFTER UPDATE OF department_id ON bookings
WHEN OLD.department_id IS NOT NEW.department_id
BEGIN
    INSERT INTO placement_day_counts (department_id, live, end_day, pairs, n)
    SELECT department, s.deleted_at IS NULL, substr(s.end_at, 1, 10), s.pairs, sign * COUNT(*)
    FROM placement_states s, (SELECT OLD.department_id AS department, -1 AS sign UNION ALL SELECT NEW.department_id, 1)
    WHERE s.booking_id = NEW.id
    GROUP BY department, sign, s.deleted_at IS NULL, substr(s.end_at, 1, 10), s.pairs
    ON CONFLICT (department_id, live, end_day, pairs) DO UPDATE SET n = n + excluded.n;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER placement_day_counts_booking;
DROP TRIGGER placement_day_counts_update;
DROP TRIGGER placement_day_counts_delete;
DROP TRIGGER placement_day_counts_insert;
DROP TABLE placement_day_counts;
