-- +goose Up
-- Notifications: what each user was told, in the app and by mail. One row per domain
-- event and recipient: the unique key is what keeps two delivery workers, or a retry, from
-- telling anyone twice. read_receipt is NULL while unread.
CREATE TABLE notifications (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type         TEXT    NOT NULL,
    subject      TEXT    NOT NULL,
    body_text    TEXT    NOT NULL,
    link         TEXT    NOT NULL DEFAULT '',
    booking_id   INTEGER,
    placement_id INTEGER,
    event_id     INTEGER,
    mailed       INTEGER NOT NULL DEFAULT 0,
    created_at   TIMESTAMP NOT NULL,
    read_receipt TIMESTAMP
);
CREATE UNIQUE INDEX notifications_event ON notifications (event_id, user_id);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id, read_receipt);
-- 'Unfilled within 24 hours' has no event: a placement is told to each manager once.
CREATE UNIQUE INDEX notifications_unfilled ON notifications (placement_id, user_id) WHERE type = 'client.unfilled';

-- A user's choice for one notification type; a type with no row is on (the default).
CREATE TABLE notification_preferences (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    identifier TEXT    NOT NULL,
    enabled    INTEGER NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, identifier)
);

-- The events written before notifications existed are history, not news: nobody is mailed about
-- last month's changes when this version starts. They count as delivered when they happened.
UPDATE booking_events SET delivered_at = created_at WHERE delivered_at IS NULL;

-- +goose Down
DROP TABLE notification_preferences;
DROP TABLE notifications;
