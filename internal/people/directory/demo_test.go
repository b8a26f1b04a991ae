package directory_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/people/directory"
	"github.com/hive/hive/internal/places"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
)

// TestSeedDemo: about 200 freelancers with rates in three currencies, towns, tags and some
// mid-onboarding; a second run adds nothing.
func TestSeedDemo(t *testing.T) {
	withOrganisations(t, func(t *testing.T, ctx context.Context, db *database.DB) {
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
		if n := count(`SELECT COUNT(*) FROM users WHERE is_freelancer = TRUE AND (location_name = '' OR latitude IS NULL)`); n != 0 {
			t.Errorf("%d demo freelancers without a location", n)
		}
		if n := count(`SELECT COUNT(DISTINCT ut.user_id) FROM user_tags ut JOIN tags t ON t.id = ut.tag_id
			JOIN users u ON u.id = ut.user_id WHERE t.category = 'job_title' AND u.email_lc LIKE '%@demo.hive.test'`); n < 150 {
			t.Errorf("%d with a job title", n)
		}
	})
}

// TestSeedDemoTowns: demo freelancers live in real towns with the gazetteer's name and position,
// and a search within 25 miles of Salford has several to find.
func TestSeedDemoTowns(t *testing.T) {
	withOrganisations(t, func(t *testing.T, ctx context.Context, db *database.DB) {
		if err := directory.SeedDemo(ctx, db); err != nil {
			t.Fatal(err)
		}
		var rows []struct {
			Name string  `db:"location_name"`
			Lat  float64 `db:"latitude"`
			Lng  float64 `db:"longitude"`
		}
		if err := db.Select(ctx, &rows, `SELECT location_name, latitude, longitude FROM users
			WHERE email_lc LIKE '%@demo.hive.test' ORDER BY id`); err != nil {
			t.Fatal(err)
		}
		x, salford := gazetteer(t)
		near, towns := 0, map[string]bool{}
		for _, r := range rows {
			found := false
			name, _, _ := strings.Cut(r.Name, ",")
			for _, p := range x.Search(name, places.MaxResults) {
				found = found || (p.Address() == r.Name && p.Lat == r.Lat && p.Lng == r.Lng)
			}
			if !found {
				t.Errorf("%s at %v, %v is not a gazetteer place", r.Name, r.Lat, r.Lng)
			}
			towns[r.Name] = true
			if search.DistanceMiles(salford.Lat, salford.Lng, r.Lat, r.Lng) <= 25 {
				near++
			}
		}
		if near < 10 || len(towns) < 20 || !towns["Salford, England, United Kingdom"] {
			t.Errorf("%d freelancers within 25 miles of Salford, %d towns: %v", near, len(towns), towns)
		}
	})
}

// TestSeedDemoLocalCrew: Sport may hire at least five camera operators with Steadicam within 25
// miles of Salford at under 450 GBP a day, the target advanced search on demo data.
func TestSeedDemoLocalCrew(t *testing.T) {
	withOrganisations(t, func(t *testing.T, ctx context.Context, db *database.DB) {
		for range 2 { // a second run changes nothing
			if err := directory.SeedDemo(ctx, db); err != nil {
				t.Fatal(err)
			}
			if err := demo.HireLocalCrew(ctx, db, directory.LocalCrewEmails()); err != nil {
				t.Fatal(err)
			}
		}
		var crew []struct {
			Lat  float64 `db:"latitude"`
			Lng  float64 `db:"longitude"`
			Rate int64   `db:"day_rate_minor"`
		}
		if err := db.Select(ctx, &crew, `SELECT u.latitude, u.longitude, u.day_rate_minor FROM users u
			JOIN user_department_refs r ON r.user_id = u.id AND r.can_hire = TRUE
			JOIN departments d ON d.id = r.department_id AND d.name = 'Sport'
			WHERE u.day_rate_currency = 'GBP' AND u.account_status = ?
			AND EXISTS (SELECT 1 FROM user_tags ut JOIN tags t ON t.id = ut.tag_id WHERE ut.user_id = u.id AND t.name = 'Steadicam')
			AND EXISTS (SELECT 1 FROM user_tags ut JOIN tags t ON t.id = ut.tag_id WHERE ut.user_id = u.id AND t.name = 'Camera Operator')`,
			accounts.StatusActive); err != nil {
			t.Fatal(err)
		}
		_, salford := gazetteer(t)
		n := 0
		for _, c := range crew {
			if c.Rate < 45000 && search.DistanceMiles(salford.Lat, salford.Lng, c.Lat, c.Lng) <= 25 {
				n++
			}
		}
		if n < 5 {
			t.Errorf("%d camera operators with Steadicam near Salford under 450 GBP that Sport may hire, want 5 or more", n)
		}
	})
}

// withOrganisations runs test once per database engine, each time on a fresh database holding
// the demo accounts and organisations, which the demo freelancers join.
func withOrganisations(t *testing.T, test func(t *testing.T, ctx context.Context, db *database.DB)) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		orgtest.SeedDemo(t, db)
		test(t, context.Background(), db)
	})
}

// gazetteer is the places index the demo freelancers' towns come from, and Salford in it.
func gazetteer(t *testing.T) (*places.Index, places.Place) {
	t.Helper()
	x, err := places.Default()
	if err != nil {
		t.Fatal(err)
	}
	salford, _ := x.Lookup("Salford", "GB")
	return x, salford
}
