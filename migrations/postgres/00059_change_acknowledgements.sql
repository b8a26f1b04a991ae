-- +goose Up
-- A material change (date, times, unpaid breaks, title, notes, the department's address) to a
-- placement whose freelancer had accepted marks that instruction as changed, awaiting their
-- acknowledgement; change_json holds what they last saw (before), what it is now (after) and the
-- fields that differ. Both answers of the instruction stay as they were. The row goes when the freelancer
-- acknowledges, when the change is reverted, or when the instruction is no longer accepted
-- (internal/bookings/acknowledge is the one writer). since is when the first unacknowledged
-- change was made; reminded_at and escalated_at are the deadlines worker's delivery marks.
CREATE TABLE instruction_acknowledgements (
    instruction_id  BIGINT PRIMARY KEY REFERENCES instructions (id) ON DELETE CASCADE,
    placement_id    BIGINT NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    change_json     TEXT NOT NULL,
    since           TIMESTAMPTZ NOT NULL,
    changed_at      TIMESTAMPTZ NOT NULL,
    reminded_at     TIMESTAMPTZ,
    escalated_at    TIMESTAMPTZ
);
CREATE INDEX instruction_acknowledgements_placement ON instruction_acknowledgements (placement_id);
CREATE INDEX instruction_acknowledgements_since ON instruction_acknowledgements (since);

-- How long a change may wait for its acknowledgement before the freelancer is reminded, and
-- before the booking's managers are told (an entity's booking rules; 2 h and 12 h by default).
ALTER TABLE entity_booking_rules ADD COLUMN change_reminder_minutes INTEGER NOT NULL DEFAULT 120;
ALTER TABLE entity_booking_rules ADD COLUMN change_escalation_minutes INTEGER NOT NULL DEFAULT 720;

-- +goose Down
ALTER TABLE entity_booking_rules DROP COLUMN change_escalation_minutes;
ALTER TABLE entity_booking_rules DROP COLUMN change_reminder_minutes;
DROP TABLE instruction_acknowledgements;
