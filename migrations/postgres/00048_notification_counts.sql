-- +goose Up
-- Every page polls the caller's unread count (GET /notification/stats), and the notification
-- list counts the page's filter. Both counted the user's rows: a department manager is told of
-- every change in their departments, so after one bench/load run each manager held about 4,850
-- notifications and the count took 5 ms on PostgreSQL, the second largest statement of the run,
-- growing with every day Hive runs. These rows keep each user's two counts, followed by
-- statement triggers in the writing transaction (internal/notifications, store.go keptCounts).
-- The insert trigger adds to the users' rows in user order, and the worker inserts its
-- notifications sorted by user (store_events.go insertNotifications), so two workers' rounds
-- lock the rows they share in the same order and cannot deadlock. Twin: migrations/sqlite/00048.
CREATE TABLE notification_counts (
    user_id BIGINT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    total   BIGINT NOT NULL,
    unread  BIGINT NOT NULL
);
INSERT INTO notification_counts (user_id, total, unread)
    SELECT user_id, COUNT(*), COUNT(*) FILTER (WHERE read_receipt IS NULL) FROM notifications GROUP BY user_id;

-- +goose StatementBegin
CREATE FUNCTION notification_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO notification_counts AS c (user_id, total, unread)
        SELECT user_id, COUNT(*), COUNT(*) FILTER (WHERE read_receipt IS NULL) FROM added
        GROUP BY user_id ORDER BY user_id
        ON CONFLICT (user_id) DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION notification_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE notification_counts c SET total = c.total - r.n, unread = c.unread - r.unread
        FROM (SELECT user_id, COUNT(*) AS n, COUNT(*) FILTER (WHERE read_receipt IS NULL) AS unread
            FROM removed GROUP BY user_id) r
        WHERE c.user_id = r.user_id;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION notification_counts_read() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE notification_counts c SET total = c.total + r.n, unread = c.unread + r.unread
        FROM (SELECT user_id, SUM(n) AS n, SUM(unread) AS unread FROM (
                SELECT user_id, 1 AS n, CASE WHEN read_receipt IS NULL THEN 1 ELSE 0 END AS unread FROM changed
                UNION ALL
                SELECT user_id, -1, CASE WHEN read_receipt IS NULL THEN -1 ELSE 0 END FROM was) d
            GROUP BY user_id) r
        WHERE c.user_id = r.user_id AND (r.n <> 0 OR r.unread <> 0);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER notification_counts_insert AFTER INSERT ON notifications
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_add();
CREATE TRIGGER notification_counts_delete AFTER DELETE ON notifications
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_remove();
CREATE TRIGGER notification_counts_update AFTER UPDATE ON notifications
    REFERENCING OLD TABLE AS was NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_read();

-- +goose Down
DROP TRIGGER notification_counts_update ON notifications;
DROP TRIGGER notification_counts_delete ON notifications;
DROP TRIGGER notification_counts_insert ON notifications;
DROP FUNCTION notification_counts_read();
DROP FUNCTION notification_counts_remove();
DROP FUNCTION notification_counts_add();
DROP TABLE notification_counts;
