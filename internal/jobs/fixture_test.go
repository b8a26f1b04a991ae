package jobs_test

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	orgdemo "github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/platform/database"
)

// withDemo runs test once per database engine, each time on a Hive holding the demo accounts
// (apptest.Start seeds them) and the demo organisations.
func withDemo(t *testing.T, test func(t *testing.T, s *apptest.Server, db *database.DB)) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		if err := orgdemo.Seed(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		test(t, s, db)
	})
}

type obj = map[string]any
