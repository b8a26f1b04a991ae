-- +goose Up
-- The scheduler's grid page counts the rows over all its pages (internal/scheduler,
-- grid_store.go). Over an administrator's month that count joined each of the month's tens of
-- thousands of placements to their instructions. placement_day_groups (00042) now also keeps each
-- placement's number of live instructions, recounted by a trigger on instructions at the writing
-- transaction's commit (deferred, as the row it counts into is written at commit by 00042's
-- trigger, which PostgreSQL fires first: a placement is inserted before its instructions and
-- deferred triggers fire in the order of their events), so a grid that shows every
-- live instruction of whole departments sums one column over the range's index entries. It
-- holds no rule. Twin: migrations/sqlite/00047.
ALTER TABLE placement_day_groups ADD COLUMN live_instructions INTEGER NOT NULL DEFAULT 0;

UPDATE placement_day_groups g SET live_instructions = c.n
FROM (SELECT placement_id, COUNT(*) AS n FROM instructions WHERE deleted_at IS NULL GROUP BY placement_id) c
WHERE c.placement_id = g.placement_id;

CREATE INDEX placement_day_groups_live_count ON placement_day_groups (local_date, live_instructions)
    WHERE deleted_at IS NULL;
DROP INDEX placement_day_groups_grid;
CREATE INDEX placement_day_groups_grid ON placement_day_groups (department_id, local_date, placement_id, live_instructions)
    WHERE deleted_at IS NULL;
-- The most recently changed live instructions first: the administrator's grid in its default
-- order reads its first page from here (grid_store.go, recentChanges).
CREATE INDEX instructions_recent ON instructions (updated_at, id, placement_id) WHERE deleted_at IS NULL;

-- +goose StatementBegin
CREATE FUNCTION placement_day_groups_count(placement BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    UPDATE placement_day_groups g SET live_instructions = c.n
    FROM (SELECT COUNT(*) AS n FROM instructions i WHERE i.placement_id = placement AND i.deleted_at IS NULL) c
    WHERE g.placement_id = placement AND g.live_instructions <> c.n;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION placement_day_groups_from_instruction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM placement_day_groups_count(OLD.placement_id);
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.placement_id <> OLD.placement_id) THEN
        PERFORM placement_day_groups_count(NEW.placement_id);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE CONSTRAINT TRIGGER placement_day_groups_instruction
    AFTER INSERT OR UPDATE OF placement_id, deleted_at OR DELETE ON instructions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION placement_day_groups_from_instruction();

-- +goose Down
DROP TRIGGER placement_day_groups_instruction ON instructions;
DROP FUNCTION placement_day_groups_from_instruction();
DROP FUNCTION placement_day_groups_count(BIGINT);
DROP INDEX instructions_recent;
DROP INDEX placement_day_groups_grid;
CREATE INDEX placement_day_groups_grid ON placement_day_groups (department_id, local_date, placement_id)
    WHERE deleted_at IS NULL;
DROP INDEX placement_day_groups_live_count;
ALTER TABLE placement_day_groups DROP COLUMN live_instructions;
