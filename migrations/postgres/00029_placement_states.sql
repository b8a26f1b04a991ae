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
-- (SQLite's twin is migrations/sqlite/00029.)
CREATE TABLE placement_states (
    placement_id  BIGINT PRIMARY KEY REFERENCES placements (id) ON DELETE CASCADE,
    booking_id    BIGINT NOT NULL,
    local_date    TEXT   NOT NULL,
    start_at      TIMESTAMPTZ NOT NULL,
    end_at        TIMESTAMPTZ NOT NULL,
    deleted_at    TIMESTAMPTZ,
    pairs         BIGINT NOT NULL DEFAULT 0
);
-- The open placements of the agenda's tabs (not cancelled, not ended): a range of end_at,
-- with every column the counts read, for an index-only scan.
CREATE INDEX placement_states_open ON placement_states (end_at, pairs, booking_id, local_date, start_at)
    WHERE deleted_at IS NULL;

-- +goose StatementBegin
CREATE FUNCTION placement_state_pairs(placement BIGINT) RETURNS BIGINT LANGUAGE sql STABLE AS $$
    SELECT COALESCE(CAST(SUM(DISTINCT CAST(1 AS BIGINT) << (6 * (CASE i.supplier_status
        WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3
        WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0
        WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)))
        AS BIGINT), 0)
    FROM instructions i WHERE i.placement_id = placement AND i.deleted_at IS NULL
$$;
-- +goose StatementEnd

INSERT INTO placement_states (placement_id, booking_id, local_date, start_at, end_at, deleted_at, pairs)
SELECT p.id, p.booking_id, p.local_date, p.start_at, p.end_at, p.deleted_at, placement_state_pairs(p.id)
FROM placements p;

-- placement_state_refresh rewrites one placement's row from the placement and its instructions
-- (none when the placement is gone).
-- +goose StatementBegin
CREATE FUNCTION placement_state_refresh(placement BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO placement_states (placement_id, booking_id, local_date, start_at, end_at, deleted_at, pairs)
    SELECT p.id, p.booking_id, p.local_date, p.start_at, p.end_at, p.deleted_at, placement_state_pairs(p.id)
    FROM placements p WHERE p.id = placement
    ON CONFLICT (placement_id) DO UPDATE SET booking_id = EXCLUDED.booking_id, local_date = EXCLUDED.local_date,
        start_at = EXCLUDED.start_at, end_at = EXCLUDED.end_at, deleted_at = EXCLUDED.deleted_at,
        pairs = EXCLUDED.pairs
$$;
-- +goose StatementEnd

-- The triggers are deferred to the commit, so a transaction locks a placement's row here only
-- after every placement and instruction row it writes: a cancellation (the placement, then its
-- instructions) and an answer on one of them (the instruction, then this row) cannot wait on
-- each other in a cycle.
-- +goose StatementBegin
CREATE FUNCTION placement_states_from_placement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM placement_state_refresh(NEW.id);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE CONSTRAINT TRIGGER placement_states_placement
    AFTER INSERT OR UPDATE OF booking_id, local_date, start_at, end_at, deleted_at ON placements
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION placement_states_from_placement();

-- +goose StatementBegin
CREATE FUNCTION placement_states_from_instruction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM placement_state_refresh(OLD.placement_id);
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.placement_id <> OLD.placement_id) THEN
        PERFORM placement_state_refresh(NEW.placement_id);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE CONSTRAINT TRIGGER placement_states_instruction
    AFTER INSERT OR UPDATE OF placement_id, supplier_status, client_status, deleted_at OR DELETE ON instructions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION placement_states_from_instruction();

-- +goose Down
DROP TRIGGER placement_states_instruction ON instructions;
DROP FUNCTION placement_states_from_instruction();
DROP TRIGGER placement_states_placement ON placements;
DROP FUNCTION placement_states_from_placement();
DROP FUNCTION placement_state_refresh(BIGINT);
DROP TABLE placement_states;
DROP FUNCTION placement_state_pairs(BIGINT);
