package database_test

import (
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestEmptyInListMatchesNothing: an IN list of no ids is valid SQL on both engines and matches
// no row (PostgreSQL refused "IN ()" with a syntax error, which the API answered 500 to a JSON
// null where it expected ids: found by FuzzAPIInput).
func TestEmptyInListMatchesNothing(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		marks, args := database.In(nil)
		var n int
		if err := db.Get(t.Context(), &n, `SELECT COUNT(*) FROM (SELECT 1 AS id) t WHERE t.id IN (`+marks+`)`, args...); err != nil || n != 0 {
			t.Fatalf("%d rows, %v", n, err)
		}
	})
}
