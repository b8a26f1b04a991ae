package invoices_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// From approved timesheets to an invoice: the manager's 'Issue invoices' bills each approved
// timesheet of the client (its time and its expense) once, by the client's billing rules.
func TestIssueFromApprovedTimesheets(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		clock := databasetest.StopClock(f.DB)
		clock.Set(mustTime(t, "2027-04-02T09:00:00Z"))
		b := f.booked(t, "2027-03-01")
		sheet := func(n int, status string, minutes int, amount int64) int64 {
			return f.sheet(t, b, n, "2027-03-01", status, minutes, amount)
		}
		approved := sheet(0, "approved", 660, 50625) // 11 hours: a day and an hour's overtime at 1.5 × 450/8
		sheet(1, "submitted", 480, 45000)
		databasetest.Exec(t, f.DB, `INSERT INTO timesheet_expenses (timesheet_id, position, description, amount_minor, currency,
			created_at) VALUES (?, 0, 'Parking', 1250, 'GBP', ?)`, approved, f.DB.Now())
		var res struct {
			Items []struct {
				Number    string
				NetMinor  int64
				DueDate   string
				PeriodEnd string
				Lines     []struct {
					TimesheetID int64
					Hours       float64
					AmountMinor int64
					Kind        string
				}
			}
		}
		c := f.S.As(apptest.Manager)
		c.Do("POST", "/invoice/issue", map[string]any{"clientId": f.W.ClientA, "through": "2027-03-31"}).Want(200).Decode(&res)
		if len(res.Items) != 1 {
			t.Fatalf("issued %+v", res)
		}
		inv := res.Items[0]
		if inv.NetMinor != 51875 || len(inv.Lines) != 2 || inv.Lines[0].TimesheetID != approved || inv.Lines[0].Hours != 11 ||
			inv.Lines[0].AmountMinor != 50625 || inv.Lines[1].Kind != "expense" || inv.PeriodEnd != "2027-03-31" ||
			inv.DueDate != mustTime(t, "2027-04-02T09:00:00Z").AddDate(0, 0, 30).Format(time.DateOnly) {
			t.Errorf("invoice %+v", inv)
		}
		c.Do("POST", "/invoice/issue", map[string]any{"clientId": f.W.ClientA, "through": "2027-03-31"}).Want(200).Decode(&res)
		if len(res.Items) != 0 {
			t.Errorf("issued again: %+v", res)
		}
		c.Do("POST", "/invoice/issue", map[string]any{"clientId": f.W.ClientA, "through": "March"}).Want(422)
	})
}

// booked is a booking of department A1 on dates with the demo freelancer on every placement.
func (f *fixture) booked(t *testing.T, dates ...string) orgtest.Booked {
	t.Helper()
	jt := orgtest.JobTemplate(t, f.DB, f.W.DeptA1)
	return orgtest.Book(t, f.S, apptest.Manager, jt, dates, f.Freelancer)
}

// sheet is the demo freelancer's timesheet of placement n of b (for Gamma, to client A).
func (f *fixture) sheet(t *testing.T, b orgtest.Booked, n int, date, status string, minutes int, amount int64) int64 {
	t.Helper()
	now := f.DB.Now()
	return databasetest.InsertID(t, f.DB, `INSERT INTO timesheets (instruction_id, booking_id, placement_id, user_id,
		department_id, client_entity_id, supplier_legal_entity_id, client_legal_entity_id, job_title, local_date,
		scheduled_start_at, scheduled_end_at, start_at, end_at, rate_minor, rate_period, worked_minutes, amount_minor,
		status, approved_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'Camera operator', ?, ?, ?, ?, ?, 45000, 'day', ?, ?, ?, ?, ?, ?)
		RETURNING id`, b.Instruction(t, n, f.Freelancer), b.ID, b.Placements[n].ID, f.Freelancer, f.W.DeptA1,
		f.W.ClientA, f.Gamma, f.W.LegalA, date, now, now, now, now, minutes, amount, status, now, now, now)
}

// The demo's invoicing: the approved timesheets invoiced, the first invoice paid, the last voided
// with its credit note and its timesheets invoiced again; a second run changes nothing.
func TestSeedDemo(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		b := f.booked(t, "2027-01-04", "2027-02-01", "2027-03-01")
		for n, date := range []string{"2027-01-04", "2027-02-01", "2027-03-01"} {
			f.sheet(t, b, n, date, "approved", 480, 45000)
		}
		for range 2 {
			if err := invoices.SeedDemo(context.Background(), f.DB); err != nil {
				t.Fatal(err)
			}
		}
		got := databasetest.Select[string](t, f.DB, `SELECT kind || ':' || status FROM invoices ORDER BY id`)
		if strings.Join(got, " ") != "invoice:paid invoice:issued invoice:void credit_note:issued invoice:issued" {
			t.Errorf("demo invoices %v", got)
		}
	})
}
