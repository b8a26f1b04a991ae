-- +goose Up
-- placement_states (migration 00029) also counts each placement's instructions that are not
-- deleted by (supplier, client) status pair, and the instructions that substitute another
-- (deleted or not), so the scheduler's month view reads a placement's counts with the placement
-- instead of counting its instructions on every call (internal/scheduler, groupPlacements). As
-- with pairs, the rules (which pair has which colour, what a substitution changes) stay in Go.
--
-- pair_counts_S holds the instructions whose supplier status has position S (numbered as for
-- pairs), 10 bits per client status position C: (pair_counts_S >> (10 * C)) & 1023. A placement
-- has far fewer than 1,024 instructions of one pair. bookings.PairCounts reads them.
-- (SQLite's twin is migrations/sqlite/00031.)
ALTER TABLE placement_states ADD COLUMN pair_counts_0 BIGINT NOT NULL DEFAULT 0, ADD COLUMN pair_counts_1 BIGINT NOT NULL DEFAULT 0, ADD COLUMN pair_counts_2 BIGINT NOT NULL DEFAULT 0, ADD COLUMN pair_counts_3 BIGINT NOT NULL DEFAULT 0, ADD COLUMN pair_counts_4 BIGINT NOT NULL DEFAULT 0, ADD COLUMN pair_counts_5 BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN substitutions INTEGER NOT NULL DEFAULT 0;

-- placement_state_refresh rewrites one placement's row from the placement and its instructions
-- (none when the placement is gone).
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION placement_state_refresh(placement BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO placement_states (placement_id, booking_id, local_date, start_at, end_at, deleted_at, pairs, pair_counts_0, pair_counts_1, pair_counts_2, pair_counts_3, pair_counts_4, pair_counts_5, substitutions)
    SELECT p.id, p.booking_id, p.local_date, p.start_at, p.end_at, p.deleted_at, a.*
    FROM placements p, LATERAL (SELECT
        CAST(COALESCE(SUM(DISTINCT CASE WHEN i.deleted_at IS NULL THEN CAST(1 AS BIGINT) << (6 * (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) END), 0) AS BIGINT),
        CAST(COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 0 THEN CAST(1 AS BIGINT) << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0) AS BIGINT),
        CAST(COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 1 THEN CAST(1 AS BIGINT) << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0) AS BIGINT),
        CAST(COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 2 THEN CAST(1 AS BIGINT) << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0) AS BIGINT),
        CAST(COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 3 THEN CAST(1 AS BIGINT) << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0) AS BIGINT),
        CAST(COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 4 THEN CAST(1 AS BIGINT) << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0) AS BIGINT),
        CAST(COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 5 THEN CAST(1 AS BIGINT) << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0) AS BIGINT),
        CAST(COALESCE(SUM(CASE WHEN i.substitution_of_id IS NOT NULL THEN 1 ELSE 0 END), 0) AS BIGINT)
        FROM instructions i WHERE i.placement_id = p.id) a
    WHERE p.id = placement
    ON CONFLICT (placement_id) DO UPDATE SET booking_id = EXCLUDED.booking_id, local_date = EXCLUDED.local_date,
        start_at = EXCLUDED.start_at, end_at = EXCLUDED.end_at, deleted_at = EXCLUDED.deleted_at,
        pairs = EXCLUDED.pairs, pair_counts_0 = EXCLUDED.pair_counts_0, pair_counts_1 = EXCLUDED.pair_counts_1, pair_counts_2 = EXCLUDED.pair_counts_2, pair_counts_3 = EXCLUDED.pair_counts_3, pair_counts_4 = EXCLUDED.pair_counts_4, pair_counts_5 = EXCLUDED.pair_counts_5, substitutions = EXCLUDED.substitutions
$$;
-- +goose StatementEnd

SELECT placement_state_refresh(id) FROM placements;

DROP TRIGGER placement_states_instruction ON instructions;
CREATE CONSTRAINT TRIGGER placement_states_instruction
    AFTER INSERT OR UPDATE OF placement_id, supplier_status, client_status, deleted_at, substitution_of_id OR DELETE
    ON instructions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION placement_states_from_instruction();

-- +goose Down
DROP TRIGGER placement_states_instruction ON instructions;
CREATE CONSTRAINT TRIGGER placement_states_instruction
    AFTER INSERT OR UPDATE OF placement_id, supplier_status, client_status, deleted_at OR DELETE ON instructions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION placement_states_from_instruction();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION placement_state_refresh(placement BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO placement_states (placement_id, booking_id, local_date, start_at, end_at, deleted_at, pairs)
    SELECT p.id, p.booking_id, p.local_date, p.start_at, p.end_at, p.deleted_at, placement_state_pairs(p.id)
    FROM placements p WHERE p.id = placement
    ON CONFLICT (placement_id) DO UPDATE SET booking_id = EXCLUDED.booking_id, local_date = EXCLUDED.local_date,
        start_at = EXCLUDED.start_at, end_at = EXCLUDED.end_at, deleted_at = EXCLUDED.deleted_at,
        pairs = EXCLUDED.pairs
$$;
-- +goose StatementEnd
ALTER TABLE placement_states DROP COLUMN pair_counts_0, DROP COLUMN pair_counts_1, DROP COLUMN pair_counts_2, DROP COLUMN pair_counts_3, DROP COLUMN pair_counts_4, DROP COLUMN pair_counts_5, DROP COLUMN substitutions;
