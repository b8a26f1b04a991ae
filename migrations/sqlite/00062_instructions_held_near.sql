-- +goose Up
-- Available suppliers reads the time held near a selection once (internal/bookings/suppliers
-- heldNear): per period, the holders in other bookings and the accepted work the commitment
-- rule judges, told apart by booking_id, supplier_status and kind. This index carries them, so
-- the read is one range of the index alone per window. SQLite tests every term of the query's
-- WHERE on the row, implied by the index's predicate or not, so the index carries each column
-- the predicate names (PostgreSQL's twin includes only what the read returns). It starts with
-- instructions_held_period's columns and predicate and so replaces it (BusyUsers reads it too).
CREATE INDEX instructions_held_near ON instructions (placement_start_at, placement_end_at, placement_local_date,
    user_id, placement_id, booking_id, supplier_status, kind, deleted_at, client_status)
    WHERE deleted_at IS NULL AND supplier_status IN ('accepted', 'awaiting_response')
    AND client_status NOT IN ('rejected', 'cancelled');
DROP INDEX instructions_held_period;

-- +goose Down
CREATE INDEX instructions_held_period ON instructions
    (placement_start_at, placement_end_at, placement_local_date, user_id, booking_id)
    WHERE deleted_at IS NULL AND supplier_status IN ('accepted', 'awaiting_response')
    AND client_status NOT IN ('rejected', 'cancelled');
DROP INDEX instructions_held_near;
