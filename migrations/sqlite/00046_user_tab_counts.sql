-- +goose Up
-- The All Users grid shows how many users its tab holds. Unfiltered, that count read every
-- entry of the tab's index: 100,017 freelancers on bench/load's data set, 4 ms on SQLite and 10
-- to 15 ms on PostgreSQL (its largest statement under the load). These rows keep the two counts,
-- followed by triggers in the writing transaction (internal/people/directory, store.go List).
-- Twin: migrations/postgres/00046.
CREATE TABLE user_tab_counts (
    is_freelancer INTEGER NOT NULL PRIMARY KEY,
    n             INTEGER NOT NULL
);
INSERT INTO user_tab_counts (is_freelancer, n) VALUES
    (0, (SELECT COUNT(*) FROM users WHERE is_freelancer = 0)),
    (1, (SELECT COUNT(*) FROM users WHERE is_freelancer = 1));

CREATE TRIGGER user_tab_counts_insert AFTER INSERT ON users
BEGIN UPDATE user_tab_counts SET n = n + 1 WHERE is_freelancer = NEW.is_freelancer; END;
CREATE TRIGGER user_tab_counts_delete AFTER DELETE ON users
BEGIN UPDATE user_tab_counts SET n = n - 1 WHERE is_freelancer = OLD.is_freelancer; END;
CREATE TRIGGER user_tab_counts_move AFTER UPDATE OF is_freelancer ON users
WHEN OLD.is_freelancer <> NEW.is_freelancer
BEGIN UPDATE user_tab_counts SET n = n + CASE WHEN is_freelancer = NEW.is_freelancer THEN 1 ELSE -1 END; END;

-- +goose Down
DROP TRIGGER user_tab_counts_move;
DROP TRIGGER user_tab_counts_delete;
DROP TRIGGER user_tab_counts_insert;
DROP TABLE user_tab_counts;
