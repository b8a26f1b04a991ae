-- +goose Up
-- Each node keeps the principals of recent sessions for a few seconds (internal/accounts,
-- sessioncache.go). Whatever changes what a principal holds must end those copies on every
-- node, so the database itself announces it: the triggers below, whatever code (or operator's
-- SQL) made the change, mark the transaction (hive.auth_changed, read by the writing node before
-- it commits: internal/platform/database, watch.go) and NOTIFY hive_auth, which PostgreSQL
-- delivers to every node's listener when, and only if, the transaction commits (one
-- notification per transaction: identical ones are folded), carrying the writing node's
-- hive.node so that node can skip its own. Inserting a session changes no
-- principal; touching last_seen_at neither. (SQLite's twin, migrations/sqlite/00028, counts.)
-- +goose StatementBegin
CREATE FUNCTION hive_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('hive.auth_changed', 'y', true);
    PERFORM pg_notify('hive_auth', coalesce(current_setting('hive.node', true), ''));
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER auth_session_deleted AFTER DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION hive_auth_changed();
CREATE TRIGGER auth_session_changed AFTER UPDATE OF user_id, impersonator_id, expires_at, remember ON sessions
    FOR EACH ROW EXECUTE FUNCTION hive_auth_changed();
CREATE TRIGGER auth_user_changed AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.password_hash IS DISTINCT FROM NEW.password_hash
        OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.label IS DISTINCT FROM NEW.label OR OLD.phone IS DISTINCT FROM NEW.phone
        OR OLD.country IS DISTINCT FROM NEW.country OR OLD.timezone IS DISTINCT FROM NEW.timezone
        OR OLD.account_status IS DISTINCT FROM NEW.account_status
        OR OLD.onboarding_state IS DISTINCT FROM NEW.onboarding_state OR OLD.can_admin IS DISTINCT FROM NEW.can_admin
        OR OLD.can_create_supplier_entity IS DISTINCT FROM NEW.can_create_supplier_entity
        OR OLD.can_create_agency_entity IS DISTINCT FROM NEW.can_create_agency_entity
        OR OLD.can_create_client_entity IS DISTINCT FROM NEW.can_create_client_entity
        OR OLD.is_freelancer IS DISTINCT FROM NEW.is_freelancer OR OLD.version IS DISTINCT FROM NEW.version)
    EXECUTE FUNCTION hive_auth_changed();
CREATE TRIGGER auth_user_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION hive_auth_changed();
CREATE TRIGGER auth_entity_link_changed AFTER INSERT OR UPDATE OR DELETE ON user_entity_refs
    FOR EACH ROW EXECUTE FUNCTION hive_auth_changed();
CREATE TRIGGER auth_department_link_changed AFTER INSERT OR UPDATE OR DELETE ON user_department_refs
    FOR EACH ROW EXECUTE FUNCTION hive_auth_changed();
-- A link to a client covers its departments, and the needs model reads the entity's type.
CREATE TRIGGER auth_department_changed AFTER INSERT OR DELETE OR UPDATE OF client_id ON departments
    FOR EACH ROW EXECUTE FUNCTION hive_auth_changed();
CREATE TRIGGER auth_entity_changed AFTER DELETE OR UPDATE OF type ON entities
    FOR EACH ROW EXECUTE FUNCTION hive_auth_changed();

-- +goose Down
DROP TRIGGER auth_entity_changed ON entities;
DROP TRIGGER auth_department_changed ON departments;
DROP TRIGGER auth_department_link_changed ON user_department_refs;
DROP TRIGGER auth_entity_link_changed ON user_entity_refs;
DROP TRIGGER auth_user_deleted ON users;
DROP TRIGGER auth_user_changed ON users;
DROP TRIGGER auth_session_changed ON sessions;
DROP TRIGGER auth_session_deleted ON sessions;
DROP FUNCTION hive_auth_changed();
