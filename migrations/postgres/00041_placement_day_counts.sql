-- +goose Up
-- placement_day_counts counts bookings' read model placement_states (migration 00029) by
-- department, the UTC day a placement ends, its status pairs and whether it is live (not
-- cancelled). A manager's agenda counts (internal/agenda, openCountsByDay) add up a few hundred
-- of these rows for the placements ending after today and read today's row by row: counting
-- 125,000 open placements one by one took 150 ms and more, on every page's total and every tab
-- count of an administrator or a client manager. Department 0 counts every department's
-- placements (an administrator's scope) so that it reads as few rows as anyone's. The rows
-- are the database's to keep, as placement_states is: the trigger below moves a placement
-- between counts whenever its row of placement_states changes (at commit, as that row is
-- written), so no code path can forget them. It holds no rule: the agenda tests the pairs
-- against its tab masks in Go. A count may be 0 once its placements have moved on.
-- (SQLite's twin is migrations/sqlite/00041.)
CREATE TABLE placement_day_counts (
    department_id BIGINT  NOT NULL,
    live          BOOLEAN NOT NULL,
    end_day       TEXT    NOT NULL,
    pairs         BIGINT  NOT NULL,
    n             BIGINT  NOT NULL,
    PRIMARY KEY (department_id, live, end_day, pairs)
) WITH (fillfactor = 50); -- room on each page, so a count's new version stays there (HOT)

INSERT INTO placement_day_counts (department_id, live, end_day, pairs, n)
SELECT b.department_id, s.deleted_at IS NULL, to_char(s.end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), s.pairs, COUNT(*)
FROM placement_states s JOIN bookings b ON b.id = s.booking_id
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4; -- a department's counts together, on few pages
INSERT INTO placement_day_counts (department_id, live, end_day, pairs, n)
SELECT 0, s.deleted_at IS NULL, to_char(s.end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), s.pairs, COUNT(*)
FROM placement_states s
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;

-- placement_day_counts_apply adds changes (department, live, day, pairs, delta) to the counts in
-- the order of their keys, so two transactions moving placements between the same counts lock
-- them in one order and cannot wait on each other in a cycle.
-- +goose StatementBegin
CREATE FUNCTION placement_day_counts_apply(changes placement_day_counts[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO placement_day_counts (department_id, live, end_day, pairs, n)
    SELECT c.department_id, c.live, c.end_day, c.pairs, SUM(c.n) FROM unnest(changes) c
    GROUP BY 1, 2, 3, 4 HAVING SUM(c.n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (department_id, live, end_day, pairs) DO UPDATE SET n = placement_day_counts.n + EXCLUDED.n
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION placement_day_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changes placement_day_counts[] := '{}';
BEGIN
    IF TG_OP <> 'INSERT' THEN
        changes := changes || ARRAY(
            SELECT ROW(d, OLD.deleted_at IS NULL, to_char(OLD.end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), OLD.pairs, -1)::placement_day_counts
            FROM (SELECT 0 AS d UNION ALL SELECT b.department_id FROM bookings b WHERE b.id = OLD.booking_id) ds);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        changes := changes || ARRAY(
            SELECT ROW(d, NEW.deleted_at IS NULL, to_char(NEW.end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), NEW.pairs, 1)::placement_day_counts
            FROM (SELECT 0 AS d UNION ALL SELECT b.department_id FROM bookings b WHERE b.id = NEW.booking_id) ds);
    END IF;
    PERFORM placement_day_counts_apply(changes);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER placement_day_counts_move
    AFTER INSERT OR UPDATE OF booking_id, end_at, deleted_at, pairs OR DELETE ON placement_states
    FOR EACH ROW EXECUTE FUNCTION placement_day_counts_move();

-- A booking moved to another department takes its placements' counts along.
-- +goose StatementBegin
CREATE FUNCTION placement_day_counts_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM placement_day_counts_apply(ARRAY(
        SELECT ROW(ds.d, s.deleted_at IS NULL, to_char(s.end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), s.pairs, ds.sign)::placement_day_counts
        FROM placement_states s, (VALUES (OLD.department_id, -1), (NEW.department_id, 1)) ds (d, sign)
        WHERE s.booking_id = NEW.id));
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER placement_day_counts_booking AFTER UPDATE OF department_id ON bookings
    FOR EACH ROW WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id)
    EXECUTE FUNCTION placement_day_counts_booking();

-- +goose Down
DROP TRIGGER placement_day_counts_booking ON bookings;
DROP FUNCTION placement_day_counts_booking();
DROP TRIGGER placement_day_counts_move ON placement_states;
DROP FUNCTION placement_day_counts_move();
DROP FUNCTION placement_day_counts_apply(placement_day_counts[]);
DROP TABLE placement_day_counts;
