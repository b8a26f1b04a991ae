-- +goose Up
-- The scheduler's grid page orders a range's instructions by their latest change
-- (internal/scheduler, grid_store.go): per placement of the range, this index gives the
-- instructions that are not deleted with that order's columns, so the page is read from it
-- alone, not from the instructions table (deleted_at is a column too: SQLite reads the table for
-- a column of the predicate that the index does not hold). PostgreSQL's twin is
-- migrations/postgres/00032.
CREATE INDEX instructions_grid ON instructions (placement_id, updated_at, deleted_at) WHERE deleted_at IS NULL;

-- +goose Down
DROP INDEX instructions_grid;
