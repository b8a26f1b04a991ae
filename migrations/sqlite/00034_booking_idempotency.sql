-- +goose Up
-- A client that sends POST /booking again after losing the answer (a dropped connection, a node
-- killed mid-request, a double click) names the same Idempotency-Key, and gets the booking the
-- first request made instead of a second one (internal/bookings, store.go Create). The key is the
-- creator's own: another user's same key is another booking. idempotency_request is a hash of
-- the request, so a key reused for a different booking is refused rather than answered with the
-- wrong one. Old bookings have neither.
ALTER TABLE bookings ADD COLUMN idempotency_key TEXT;
ALTER TABLE bookings ADD COLUMN idempotency_request TEXT;
CREATE UNIQUE INDEX bookings_idempotency ON bookings (created_by, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- +goose Down
DROP INDEX bookings_idempotency;
ALTER TABLE bookings DROP COLUMN idempotency_request;
ALTER TABLE bookings DROP COLUMN idempotency_key;
