-- +goose Up
-- The money rule (internal/bookings/status count.go): each instruction fact says how its money
-- counts, 'confirmed' (accepted by both sides), 'pipeline' (its placement's one open offer),
-- 'alternative' (another open offer of a placement counted already) or 'nothing'. The dashboard
-- sums the confirmed and the pipeline apart. facts.Version 2 rebuilds the facts at start.
ALTER TABLE dashboard_instructions ADD COLUMN counted TEXT NOT NULL DEFAULT 'nothing';
-- The money figure groups by the leading columns, counted first, and reads nothing else.
DROP INDEX dashboard_instructions_money;
CREATE INDEX dashboard_instructions_money ON dashboard_instructions
    (counted, sell_currency, sell_period, buy_currency, buy_period, department_id, local_date,
     sell_rate_minor, buy_rate_minor, paid_minutes)
    WHERE counted IN ('confirmed', 'pipeline');

-- +goose Down
DROP INDEX dashboard_instructions_money;
CREATE INDEX dashboard_instructions_money ON dashboard_instructions
    (sell_currency, sell_period, buy_currency, buy_period, department_id, local_date, green,
     sell_rate_minor, buy_rate_minor, paid_minutes)
    WHERE green = 1;
ALTER TABLE dashboard_instructions DROP COLUMN counted;
