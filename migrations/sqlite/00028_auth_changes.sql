-- +goose Up
-- Each node keeps the principals of recent sessions for a few seconds (internal/accounts,
-- sessioncache.go). Whatever changes what a principal holds must end those copies, so the
-- database itself records it: the triggers below count every such change, whatever code (or
-- operator's SQL) made it, and the writer reads the count before each commit
-- (internal/platform/database, watch.go) to empty the cache once the change is visible. Inserting
-- a session changes no principal; touching last_seen_at neither. (PostgreSQL's twin,
-- migrations/postgres/00028, broadcasts the change to every node with NOTIFY.)
CREATE TABLE change_counters (
    channel TEXT    PRIMARY KEY,
    n       INTEGER NOT NULL DEFAULT 0
);
INSERT INTO change_counters (channel, n) VALUES ('auth', 0);

-- +goose StatementBegin
CREATE TRIGGER auth_session_deleted AFTER DELETE ON sessions
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_session_changed AFTER UPDATE OF user_id, impersonator_id, expires_at, remember ON sessions
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_user_changed AFTER UPDATE ON users
WHEN OLD.email IS NOT NEW.email OR OLD.password_hash IS NOT NEW.password_hash
    OR OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name OR OLD.label IS NOT NEW.label
    OR OLD.phone IS NOT NEW.phone OR OLD.country IS NOT NEW.country OR OLD.timezone IS NOT NEW.timezone
    OR OLD.account_status IS NOT NEW.account_status OR OLD.onboarding_state IS NOT NEW.onboarding_state
    OR OLD.can_admin IS NOT NEW.can_admin OR OLD.can_create_supplier_entity IS NOT NEW.can_create_supplier_entity
    OR OLD.can_create_agency_entity IS NOT NEW.can_create_agency_entity
    OR OLD.can_create_client_entity IS NOT NEW.can_create_client_entity OR OLD.is_freelancer IS NOT NEW.is_freelancer
    OR OLD.version IS NOT NEW.version
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_user_deleted AFTER DELETE ON users
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_entity_link_added AFTER INSERT ON user_entity_refs
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_entity_link_changed AFTER UPDATE ON user_entity_refs
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_entity_link_deleted AFTER DELETE ON user_entity_refs
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_department_link_added AFTER INSERT ON user_department_refs
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_department_link_changed AFTER UPDATE ON user_department_refs
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_department_link_deleted AFTER DELETE ON user_department_refs
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- A link to a client covers its departments, and the needs model reads the entity's type.
-- +goose StatementBegin
CREATE TRIGGER auth_department_added AFTER INSERT ON departments
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_department_moved AFTER UPDATE OF client_id ON departments
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_department_deleted AFTER DELETE ON departments
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_entity_retyped AFTER UPDATE OF type ON entities
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auth_entity_deleted AFTER DELETE ON entities
BEGIN UPDATE change_counters SET n = n + 1 WHERE channel = 'auth'; END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER auth_entity_deleted;
DROP TRIGGER auth_entity_retyped;
DROP TRIGGER auth_department_deleted;
DROP TRIGGER auth_department_moved;
DROP TRIGGER auth_department_added;
DROP TRIGGER auth_department_link_deleted;
DROP TRIGGER auth_department_link_changed;
DROP TRIGGER auth_department_link_added;
DROP TRIGGER auth_entity_link_deleted;
DROP TRIGGER auth_entity_link_changed;
DROP TRIGGER auth_entity_link_added;
DROP TRIGGER auth_user_deleted;
DROP TRIGGER auth_user_changed;
DROP TRIGGER auth_session_changed;
DROP TRIGGER auth_session_deleted;
DROP TABLE change_counters;
