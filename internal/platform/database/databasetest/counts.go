package databasetest

import (
	"testing"

	"github.com/hive/hive/internal/platform/database"
)

// RowCounts counts the rows of each table, for tests that check a step (a second seed, a
// refused write) changed nothing; an error fails the test.
func RowCounts(t testing.TB, db *database.DB, tables ...string) map[string]int {
	t.Helper()
	out := make(map[string]int, len(tables))
	for _, table := range tables {
		out[table] = Get[int](t, db, `SELECT COUNT(*) FROM `+table)
	}
	return out
}
