-- +goose Up
-- Issue 19: an entity's own booking rules. The working-time guard's limits (the rest between two
-- placements, the days in a row, the weekly rest) and the times the holds and answer-by
-- reminders read. No row means the defaults (the UK's Working Time Regulations, 24 h, 2 h):
-- internal/bookings/bookingrules is the one reader and writer.
CREATE TABLE entity_booking_rules (
    entity_id                BIGINT PRIMARY KEY REFERENCES entities (id) ON DELETE CASCADE,
    daily_rest_minutes       INTEGER NOT NULL,
    max_days_in_row          INTEGER NOT NULL,
    weekly_rest_minutes      INTEGER NOT NULL,
    hold_challenge_minutes   INTEGER NOT NULL,
    answer_reminder_minutes  INTEGER NOT NULL,
    updated_by               BIGINT REFERENCES users (id) ON DELETE SET NULL,
    updated_at               TIMESTAMPTZ NOT NULL,
    version                  INTEGER NOT NULL DEFAULT 1
);

-- A manager's justified override of the working-time guard for one instruction: with it, that
-- instruction's accept is not refused for rest (overlaps still are). One per instruction; a
-- second one replaces the reason (each is audited on the instruction).
CREATE TABLE working_time_overrides (
    instruction_id  BIGINT PRIMARY KEY REFERENCES instructions (id) ON DELETE CASCADE,
    reason          TEXT    NOT NULL,
    created_by      BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at      TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE working_time_overrides;
DROP TABLE entity_booking_rules;
