-- +goose Up
-- A department's managers, and its client's (the notification worker's audiences,
-- internal/notifications store_events.go readFacts). The department index (00002) holds every
-- hiring link of a department: on bench/load's data set 20,020 of them, 20 of whom manage, and
-- each delivery read them all and each row's flag, 30 to 60 ms a transaction. These hold only
-- the managers. Twin: migrations/postgres/00044.
CREATE INDEX user_department_refs_managers ON user_department_refs (department_id, user_id) WHERE can_manage;
CREATE INDEX user_entity_refs_managers ON user_entity_refs (entity_id, user_id) WHERE can_manage;

-- +goose Down
DROP INDEX user_entity_refs_managers;
DROP INDEX user_department_refs_managers;
