package orgtest

import (
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Engines runs test once per database engine (databasetest.Engines), each time on a fresh
// database with a Hive started on it (apptest.Start, which seeds the demo users) and the world
// Build makes: the set-up most HTTP tests of a feature begin with.
func Engines(t *testing.T, test func(t *testing.T, s *apptest.Server, db *database.DB, w World)) {
	t.Helper()
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		s := apptest.Start(t, db)
		test(t, s, db, Build(t, db))
	})
}
