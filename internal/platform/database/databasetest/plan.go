package databasetest

import (
	"context"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/database"
)

// Plan is the engine's plan of query, one line a step, for tests that guard an index's use;
// an error fails the test. On PostgreSQL, which picks by its statistics and a test database
// has none, sequential scans are priced out, so an index is taken whenever its predicate is
// implied.
func Plan(t testing.TB, db *database.DB, query string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	var plan []string
	err := db.InTx(ctx, func(tx *database.Tx) error {
		if db.Dialect == database.SQLite {
			var rows []struct {
				ID      int    `db:"id"`
				Parent  int    `db:"parent"`
				NotUsed int    `db:"notused"`
				Detail  string `db:"detail"`
			}
			err := tx.Select(ctx, &rows, `EXPLAIN QUERY PLAN `+query, args...)
			for _, r := range rows {
				plan = append(plan, r.Detail)
			}
			return err
		}
		if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
			return err
		}
		return tx.Select(ctx, &plan, `EXPLAIN `+query, args...)
	})
	if err != nil {
		t.Fatalf("plan of %s: %v", query, err)
	}
	return strings.Join(plan, "\n")
}
