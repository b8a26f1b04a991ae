-- +goose Up
-- Deleting a tag cascades to the rows that use it; these let that find them without a scan.
CREATE INDEX department_tags_tag ON department_tags (tag_id);
CREATE INDEX user_entity_ref_tags_tag ON user_entity_ref_tags (tag_id);

-- The link grids sort by user name; with this the engines walk users in name order and each
-- user's links through UNIQUE (user_id, department_id) instead of sorting every link.
CREATE INDEX users_name_sort ON users (LOWER(last_name), LOWER(first_name), id);

-- +goose Down
DROP INDEX users_name_sort;
DROP INDEX user_entity_ref_tags_tag;
DROP INDEX department_tags_tag;
