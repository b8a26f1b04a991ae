-- +goose Up
-- Pencils: a hold is an instruction of kind 'hold', ranked per freelancer
-- among the live holds overlapping it by creation (created_at, id). Ranks are derived when read
-- (bookings.HoldColumns), never stored, so a released hold moves the others up without a write.
ALTER TABLE instructions ADD COLUMN kind TEXT NOT NULL DEFAULT 'offer';
-- The rank query: a freelancer's holds that are not deleted, by their placement's period.
CREATE INDEX instructions_holds ON instructions (user_id, placement_start_at, placement_end_at)
    WHERE kind = 'hold' AND deleted_at IS NULL;

-- A lower hold's challenge of a higher one: the challenged hold is confirmed or released by the
-- deadline, or the sweep releases it (bookings.ReleaseExpiredHolds), resolving the row with a
-- conditional update so that with several nodes exactly one releases it.
CREATE TABLE hold_challenges (
    id             INTEGER PRIMARY KEY,
    challenger_id  INTEGER NOT NULL REFERENCES instructions (id) ON DELETE CASCADE,
    challenged_id  INTEGER NOT NULL REFERENCES instructions (id) ON DELETE CASCADE,
    deadline       TIMESTAMP NOT NULL,
    created_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at     TIMESTAMP NOT NULL,
    resolved_at    TIMESTAMP,
    outcome        TEXT NOT NULL DEFAULT ''
        CHECK (outcome IN ('', 'confirmed', 'released', 'expired', 'withdrawn'))
);
CREATE INDEX hold_challenges_due ON hold_challenges (deadline) WHERE resolved_at IS NULL;
CREATE INDEX hold_challenges_challenged ON hold_challenges (challenged_id) WHERE resolved_at IS NULL;
CREATE INDEX hold_challenges_challenger ON hold_challenges (challenger_id) WHERE resolved_at IS NULL;

-- +goose Down
DROP TABLE hold_challenges;
DROP INDEX instructions_holds;
ALTER TABLE instructions DROP COLUMN kind;
