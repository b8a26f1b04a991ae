package invoices_test

import (
	"context"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// The invoices report: one row per line in Xero's bills layout, a credit note's amounts
// negative, the lines' VAT adding up to the document's, and a supplier's typed name made safe.
func TestInvoicesExport(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		clock := databasetest.StopClock(f.DB)
		clock.Set(mustTime(t, "2027-04-02T09:00:00Z"))
		databasetest.Exec(t, f.DB, `UPDATE legal_entities SET company_name = '=HYPERLINK("x")' WHERE id = ?`, f.Gamma)
		a := f.line("2027-03-02")
		a.AmountMinor, a.UnitMinor = 33333, 33333
		b := f.line("2027-03-03")
		b.AmountMinor = 33333
		docs := f.issue(t, a, b)
		if _, err := f.Store.Change(context.Background(), docs[0].ID, 1, invoices.Change{Status: invoices.StatusVoid, Reason: "Wrong"},
			func(invoices.Invoice) error { return nil }, 0); err != nil {
			t.Fatal(err)
		}
		d := f.line("2027-03-04")
		d.SupplierLegalEntityID = f.Delta
		f.issue(t, d)
		res := f.S.As(apptest.Manager).Do("POST", "/administration/report", map[string]any{"reportType": "invoices",
			"startDate": "2027-04-01", "endDate": "2027-04-30"}).Want(200)
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(res.Body), "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		head := strings.Join(rows[0], ",")
		if head != "ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,InvoiceNumber,"+
			"InvoiceDate,DueDate,Description,Quantity,UnitAmount,AccountCode,TaxType,TaxAmount,Currency" {
			t.Fatalf("header %s", head)
		}
		if len(rows) != 1+2+2+1 {
			t.Fatalf("rows %d: %v", len(rows), rows)
		}
		gamma, credit, delta := rows[1], rows[3], rows[5]
		// 2 × 333.33 = 666.66 net, VAT 133.33 (each line's 66.67 would make 133.34): 66.67 + 66.66.
		if gamma[0] != `'=HYPERLINK("x")` || gamma[6] != "SB"+itoa(f.Gamma)+"-00001" || gamma[7] != "2027-04-02" ||
			gamma[8] != "2027-05-02" || gamma[9] != "2027-03-02 Camera operator: 10.00 h at 333.33/day" || gamma[10] != "1" ||
			gamma[11] != "333.33" || gamma[12] != "310" || gamma[13] != "20% (VAT on Expenses)" || gamma[14] != "66.67" ||
			rows[2][14] != "66.66" || gamma[15] != "GBP" {
			t.Errorf("gamma's line %q / %q", gamma, rows[2])
		}
		if credit[6] != "CN"+itoa(f.Gamma)+"-00001" || credit[11] != "-333.33" || credit[14] != "-66.67" {
			t.Errorf("credit note line %q", credit)
		}
		if delta[0] != "Delta Sound" || delta[13] != "No VAT" || delta[14] != "0.00" {
			t.Errorf("delta's line %q", delta)
		}
		// Another client's manager sees none of it.
		orgLinkManager(t, f, f.W.Users[apptest.Staff], f.W.ClientB)
		other := f.S.As(apptest.Staff).Do("POST", "/administration/report", map[string]any{"reportType": "invoices",
			"startDate": "2027-04-01", "endDate": "2027-04-30"}).Want(200)
		if lines := strings.Count(string(other.Body), "\n"); lines != 1 {
			t.Errorf("another client's manager got %d lines: %s", lines, other.Body)
		}
	})
}

// The invoices report's jobIds keeps the documents with a line of one of the job templates (of
// the lines' bookings), whole; another client's manager naming them gets none.
func TestInvoicesExportByJob(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		clock := databasetest.StopClock(f.DB)
		clock.Set(mustTime(t, "2027-04-02T09:00:00Z"))
		cup := orgtest.JobTemplateOf(t, f.DB, f.W.DeptA1, "Cup Final", orgtest.Shift{Title: "Camera", Start: "08:00",
			End: "18:00", Buy: 45000, Sell: 50000})
		derby := orgtest.JobTemplateOf(t, f.DB, f.W.DeptA1, "Derby", orgtest.Shift{Title: "Sound", Start: "08:00",
			End: "18:00", Buy: 45000, Sell: 50000})
		cupBooking := orgtest.Book(t, f.S, apptest.Manager, cup, []string{"2027-04-10"})
		derbyBooking := orgtest.Book(t, f.S, apptest.Manager, derby, []string{"2027-04-11"})
		gamma1, gamma2, delta := f.line("2027-03-02"), f.line("2027-03-03"), f.line("2027-03-04")
		gamma1.BookingID, gamma2.BookingID = cupBooking.ID, derbyBooking.ID // one invoice, both jobs
		delta.BookingID, delta.SupplierLegalEntityID = derbyBooking.ID, f.Delta
		f.issue(t, gamma1, gamma2, delta)

		numbers := func(role string, jobs []int64) string {
			t.Helper()
			res := f.S.As(role).Do("POST", "/administration/report", map[string]any{"reportType": "invoices",
				"startDate": "2027-04-01", "endDate": "2027-04-30", "jobIds": jobs}).Want(200)
			rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(res.Body), "\ufeff"))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows[1:] {
				out = append(out, r[6]) // InvoiceNumber
			}
			return strings.Join(out, ",")
		}
		g, d := "SB"+itoa(f.Gamma)+"-00001", "SB"+itoa(f.Delta)+"-00001"
		if got, want := numbers(apptest.Manager, nil), g+","+g+","+d; got != want {
			t.Errorf("unfiltered: %s, want %s", got, want)
		}
		if got, want := numbers(apptest.Manager, []int64{cup}), g+","+g; got != want {
			t.Errorf("the Cup Final's: %s, want Gamma's invoice whole, %s", got, want)
		}
		if got, want := numbers(apptest.Manager, []int64{derby}), g+","+g+","+d; got != want {
			t.Errorf("the Derby's: %s, want %s", got, want)
		}
		orgLinkManager(t, f, f.W.Users[apptest.Staff], f.W.ClientB)
		if got := numbers(apptest.Staff, []int64{cup, derby}); got != "" {
			t.Errorf("another client's manager got %s", got)
		}
		f.S.As(apptest.Freelancer).Do("POST", "/administration/report", map[string]any{"reportType": "invoices",
			"startDate": "2027-04-01", "endDate": "2027-04-30", "jobIds": []int64{cup}}).WantError(403, "A-102")
	})
}
