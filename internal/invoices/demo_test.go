package invoices_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
	bookingdemo "github.com/hive/hive/internal/bookings/demo"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/jobs"
	orgdemo "github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/people/directory"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/timesheets"
)

// The demo data, seeded in the order `hive seed demo` seeds it (twice), shows the whole chain:
// Felix's timesheets to fill, submitted, disputed and approved, and invoices of self-billing
// suppliers: a paid one, a voided one with its credit note and an issued one; Chen Camera Ltd,
// which agrees in the invoices journey, is not invoiced.
func TestDemoShowsTheWholeChain(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		for range 2 {
			if _, err := accounts.SeedDemo(ctx, db); err != nil {
				t.Fatal(err)
			}
			for _, seed := range []func(context.Context, *database.DB) error{orgdemo.Seed, directory.SeedDemo,
				func(ctx context.Context, db *database.DB) error {
					return orgdemo.HireLocalCrew(ctx, db, directory.LocalCrewEmails())
				},
				orgdemo.SetPreferredSuppliers, jobs.SeedDemo, bookingdemo.Seed, timesheets.SeedDemo, invoices.SeedDemo} {
				if err := seed(ctx, db); err != nil {
					t.Fatal(err)
				}
			}
		}
		felix := databasetest.Select[string](t, db, `SELECT status FROM timesheets WHERE job_title = 'Autumn Fixtures'
			ORDER BY local_date`)
		if strings.Join(felix, " ") != "to_fill submitted disputed approved" {
			t.Errorf("Felix's demo timesheets %v", felix)
		}
		got := databasetest.Select[string](t, db, `SELECT kind || ':' || status FROM invoices ORDER BY id`)
		if strings.Join(got, " ") != "invoice:paid invoice:void credit_note:issued invoice:issued" {
			t.Errorf("demo invoices %v", got)
		}
		chen := databasetest.Select[int64](t, db, `SELECT COUNT(*) FROM invoices i JOIN legal_entities l
			ON l.id = i.supplier_legal_entity_id WHERE l.company_name = 'Chen Camera Ltd'`)
		if chen[0] != 0 {
			t.Errorf("Chen Camera Ltd invoiced %d times in the demo", chen[0])
		}
	})
}
