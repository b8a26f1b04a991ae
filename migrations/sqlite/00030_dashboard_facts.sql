-- +goose Up
-- The dashboard's read model (internal/dashboard/facts): one row per live placement and one per
-- live instruction that the dashboard counts, refreshed by the bookings feature in the
-- transaction of each change. The dashboard groups these narrow rows by date range instead of
-- joining placements, instructions, bookings and booking_events on every request.
CREATE TABLE dashboard_placements (
    placement_id    BIGINT  PRIMARY KEY,
    department_id   BIGINT  NOT NULL,
    job_template_id BIGINT,
    local_date      TEXT    NOT NULL,
    worst_rank      INTEGER NOT NULL,
    filled          INTEGER NOT NULL
);
-- The dashboard groups these rows by the leading columns of an index, so the database reads
-- them in group order and sorts nothing.
CREATE INDEX dashboard_placements_day ON dashboard_placements (local_date, worst_rank, filled, department_id);
CREATE INDEX dashboard_placements_job ON dashboard_placements (job_template_id, local_date, department_id);

CREATE TABLE dashboard_instructions (
    instruction_id  BIGINT  PRIMARY KEY,
    placement_id    BIGINT  NOT NULL,
    department_id   BIGINT  NOT NULL,
    local_date      TEXT    NOT NULL,
    user_id         BIGINT  NOT NULL,
    green           INTEGER NOT NULL,
    answer_minute   BIGINT,
    sell_rate_minor BIGINT  NOT NULL,
    sell_currency   TEXT    NOT NULL,
    sell_period     TEXT    NOT NULL,
    buy_rate_minor  BIGINT  NOT NULL,
    buy_currency    TEXT    NOT NULL,
    buy_period      TEXT    NOT NULL,
    paid_minutes    BIGINT  NOT NULL
);
CREATE INDEX dashboard_instructions_placement ON dashboard_instructions (placement_id);
-- Likewise money, the freelancers with most accepted work and the time to answer.
CREATE INDEX dashboard_instructions_money ON dashboard_instructions
    (sell_currency, sell_period, buy_currency, buy_period, department_id, local_date, green,
     sell_rate_minor, buy_rate_minor, paid_minutes)
    WHERE green = 1;
CREATE INDEX dashboard_instructions_accepted ON dashboard_instructions (user_id, local_date, department_id, green)
    WHERE green = 1;
CREATE INDEX dashboard_instructions_answer ON dashboard_instructions (answer_minute, local_date, department_id)
    WHERE answer_minute IS NOT NULL;

-- Which version of the facts' shape is built (facts.EnsureBuilt rebuilds any other).
CREATE TABLE dashboard_state (
    id      INTEGER PRIMARY KEY,
    version INTEGER NOT NULL
);

-- The dashboard no longer reads instructions itself (00027's covering index served it).
DROP INDEX instructions_dashboard;

-- +goose Down
CREATE INDEX instructions_dashboard ON instructions
    (placement_local_date, supplier_status, client_status, user_id, placement_id, booking_id,
     sell_rate_minor, sell_currency, sell_period, buy_rate_minor, buy_currency, buy_period, created_at)
    WHERE deleted_at IS NULL;
DROP TABLE dashboard_state;
DROP TABLE dashboard_instructions;
DROP TABLE dashboard_placements;
