-- +goose Up
-- Issue 19: an entity's own booking rules. The working-time guard's limits (the rest between two
-- placements, the days in a row, the weekly rest) and the times the holds and answer-by
-- reminders read. No row means the defaults (the UK's Working Time Regulations, 24 h, 2 h):
-- internal/bookings/bookingrules is the one reader and writer.
CREATE TABLE entity_booking_rules (
    entity_id                INTEGER PRIMARY KEY REFERENCES entities (id) ON DELETE CASCADE,
    daily_rest_minutes       INTEGER NOT NULL,
    max_days_in_row          INTEGER NOT NULL,
    weekly_rest_minutes      INTEGER NOT NULL,
    hold_challenge_minutes   INTEGER NOT NULL,
    answer_reminder_minutes  INTEGER NOT NULL,
    updated_by               INTEGER REFERENCES users (id) ON DELETE SET NULL,
    updated_at               TIMESTAMP NOT NULL,
    version                  INTEGER NOT NULL DEFAULT 1
);

-- A manager's justified override of the working-time guard for one instruction: with it, that
-- instruction's accept is not refused for rest (overlaps still are). One per instruction; a
-- second one replaces the reason (each is audited on the instruction).
CREATE TABLE working_time_overrides (
    instruction_id  INTEGER PRIMARY KEY REFERENCES instructions (id) ON DELETE CASCADE,
    reason          TEXT    NOT NULL,
    created_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at      TIMESTAMP NOT NULL
);

-- The working-time guard reads the accepted work of every candidate near a selection (available
-- suppliers, internal/bookings acceptedShifts): by period, from the instruction's copy of its
-- placement's (migration 00012), with exactly the predicate of acceptedInstruction, so the read is
-- one range of this index and touches no table row.
CREATE INDEX instructions_accepted_period ON instructions (placement_start_at, placement_end_at, user_id, placement_id, id)
    WHERE deleted_at IS NULL AND supplier_status IN ('accepted', 'awaiting_response')
    AND client_status NOT IN ('rejected', 'cancelled') AND supplier_status = 'accepted';

-- +goose Down
DROP INDEX instructions_accepted_period;
DROP TABLE working_time_overrides;
DROP TABLE entity_booking_rules;
