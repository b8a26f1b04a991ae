-- +goose Up
-- Every page polls the caller's unread count (GET /notification/stats), and the notification
-- list counts the page's filter. Both counted the user's rows, which grow with every change a
-- department manager is told of (about 4,850 each after one bench/load run). These rows keep
-- each user's two counts, followed by triggers in the writing transaction
-- (internal/notifications, store.go keptCounts). Twin: migrations/postgres/00048.
CREATE TABLE notification_counts (
    user_id INTEGER NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    total   INTEGER NOT NULL,
    unread  INTEGER NOT NULL
);
INSERT INTO notification_counts (user_id, total, unread)
    SELECT user_id, COUNT(*), SUM(read_receipt IS NULL) FROM notifications GROUP BY user_id;

-- +goose StatementBegin
CREATE TRIGGER notification_counts_insert AFTER INSERT ON notifications
BEGIN
    INSERT INTO notification_counts (user_id, total, unread) VALUES (NEW.user_id, 1, NEW.read_receipt IS NULL)
        ON CONFLICT (user_id) DO UPDATE SET total = total + 1, unread = unread + excluded.unread;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER notification_counts_delete AFTER DELETE ON notifications
BEGIN
    UPDATE notification_counts SET total = total - 1, unread = unread - (OLD.read_receipt IS NULL)
        WHERE user_id = OLD.user_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER notification_counts_update AFTER UPDATE OF user_id, read_receipt ON notifications
WHEN OLD.user_id <> NEW.user_id OR (OLD.read_receipt IS NULL) <> (NEW.read_receipt IS NULL)
BEGIN
    UPDATE notification_counts SET total = total - 1, unread = unread - (OLD.read_receipt IS NULL)
        WHERE user_id = OLD.user_id;
    INSERT INTO notification_counts (user_id, total, unread) VALUES (NEW.user_id, 1, NEW.read_receipt IS NULL)
        ON CONFLICT (user_id) DO UPDATE SET total = total + 1, unread = unread + excluded.unread;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER notification_counts_update;
DROP TRIGGER notification_counts_delete;
DROP TRIGGER notification_counts_insert;
DROP TABLE notification_counts;
