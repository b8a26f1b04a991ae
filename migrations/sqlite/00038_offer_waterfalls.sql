-- +goose Up
-- Offer waterfalls (offers in turn): a booking's placements offered in turn to a ranked list of
-- freelancers, at most open_at_once offers open, until places freelancers have accepted. An offer
-- is one ordinary instruction per placement of the waterfall; advancing runs in the transaction
-- of the answer that frees a place (internal/bookings, store_waterfall.go advance).
CREATE TABLE offer_waterfalls (
    id                      INTEGER PRIMARY KEY,
    booking_id              INTEGER   NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    places                  INTEGER   NOT NULL,
    open_at_once            INTEGER   NOT NULL,
    offer_lifetime_minutes  INTEGER   NOT NULL,
    state                   TEXT      NOT NULL DEFAULT 'running',
    created_by              INTEGER   REFERENCES users (id) ON DELETE SET NULL,
    created_at              TIMESTAMP NOT NULL,
    updated_at              TIMESTAMP NOT NULL,
    version                 INTEGER   NOT NULL DEFAULT 1
);
CREATE INDEX offer_waterfalls_booking ON offer_waterfalls (booking_id, id);

-- The placements a waterfall offers: each offer is one instruction on each of them.
CREATE TABLE waterfall_placements (
    waterfall_id  INTEGER NOT NULL REFERENCES offer_waterfalls (id) ON DELETE CASCADE,
    placement_id  INTEGER NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
    PRIMARY KEY (waterfall_id, placement_id)
);
CREATE INDEX waterfall_placements_placement ON waterfall_placements (placement_id);

-- The ranked list. position is the rank (1 first). An offer's answer-by time is its instructions'
-- (instructions.answer_by, migration 00036), which the deadlines worker expires.
CREATE TABLE waterfall_candidates (
    id            INTEGER PRIMARY KEY,
    waterfall_id  INTEGER   NOT NULL REFERENCES offer_waterfalls (id) ON DELETE CASCADE,
    position      INTEGER   NOT NULL,
    user_id       INTEGER   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state         TEXT      NOT NULL DEFAULT 'pending',
    offered_at    TIMESTAMP,
    answered_at   TIMESTAMP,
    UNIQUE (waterfall_id, user_id)
);
CREATE INDEX waterfall_candidates_next ON waterfall_candidates (waterfall_id, state, position);
CREATE INDEX waterfall_candidates_user ON waterfall_candidates (user_id, state);

-- +goose Down
DROP TABLE waterfall_candidates;
DROP TABLE waterfall_placements;
DROP TABLE offer_waterfalls;
