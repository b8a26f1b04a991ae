-- +goose Up
-- A department manager's agenda counts (internal/agenda) read placement_states through their
-- departments' bookings: this index holds each booking's rows with every column those reads
-- test, so they start from the department's bookings instead of testing each open placement of
-- every department for its booking's department. Twin: migrations/sqlite/00033.
CREATE INDEX placement_states_booking ON placement_states (booking_id, end_at, start_at, pairs, local_date, deleted_at);

-- +goose Down
DROP INDEX placement_states_booking;
