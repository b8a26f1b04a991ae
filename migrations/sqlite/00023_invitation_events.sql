-- +goose Up
-- Invitation events: every invitation sent writes one row here in its transaction,
-- like booking_events. organisations/invitations owns and writes the table; the notification
-- worker delivers it (claims undelivered rows, tells the invited account, sets delivered_at).
-- user_id is the account the invitation is bound to when sent (NULL for an address without
-- one: its sign-up mail tells it); payload_json holds what the notification says (entity,
-- inviter, purpose, message) as they were when it was sent.
CREATE TABLE invitation_events (
    id            INTEGER PRIMARY KEY,
    kind          TEXT    NOT NULL,
    invitation_id INTEGER NOT NULL,
    entity_id     INTEGER NOT NULL,
    user_id       INTEGER,
    actor_user_id INTEGER,
    payload_json  TEXT    NOT NULL DEFAULT '{}',
    created_at    TIMESTAMP NOT NULL,
    delivered_at  TIMESTAMP
);
CREATE INDEX invitation_events_pending ON invitation_events (delivered_at, id);

-- A notification of an invitation event names it; the unique key keeps two workers, or a
-- retry, from telling anyone twice (notifications_event does the same for booking_events,
-- whose ids are another sequence).
ALTER TABLE notifications ADD COLUMN invitation_event_id INTEGER;
CREATE UNIQUE INDEX notifications_invitation_event ON notifications (invitation_event_id, user_id);

-- +goose Down
DROP INDEX notifications_invitation_event;
ALTER TABLE notifications DROP COLUMN invitation_event_id;
DROP TABLE invitation_events;
