package invoices_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// fixture is orgtest's World (manager manages client A, dept its department A1; client B has
// no managers) with two suppliers: Gamma Camera Ltd, VAT registered at 20% with bank details,
// whose entity the demo freelancer manages, and Delta Sound, a sole trader not VAT registered.
// Both agreed to self-billing unless a test says otherwise.
type fixture struct {
	S              *apptest.Server
	DB             *database.DB
	W              orgtest.World
	Store          *invoices.Store
	Gamma, Delta   int64 // supplier legal entities
	Freelancer     int64 // the demo freelancer, who works for Gamma
	OtherFreelance int64 // a freelancer who works for Delta
	next           int64 // the next timesheet id lines get
}

func eachEngine(t *testing.T, test func(t *testing.T, f *fixture)) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		f := &fixture{S: s, DB: db, W: w, Store: &invoices.Store{DB: db}, Freelancer: w.Users[apptest.Freelancer]}
		f.Gamma = orgtest.LegalEntity(t, db, "Gamma Camera Ltd")
		databasetest.Exec(t, db, `UPDATE legal_entities SET vat_registered = TRUE, vat_number = 'GB246813579',
			vat_pct_hundredths = 2000, address1 = '3 Canal Street', address2 = 'Manchester', address4 = 'M1 3HE',
			bank_name = 'Barclays', sort_code = '202015', account_number = '55555555', iban = 'GB33BUKB20201555555555'
			WHERE id = ?`, f.Gamma)
		orgtest.LinkLegal(t, db, w.Supplier, f.Gamma)
		orgtest.LinkEntity(t, db, f.Freelancer, w.Supplier, true, true)
		f.Delta = orgtest.LegalEntity(t, db, "")
		databasetest.Exec(t, db, `UPDATE legal_entities SET type = 'uk_sole_trader', trading_name = 'Delta Sound',
			vat_registered = FALSE, vat_number = '' WHERE id = ?`, f.Delta)
		f.OtherFreelance = orgtest.Freelancer(t, db, "sam.delta@hive.test", "Sam")
		for _, le := range []int64{f.Gamma, f.Delta} {
			if _, err := f.Store.SetSelfBilling(context.Background(), le, true, 0, f.Freelancer, "Felix Reid"); err != nil {
				t.Fatal(err)
			}
		}
		f.next = 1000
		test(t, f)
	})
}

// line is an approved day of Gamma's freelancer for client A's department A1 at 450.00 a day.
func (f *fixture) line(date string) invoices.Approved {
	f.next++
	return invoices.Approved{TimesheetID: f.next, UserID: f.Freelancer, DepartmentID: f.W.DeptA1,
		ClientEntityID: f.W.ClientA, BookingID: 77, SupplierLegalEntityID: f.Gamma, ClientLegalEntityID: f.W.LegalA,
		Currency: "GBP", Date: date, Description: "Camera operator", Hundredths: 1000, RatePeriod: "day",
		UnitMinor: 45000, AmountMinor: 45000}
}

// expense is an expense of timesheet l.
func expense(l invoices.Approved, ref string, minor int64) invoices.Approved {
	l.ExpenseRef, l.Description, l.Hundredths, l.RatePeriod, l.UnitMinor, l.AmountMinor = ref, "Expense: Parking", 100, "", minor, minor
	return l
}

func monthly(int64) invoices.Rules { return invoices.DefaultRules }

// issue issues lines as the manager and fails the test on an error.
func (f *fixture) issue(t *testing.T, lines ...invoices.Approved) []invoices.Invoice {
	t.Helper()
	docs, err := f.Store.Issue(context.Background(), lines, monthly, f.W.Users[apptest.Manager])
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

func numbers(docs []invoices.Invoice) string {
	s := ""
	for _, d := range docs {
		s += fmt.Sprintf("%s:%d ", d.NumberText, d.TotalMinor)
	}
	return s
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return at
}
