-- +goose Up
-- Each instruction carries a copy of its placement's period, so that "whose time is held
-- between these instants" is one range read of one index (available suppliers) instead of a
-- join of thousands of placements to their instructions. The copies are the database's to
-- keep: the triggers below write them whatever inserts an instruction or moves a placement, so
-- no code path can forget them. (SQLite's twin is migrations/sqlite/00012.)
ALTER TABLE instructions ADD COLUMN placement_start_at TIMESTAMPTZ,
    ADD COLUMN placement_end_at TIMESTAMPTZ, ADD COLUMN placement_local_date TEXT;

UPDATE instructions SET placement_start_at = p.start_at, placement_end_at = p.end_at,
    placement_local_date = p.local_date
FROM placements p WHERE p.id = instructions.placement_id;

-- +goose StatementBegin
CREATE FUNCTION instructions_copy_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT p.start_at, p.end_at, p.local_date
        INTO NEW.placement_start_at, NEW.placement_end_at, NEW.placement_local_date
        FROM placements p WHERE p.id = NEW.placement_id;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER instructions_copy_period BEFORE INSERT OR UPDATE OF placement_id ON instructions
    FOR EACH ROW EXECUTE FUNCTION instructions_copy_period();

-- +goose StatementBegin
CREATE FUNCTION placements_share_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE instructions SET placement_start_at = NEW.start_at, placement_end_at = NEW.end_at,
        placement_local_date = NEW.local_date
    WHERE placement_id = NEW.id;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER placements_share_period AFTER UPDATE OF start_at, end_at, local_date ON placements
    FOR EACH ROW WHEN (OLD.start_at IS DISTINCT FROM NEW.start_at OR OLD.end_at IS DISTINCT FROM NEW.end_at
        OR OLD.local_date IS DISTINCT FROM NEW.local_date)
    EXECUTE FUNCTION placements_share_period();

-- The live instructions that hold their freelancer's time, by period: its predicate is the
-- query's own (holdsTimeSQL in internal/bookings), and it holds every column the read needs,
-- in the order it groups by. It replaces instructions_holding, read only by that query.
CREATE INDEX instructions_held_period ON instructions
    (placement_start_at, placement_end_at, placement_local_date, user_id, booking_id)
    WHERE deleted_at IS NULL AND supplier_status IN ('accepted', 'awaiting_response')
    AND client_status NOT IN ('rejected', 'cancelled');
DROP INDEX instructions_holding;

-- +goose Down
CREATE INDEX instructions_holding ON instructions (placement_id, user_id)
    WHERE deleted_at IS NULL AND supplier_status IN ('accepted', 'awaiting_response')
    AND client_status NOT IN ('rejected', 'cancelled');
DROP INDEX instructions_held_period;
DROP TRIGGER placements_share_period ON placements;
DROP FUNCTION placements_share_period();
DROP TRIGGER instructions_copy_period ON instructions;
DROP FUNCTION instructions_copy_period();
ALTER TABLE instructions DROP COLUMN placement_local_date, DROP COLUMN placement_end_at,
    DROP COLUMN placement_start_at;
