-- +goose Up
-- Web Push (internal/notifications/push). The deployment's VAPID key pair, made on first start
-- when the settings name none and shared by every node through this one row. Twin:
-- migrations/postgres/00060.
CREATE TABLE push_vapid_keys (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    public_key  TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);

-- A browser's subscription (its endpoint and keys), one per device and user; a device gives the
-- same endpoint again, so the endpoint is unique. Removed when the push service says it is gone.
CREATE TABLE push_subscriptions (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint   TEXT NOT NULL UNIQUE,
    p256dh     TEXT NOT NULL,
    auth       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- A device's switch per notification type; no row means on.
CREATE TABLE push_subscription_types (
    subscription_id INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    identifier      TEXT NOT NULL,
    enabled         BOOLEAN NOT NULL,
    PRIMARY KEY (subscription_id, identifier)
);

-- Pushes to send, queued in the notification delivery's transaction and sent with a lease and
-- back-off, as the mail outbox. The payload is the clear JSON; it is encrypted for the
-- subscription when sent, and blanked once sent or given up.
CREATE TABLE push_outbox (
    id              INTEGER PRIMARY KEY,
    subscription_id INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    payload         TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    next_attempt_at TIMESTAMP NOT NULL,
    sent_at         TIMESTAMP
);
CREATE INDEX push_outbox_due ON push_outbox (status, next_attempt_at);

-- The notification actions' tokens already used, kept until they expire: a token answers once.
CREATE TABLE push_action_uses (
    token_id   TEXT PRIMARY KEY,
    used_at    TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE push_action_uses;
DROP TABLE push_outbox;
DROP TABLE push_subscription_types;
DROP TABLE push_subscriptions;
DROP TABLE push_vapid_keys;
