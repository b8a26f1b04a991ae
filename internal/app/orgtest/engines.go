package orgtest

import (
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
)

// Engines runs test once per database engine on a fresh database with a Hive started on it
// (apptest.Engines) and the world Build makes: the set-up most HTTP tests of the features that
// act on an organisation begin with.
func Engines(t *testing.T, test func(t *testing.T, s *apptest.Server, db *database.DB, w World)) {
	t.Helper()
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		test(t, s, db, Build(t, db))
	})
}
