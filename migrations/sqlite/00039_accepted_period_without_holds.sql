-- +goose Up
-- The working-time guard's bulk read (internal/bookings acceptedShifts, acceptedInstruction) gained
-- "and not a hold" when pencils came (migration 00037). The partial index of migration 00035 did
-- not say so, so every row of its range was looked up in the table to read kind: available
-- suppliers went from 23 to 140 ms (p95, SQLite, bookingbench). The index is made again with the
-- predicate the query states, so the read is once more one range of the index alone. SQLite still tests every term of the
-- query's WHERE on the row, implied by the index's or not, so the index carries each column the
-- predicate names (PostgreSQL drops the implied terms and needs only the predicate: its twin).
DROP INDEX instructions_accepted_period;
CREATE INDEX instructions_accepted_period ON instructions (placement_start_at, placement_end_at, user_id, placement_id, id,
    kind, deleted_at, supplier_status, client_status)
    WHERE deleted_at IS NULL AND supplier_status IN ('accepted', 'awaiting_response')
    AND client_status NOT IN ('rejected', 'cancelled') AND supplier_status = 'accepted' AND kind <> 'hold';

-- +goose Down
DROP INDEX instructions_accepted_period;
CREATE INDEX instructions_accepted_period ON instructions (placement_start_at, placement_end_at, user_id, placement_id, id)
    WHERE deleted_at IS NULL AND supplier_status IN ('accepted', 'awaiting_response')
    AND client_status NOT IN ('rejected', 'cancelled') AND supplier_status = 'accepted';
