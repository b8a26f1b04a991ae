-- +goose Up
-- The scheduler's grid page of whole departments (internal/scheduler, grid_store.go gridScope)
-- starts from the departments' placements of the range in placement_day_groups and goes to
-- their instructions by placement id. placement_day_groups_department (00042) is in the month
-- overview's order and holds no placement id, so that walk read each row from the table (and
-- PostgreSQL then preferred to scan every placement in parallel). This index holds what the
-- grid needs, for an index-only walk. Twin: migrations/sqlite/00043.
CREATE INDEX placement_day_groups_grid ON placement_day_groups (department_id, local_date, placement_id)
    WHERE deleted_at IS NULL;

-- +goose Down
DROP INDEX placement_day_groups_grid;
