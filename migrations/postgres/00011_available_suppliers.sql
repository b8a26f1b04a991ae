-- +goose Up
-- Available suppliers read the periods of the live placements starting in a few time ranges,
-- grouped by period: this index holds them in that order, so the read needs neither the table
-- nor a sort.
CREATE INDEX placements_live_period ON placements (start_at, end_at, local_date, booking_id)
    WHERE deleted_at IS NULL;
-- ... then, per placement, the instructions that hold their freelancer's time: only those are
-- in this index (its predicate is the query's own, holdsTimeSQL in internal/bookings).
CREATE INDEX instructions_holding ON instructions (placement_id, user_id)
    WHERE deleted_at IS NULL AND supplier_status IN ('accepted', 'awaiting_response')
    AND client_status NOT IN ('rejected', 'cancelled');
-- ... and the unavailable dates of a date range, whoever marked them (UNIQUE (user_id, date)
-- serves one user's dates).
CREATE INDEX unavailability_date ON unavailability (date, user_id);

-- +goose Down
DROP INDEX unavailability_date;
DROP INDEX instructions_holding;
DROP INDEX placements_live_period;
