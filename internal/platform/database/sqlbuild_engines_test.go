package database_test

import (
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestEmptyInListMatchesNothing: an IN list of no ids is valid SQL on both engines and matches
// no row (PostgreSQL refuses "IN ()" as a syntax error, which a JSON null where ids are expected
// would turn into a 500).
func TestEmptyInListMatchesNothing(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		marks, args := database.In(nil)
		var n int
		if err := db.Get(t.Context(), &n, `SELECT COUNT(*) FROM (SELECT 1 AS id) t WHERE t.id IN (`+marks+`)`, args...); err != nil || n != 0 {
			t.Fatalf("%d rows, %v", n, err)
		}
	})
}
