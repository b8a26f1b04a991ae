-- +goose Up
-- The scheduler's grid page counts the rows over all its pages (internal/scheduler,
-- grid_store.go). Over an administrator's month that count joined each of the month's tens of
-- thousands of placements to their instructions. placement_day_groups (00042) now also keeps each
-- placement's number of live instructions, recounted by triggers on instructions in the writing
-- transaction, so a grid that shows every live instruction of whole departments sums one column
-- over the range's index entries. It holds no rule. Twin: migrations/postgres/00047.
ALTER TABLE placement_day_groups ADD COLUMN live_instructions INTEGER NOT NULL DEFAULT 0;

UPDATE placement_day_groups SET live_instructions = (SELECT COUNT(*) FROM instructions i
    WHERE i.placement_id = placement_day_groups.placement_id AND i.deleted_at IS NULL);

-- deleted_at is a column of each index too: SQLite reads the table for a column of the
-- predicate that the index does not hold.
CREATE INDEX placement_day_groups_live_count ON placement_day_groups (local_date, live_instructions, deleted_at)
    WHERE deleted_at IS NULL;
DROP INDEX placement_day_groups_grid;
CREATE INDEX placement_day_groups_grid ON placement_day_groups (department_id, local_date, placement_id, live_instructions, deleted_at)
    WHERE deleted_at IS NULL;
-- The most recently changed live instructions first: the administrator's grid in its default
-- order reads its first page from here (grid_store.go, recentChanges).
CREATE INDEX instructions_recent ON instructions (updated_at, id, placement_id, deleted_at) WHERE deleted_at IS NULL;

-- +goose StatementBegin
CREATE TRIGGER placement_day_groups_instruction_insert AFTER INSERT ON instructions WHEN NEW.deleted_at IS NULL
BEGIN
    UPDATE placement_day_groups SET live_instructions = (SELECT COUNT(*) FROM instructions i
        WHERE i.placement_id = NEW.placement_id AND i.deleted_at IS NULL)
    WHERE placement_id = NEW.placement_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_day_groups_instruction_update AFTER UPDATE OF placement_id, deleted_at ON instructions
WHEN OLD.placement_id <> NEW.placement_id OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
BEGIN
    UPDATE placement_day_groups SET live_instructions = (SELECT COUNT(*) FROM instructions i
        WHERE i.placement_id = placement_day_groups.placement_id AND i.deleted_at IS NULL)
    WHERE placement_id IN (OLD.placement_id, NEW.placement_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_day_groups_instruction_delete AFTER DELETE ON instructions WHEN OLD.deleted_at IS NULL
BEGIN
    UPDATE placement_day_groups SET live_instructions = (SELECT COUNT(*) FROM instructions i
        WHERE i.placement_id = OLD.placement_id AND i.deleted_at IS NULL)
    WHERE placement_id = OLD.placement_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER placement_day_groups_instruction_delete;
DROP TRIGGER placement_day_groups_instruction_update;
DROP TRIGGER placement_day_groups_instruction_insert;
DROP INDEX instructions_recent;
DROP INDEX placement_day_groups_grid;
CREATE INDEX placement_day_groups_grid ON placement_day_groups (department_id, local_date, placement_id)
    WHERE deleted_at IS NULL;
DROP INDEX placement_day_groups_live_count;
ALTER TABLE placement_day_groups DROP COLUMN live_instructions;
