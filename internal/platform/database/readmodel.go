package database

import (
	"context"
	"fmt"
)

// A read model that Hive keeps in the writers' transactions (the search index, the dashboard's
// facts) records in a one-row state table (id 1, version) which version of its shape built it;
// at start, a database built by another version, or holding records from before the read model
// existed, is rebuilt from scratch.

// EnsureBuiltBy calls rebuild unless stateTable says version built the read model named what.
func EnsureBuiltBy(ctx context.Context, db *DB, what, stateTable string, version int, rebuild func(context.Context, *DB) error) error {
	var v []int
	if err := db.Select(ctx, &v, `SELECT version FROM `+stateTable+` WHERE id = 1`); err != nil {
		return fmt.Errorf("read %s state: %w", what, err)
	}
	if len(v) == 1 && v[0] == version {
		return nil
	}
	return rebuild(ctx, db)
}

// MarkBuiltBy records in stateTable, in the rebuild's transaction, that version built the read
// model.
func MarkBuiltBy(ctx context.Context, tx *Tx, stateTable string, version int) error {
	if _, err := tx.Exec(ctx, `DELETE FROM `+stateTable); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO `+stateTable+` (id, version) VALUES (1, ?)`, version)
	return err
}
