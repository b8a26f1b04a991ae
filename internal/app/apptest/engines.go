package apptest

import (
	"testing"

	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Engines runs test once per database engine (databasetest.Engines), each time on a fresh
// database with a Hive started on it (Start, which seeds the demo users; configure adjusts its
// config): the set-up most HTTP tests begin with.
func Engines(t *testing.T, test func(t *testing.T, s *Server, db *database.DB), configure ...func(*config.Config)) {
	t.Helper()
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		test(t, Start(t, db, configure...), db)
	})
}
