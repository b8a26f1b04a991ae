-- +goose Up
-- Each instruction carries a copy of its placement's period, so that "whose time is held
-- between these instants" is one range read of one index (available suppliers) instead of a
-- join of thousands of placements to their instructions. The copies are the database's to
-- keep: the triggers below write them whatever inserts an instruction or moves a placement, so
-- no code path can forget them. (PostgreSQL's twin is migrations/postgres/00012.)
ALTER TABLE instructions ADD COLUMN placement_start_at TIMESTAMP;
ALTER TABLE instructions ADD COLUMN placement_end_at TIMESTAMP;
ALTER TABLE instructions ADD COLUMN placement_local_date TEXT;

UPDATE instructions SET placement_start_at = p.start_at, placement_end_at = p.end_at,
    placement_local_date = p.local_date
FROM placements p WHERE p.id = instructions.placement_id;

-- +goose StatementBegin
CREATE TRIGGER instructions_copy_period AFTER INSERT ON instructions
BEGIN
    UPDATE instructions SET (placement_start_at, placement_end_at, placement_local_date) =
        (SELECT start_at, end_at, local_date FROM placements WHERE id = NEW.placement_id)
    WHERE id = NEW.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER instructions_recopy_period AFTER UPDATE OF placement_id ON instructions
BEGIN
    UPDATE instructions SET (placement_start_at, placement_end_at, placement_local_date) =
        (SELECT start_at, end_at, local_date FROM placements WHERE id = NEW.placement_id)
    WHERE id = NEW.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placements_share_period AFTER UPDATE OF start_at, end_at, local_date ON placements
BEGIN
    UPDATE instructions SET placement_start_at = NEW.start_at, placement_end_at = NEW.end_at,
        placement_local_date = NEW.local_date
    WHERE placement_id = NEW.id;
END;
-- +goose StatementEnd

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
DROP TRIGGER placements_share_period;
DROP TRIGGER instructions_recopy_period;
DROP TRIGGER instructions_copy_period;
ALTER TABLE instructions DROP COLUMN placement_local_date;
ALTER TABLE instructions DROP COLUMN placement_end_at;
ALTER TABLE instructions DROP COLUMN placement_start_at;
