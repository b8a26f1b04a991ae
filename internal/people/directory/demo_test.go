package directory_test

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/people/directory"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestSeedDemo: about 200 freelancers with rates in three currencies, towns, tags and some
// mid-onboarding; a second run adds nothing.
func TestSeedDemo(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		if err := seedOrganisations(ctx, db); err != nil {
			t.Fatal(err)
		}
		count := func(q string) int {
			var n int
			if err := db.Get(ctx, &n, q); err != nil {
				t.Fatal(err)
			}
			return n
		}
		for range 2 {
			if err := directory.SeedDemo(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		if n := count(`SELECT COUNT(*) FROM users WHERE email_lc LIKE '%@demo.hive.test'`); n != directory.DemoFreelancers {
			t.Errorf("%d demo freelancers", n)
		}
		if n := count(`SELECT COUNT(DISTINCT day_rate_currency) FROM users WHERE email_lc LIKE '%@demo.hive.test'`); n != 3 {
			t.Errorf("%d currencies", n)
		}
		if n := count(`SELECT COUNT(*) FROM users WHERE email_lc LIKE '%@demo.hive.test' AND onboarding_state <> 'complete'`); n < 20 {
			t.Errorf("%d mid-onboarding", n)
		}
		if n := count(`SELECT COUNT(*) FROM users WHERE email_lc LIKE '%@demo.hive.test' AND (location_name = '' OR latitude IS NULL)`); n != 0 {
			t.Errorf("%d without a location", n)
		}
		if n := count(`SELECT COUNT(DISTINCT ut.user_id) FROM user_tags ut JOIN tags t ON t.id = ut.tag_id
			JOIN users u ON u.id = ut.user_id WHERE t.category = 'job_title' AND u.email_lc LIKE '%@demo.hive.test'`); n < 150 {
			t.Errorf("%d with a job title", n)
		}
	})
}

func seedOrganisations(ctx context.Context, db *database.DB) error {
	if _, err := accounts.SeedDemo(ctx, db); err != nil {
		return err
	}
	return demo.Seed(ctx, db)
}
