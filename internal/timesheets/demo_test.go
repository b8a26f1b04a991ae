package timesheets_test

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/bookings/demo"
	"github.com/hive/hive/internal/jobs"
	orgdemo "github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/timesheets"
)

func TestDemoShowsATimesheetInEachStatus(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		if _, err := accounts.SeedDemo(ctx, db); err != nil {
			t.Fatal(err)
		}
		for _, seed := range []func(context.Context, *database.DB) error{orgdemo.Seed, jobs.SeedDemo, demo.Seed,
			timesheets.SeedDemo, timesheets.SeedDemo} {
			if err := seed(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		got := databasetest.Select[string](t, db, `SELECT status FROM timesheets WHERE job_title = 'Autumn Fixtures'
			ORDER BY local_date`)
		if len(got) != 4 || got[0] != "to_fill" || got[1] != "submitted" || got[2] != "disputed" || got[3] != "approved" {
			t.Errorf("demo timesheets %v", got)
		}
	})
}
