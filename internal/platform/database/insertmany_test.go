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
