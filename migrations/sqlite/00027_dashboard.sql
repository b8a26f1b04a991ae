-- +goose Up
-- The dashboard's time from offer to answer (internal/dashboard, store.go: answers) looks up
-- each instruction's first status change event that left its supplier side accepted or
-- rejected. This index holds exactly those events (its predicate is the query's own), so each
-- lookup reads the index alone; booking_events
-- had no index by instruction. PostgreSQL's twin is migrations/postgres/00027.
CREATE INDEX booking_events_answer ON booking_events (instruction_id, created_at)
    WHERE kind = 'instruction.status_changed'
    AND json_extract(payload_json, '$.supplierStatus') IN ('accepted', 'rejected');

-- The dashboard's other reads of instructions (money, freelancers) take the live ones whose
-- placement falls in a date range: this index holds every column they read, in date order, so
-- they read a range of it and not the whole table.
CREATE INDEX instructions_dashboard ON instructions
    (placement_local_date, supplier_status, client_status, user_id, placement_id, booking_id,
     sell_rate_minor, sell_currency, sell_period, buy_rate_minor, buy_currency, buy_period, created_at)
    WHERE deleted_at IS NULL;

-- +goose Down
DROP INDEX instructions_dashboard;
DROP INDEX booking_events_answer;
