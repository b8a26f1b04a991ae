-- +goose Up
-- placement_states is a read model of bookings' tables, one row per placement: the placement's
-- period, date and cancellation, and the set of (supplier, client) status pairs its instructions
-- that are not deleted hold. The agenda counts a manager's tabs from it (internal/agenda,
-- managerCounts): one narrow index range instead of joining tens of thousands of placements
-- to their instructions. The rows are the database's to keep: the triggers below rewrite a
-- placement's row whatever inserts, changes or deletes the placement or one of its
-- instructions, so no code path can forget them. The rules (which pairs make a tab, which are
-- live) stay in Go; this only records which pairs occur.
--
-- A pair is one bit: 1 << (6 * s + c), with s and c the position of the supplier and client
-- status in (awaiting_response, accepted, rejected, cancelled, unknown), 5 for anything else.
-- bookings.StatePairsMask is the Go side of this numbering; its test checks the two agree.
-- (PostgreSQL's twin is migrations/postgres/00029.)
CREATE TABLE placement_states (
    placement_id  INTEGER PRIMARY KEY REFERENCES placements (id) ON DELETE CASCADE,
    booking_id    INTEGER NOT NULL,
    local_date    TEXT    NOT NULL,
    start_at      TIMESTAMP NOT NULL,
    end_at        TIMESTAMP NOT NULL,
    deleted_at    TIMESTAMP,
    pairs         INTEGER NOT NULL DEFAULT 0
);
-- The open placements of the agenda's tabs (not cancelled, not ended): a range of end_at,
-- with every column the counts read (deleted_at too: SQLite reads the table for a column of the
-- predicate that the index does not hold).
CREATE INDEX placement_states_open ON placement_states (end_at, pairs, booking_id, local_date, start_at, deleted_at)
    WHERE deleted_at IS NULL;

INSERT INTO placement_states (placement_id, booking_id, local_date, start_at, end_at, deleted_at, pairs)
SELECT p.id, p.booking_id, p.local_date, p.start_at, p.end_at, p.deleted_at,
    COALESCE((SELECT SUM(DISTINCT 1 << (6 * (CASE i.supplier_status WHEN 'awaiting_response' THEN 0
        WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)
        + (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2
        WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)))
        FROM instructions i WHERE i.placement_id = p.id AND i.deleted_at IS NULL), 0)
FROM placements p;

-- +goose StatementBegin
CREATE TRIGGER placement_states_insert AFTER INSERT ON placements
BEGIN
    INSERT INTO placement_states (placement_id, booking_id, local_date, start_at, end_at, deleted_at)
    VALUES (NEW.id, NEW.booking_id, NEW.local_date, NEW.start_at, NEW.end_at, NEW.deleted_at);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_states_update AFTER UPDATE OF booking_id, local_date, start_at, end_at, deleted_at ON placements
BEGIN
    UPDATE placement_states SET booking_id = NEW.booking_id, local_date = NEW.local_date,
        start_at = NEW.start_at, end_at = NEW.end_at, deleted_at = NEW.deleted_at
    WHERE placement_id = NEW.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_states_instruction_insert AFTER INSERT ON instructions
BEGIN
    UPDATE placement_states SET pairs = COALESCE((SELECT SUM(DISTINCT 1 << (6 * (CASE i.supplier_status
        WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3
        WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0
        WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)))
        FROM instructions i WHERE i.placement_id = NEW.placement_id AND i.deleted_at IS NULL), 0)
    WHERE placement_id = NEW.placement_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_states_instruction_update
AFTER UPDATE OF placement_id, supplier_status, client_status, deleted_at ON instructions
BEGIN
    UPDATE placement_states SET pairs = COALESCE((SELECT SUM(DISTINCT 1 << (6 * (CASE i.supplier_status
        WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3
        WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0
        WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)))
        FROM instructions i WHERE i.placement_id = placement_states.placement_id AND i.deleted_at IS NULL), 0)
    WHERE placement_id IN (NEW.placement_id, OLD.placement_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_states_instruction_delete AFTER DELETE ON instructions
BEGIN
    UPDATE placement_states SET pairs = COALESCE((SELECT SUM(DISTINCT 1 << (6 * (CASE i.supplier_status
        WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3
        WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0
        WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)))
        FROM instructions i WHERE i.placement_id = OLD.placement_id AND i.deleted_at IS NULL), 0)
    WHERE placement_id = OLD.placement_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER placement_states_instruction_delete;
DROP TRIGGER placement_states_instruction_update;
DROP TRIGGER placement_states_instruction_insert;
DROP TRIGGER placement_states_update;
DROP TRIGGER placement_states_insert;
DROP TABLE placement_states;
