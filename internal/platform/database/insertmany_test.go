package database_test

import (
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestInsertManySplitsStatements: more rows than one statement holds (1,000 a statement) all
// arrive, each value in its column, on both engines.
func TestInsertManySplitsStatements(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		const n = 2500
		err := db.InTx(ctx, func(tx *database.Tx) error {
			if _, err := tx.Exec(ctx, `CREATE TABLE bulk_rows (a BIGINT, b TEXT, c BIGINT)`); err != nil {
				return err
			}
			return database.InsertMany(ctx, tx, "bulk_rows", "a, b, c", n, func(i int) []any {
				return []any{i, "row", i * 2}
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		var count, sum int
		if err := db.Get(ctx, &count, `SELECT COUNT(*) FROM bulk_rows`); err != nil || count != n {
			t.Fatalf("%d rows, %v", count, err)
		}
		if err := db.Get(ctx, &sum, `SELECT SUM(c - 2 * a) FROM bulk_rows`); err != nil || sum != 0 {
			t.Fatalf("columns out of order: %d, %v", sum, err)
		}
		// AfterBulkLoad runs outside a transaction on both engines (VACUUM would refuse one).
		if err := db.AfterBulkLoad(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

// TestInsertManyIDsAreTheRowsInOrder: over more rows than one statement holds, the ids returned
// are each row's own, in the order of the rows, on both engines.
func TestInsertManyIDsAreTheRowsInOrder(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		id := "id INTEGER PRIMARY KEY"
		if db.Dialect == database.Postgres {
			id = "id BIGSERIAL PRIMARY KEY"
		}
		const n = 2500
		var ids []int64
		err := db.InTx(ctx, func(tx *database.Tx) error {
			if _, err := tx.Exec(ctx, `CREATE TABLE numbered_rows (`+id+`, n BIGINT)`); err != nil {
				return err
			}
			if err := database.InsertMany(ctx, tx, "numbered_rows", "n", 3, func(int) []any { return []any{-1} }); err != nil {
				return err // rows before, so the ids do not start at 1
			}
			var err error
			ids, err = database.InsertManyIDs(ctx, tx, "numbered_rows", "n", n, func(i int) []any { return []any{n - i} })
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) != n {
			t.Fatalf("%d ids for %d rows", len(ids), n)
		}
		for i, id := range ids {
			var got int
			if err := db.Get(ctx, &got, `SELECT n FROM numbered_rows WHERE id = ?`, id); err != nil || got != n-i {
				t.Fatalf("row %d: id %d holds %d (%v), want %d", i, id, got, err, n-i)
			}
		}
	})
}
