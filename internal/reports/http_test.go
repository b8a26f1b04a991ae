package reports_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/reports"
)

// want compares a report with the expected lines, each record's cells joined by " | ".
func want(t *testing.T, name string, got [][]string, lines ...string) {
	t.Helper()
	joined := make([]string, len(got))
	for i, r := range got {
		joined[i] = strings.Join(r, " | ")
	}
	apptest.WantLines(t, name, joined, lines...)
}

func TestReportsOnTheFixedDataSet(t *testing.T) {
	worldEngines(t, func(t *testing.T, w world) {
		a, b := w.bookingA, w.bookingB

		// Cost, Charge and Margin hold confirmed work only; the placement's open offer is
		// pipeline; the cancellation (after the placement's start: late) counts nothing.
		want(t, "financial metrics as an administrator", w.run(t, apptest.Admin, request(reports.FinancialMetrics)),
			"Client | Department | Job | Booking Reference | Booking ID | Placement Date | Freelancer | Hours | Buy Rate | Buy Currency | Buy Period | Sell Rate | Sell Currency | Sell Period | Status | Counted As | Late Cancellation | Cost | Charge | Margin | Pipeline Cost | Pipeline Charge",
			fmt.Sprintf("Alpha Broadcasting | News | Cup Final | '=1+2 | %d | 2026-10-24 | Zoë Reid | 8.00 | 20.00 | GBP | hour | 30.00 | GBP | hour | Confirmed | Confirmed | No | 160.00 | 240.00 | 80.00 | 0.00 | 0.00", a),
			fmt.Sprintf("Alpha Broadcasting | News | Cup Final | '=1+2 | %d | 2026-10-24 | Zoë Reid | 9.00 | 300.00 | GBP | day | 250.00 | GBP | day | Awaiting client | Pipeline | No | 0.00 | 0.00 | 0.00 | 300.00 | 250.00", a),
			fmt.Sprintf("Beta Television | Drama | Cup Final | B-7 | %d | 2026-10-26 | Zoë Reid | 8.00 | 200.00 | GBP | day | 250.00 | GBP | day | Cancelled | Not counted | Yes | 0.00 | 0.00 | 0.00 | 0.00 | 0.00", b),
			fmt.Sprintf("Beta Television | Drama | Cup Final | B-7 | %d | 2026-10-26 | Zoë Reid | 8.00 | 200.00 | GBP | day | 250.00 | EUR | day | Awaiting response | Pipeline | No | 0.00 | 0.00 |  | 200.00 | 250.00", b))

		// Client A's manager: their client's rows only, without buy figures, the sell rate
		// labelled 'Chargeable Rate'.
		want(t, "financial metrics as client A's manager", w.run(t, apptest.Manager, request(reports.FinancialMetrics)),
			"Client | Department | Job | Booking Reference | Booking ID | Placement Date | Freelancer | Hours | Chargeable Rate | Currency | Rate Period | Status | Counted As | Late Cancellation | Charge | Pipeline Charge",
			fmt.Sprintf("Alpha Broadcasting | News | Cup Final | '=1+2 | %d | 2026-10-24 | Zoë Reid | 8.00 | 30.00 | GBP | hour | Confirmed | Confirmed | No | 240.00 | 0.00", a),
			fmt.Sprintf("Alpha Broadcasting | News | Cup Final | '=1+2 | %d | 2026-10-24 | Zoë Reid | 9.00 | 250.00 | GBP | day | Awaiting client | Pipeline | No | 0.00 | 250.00", a))

		want(t, "bookings", w.run(t, apptest.Admin, request(reports.Bookings)),
			"Booking ID | Booking Reference | Booking Title | Client | Department | Job | Placement | Placement Date | Start | End | Time Zone | Freelancer | Freelancer Email | Supplier Status | Client Status | Status",
			fmt.Sprintf("%d | '=1+2 | Cup Final | Alpha Broadcasting | News | Cup Final | Shift 1 | 2026-10-24 | 09:00 | 17:00 | Europe/London | Zoë Reid | freelancer@hive.test | accepted | accepted | Confirmed", a),
			fmt.Sprintf("%d | '=1+2 | Cup Final | Alpha Broadcasting | News | Cup Final | Shift 2 | 2026-10-24 | 22:00 | 06:00 | Europe/London | Zoë Reid | freelancer@hive.test | accepted | awaiting_response | Awaiting client", a),
			fmt.Sprintf("%d | B-7 | Cup Final | Beta Television | Drama | Cup Final | Shift 1 | 2026-10-26 | 09:00 | 17:00 | Europe/London | Zoë Reid | freelancer@hive.test | awaiting_response | cancelled | Cancelled", b),
			fmt.Sprintf("%d | B-7 | Cup Final | Beta Television | Drama | Cup Final | Shift 2 | 2026-10-26 | 22:00 | 06:00 | Europe/London | Zoë Reid | freelancer@hive.test | awaiting_response | awaiting_response | Awaiting response", b))

		// Filters narrow the rows: one department, one day.
		want(t, "bookings of Drama", w.run(t, apptest.Admin, request(reports.Bookings, "departmentIds", []int64{w.DeptB1}))[1:],
			fmt.Sprintf("%d | B-7 | Cup Final | Beta Television | Drama | Cup Final | Shift 1 | 2026-10-26 | 09:00 | 17:00 | Europe/London | Zoë Reid | freelancer@hive.test | awaiting_response | cancelled | Cancelled", b),
			fmt.Sprintf("%d | B-7 | Cup Final | Beta Television | Drama | Cup Final | Shift 2 | 2026-10-26 | 22:00 | 06:00 | Europe/London | Zoë Reid | freelancer@hive.test | awaiting_response | awaiting_response | Awaiting response", b))
		if rows := w.run(t, apptest.Admin, request(reports.Bookings, "startDate", "2026-10-25")); len(rows) != 3 {
			t.Errorf("from the 25th: %d lines", len(rows))
		}
		if rows := w.run(t, apptest.Admin, request(reports.Bookings, "userIds", []int64{w.Users["staff"]})); len(rows) != 1 {
			t.Errorf("another user's instructions: %d lines", len(rows))
		}

		want(t, "agency", w.run(t, apptest.Admin, request(reports.Agency)),
			"ID | Agency | Type | Country | Email | Instructions | Confirmed | Awaiting | Cancelled or Rejected",
			fmt.Sprintf("%d | Gamma Facilities | supplier | GB |  | 2 | 1 | 1 | 0", w.Supplier))

		want(t, "entities", w.run(t, apptest.Admin, request(reports.Entities)),
			"ID | Name | Type | Country | Time Zone | Email | Cancel Window Days | Departments | Created",
			fmt.Sprintf("%d | Alpha Broadcasting | client | GB | Europe/London |  | 0 | 2 | 2026-01-02", w.ClientA),
			fmt.Sprintf("%d | Beta Television | client | GB | Europe/London |  | 0 | 1 | 2026-01-02", w.ClientB),
			fmt.Sprintf("%d | Gamma Facilities | supplier | GB | Europe/London |  | 0 | 0 | 2026-01-02", w.Supplier))

		want(t, "job templates", w.run(t, apptest.Admin, request(reports.JobTemplates)),
			"ID | Job | Type | Client | Department | Placement Templates | Preferred Freelancers | Created",
			fmt.Sprintf("%d | Cup Final | template | Alpha Broadcasting | News | 2 | 0 | 2026-01-02", job(t, w.db, w.DeptA1)),
			fmt.Sprintf("%d | Cup Final | template | Beta Television | Drama | 2 | 0 | 2026-01-02", job(t, w.db, w.DeptB1)))

		users := w.run(t, apptest.Admin, request(reports.Users))
		want(t, "users' header", users[:1],
			"ID | First Name | Last Name | Email | Phone | Freelancer | Administrator | Account Status | Country | Time Zone | Created")
		if n := databasetest.Get[int](t, w.db, `SELECT COUNT(*) FROM users`); len(users) != n+1 {
			t.Errorf("users: %d lines for %d users", len(users), n)
		}
		want(t, "two users", w.run(t, apptest.Admin, request(reports.Users, "userIds", []int64{w.Users["freelancer"], w.Users["admin"]}))[1:],
			fmt.Sprintf("%d | Ada | Admin | admin@hive.test |  | No | Yes | active | GB | Europe/London | 2026-01-02", w.Users["admin"]),
			fmt.Sprintf("%d | Zoë | Reid | freelancer@hive.test | %s | Yes | No | active | GB | Europe/London | 2026-01-02",
				w.Users["freelancer"], databasetest.Get[string](t, w.db, `SELECT phone FROM users WHERE id = ?`, w.Users["freelancer"])))
	})
}

func job(t *testing.T, db *database.DB, dept int64) int64 {
	return databasetest.Get[int64](t, db, `SELECT id FROM job_templates WHERE department_id = ?`, dept)
}

func TestWhoMayRunWhichReport(t *testing.T) {
	worldEngines(t, func(t *testing.T, w world) {
		var cases []apptest.Case
		for _, typ := range reports.Types {
			// Administrators run everything; client A's manager Financial Metrics, Timesheets and Invoices; the
			// department manager (no client or agency), staff and freelancers nothing.
			statuses := map[string]int{apptest.Admin: 200, apptest.Manager: 403, apptest.DeptMgr: 403, apptest.Staff: 403,
				apptest.Freelancer: 403, apptest.Anonymous: 401}
			if typ == reports.FinancialMetrics || typ == reports.Timesheets || typ == reports.Invoices {
				statuses[apptest.Manager] = 200
			}
			for _, role := range apptest.Roles {
				cases = append(cases, apptest.Case{Name: string(typ) + " as " + role, As: role, Method: "POST",
					Path: "/administration/report", Body: request(typ), Status: statuses[role]})
			}
		}
		// Client A's manager may not name client B or its department: not found, nothing confirmed.
		cases = append(cases,
			apptest.Case{Name: "another client", As: apptest.Manager, Method: "POST", Path: "/administration/report",
				Body: request(reports.FinancialMetrics, "clientIds", []int64{w.ClientB}), Status: 404},
			apptest.Case{Name: "another client's department", As: apptest.Manager, Method: "POST", Path: "/administration/report",
				Body: request(reports.FinancialMetrics, "departmentIds", []int64{w.DeptB1}), Status: 404},
			apptest.Case{Name: "their own client", As: apptest.Manager, Method: "POST", Path: "/administration/report",
				Body: request(reports.FinancialMetrics, "clientIds", []int64{w.ClientA}), Status: 200})
		w.s.Run(t, cases)

		// Naming client B's users or jobs does not reach client B's rows either.
		rows := w.run(t, apptest.Manager, request(reports.FinancialMetrics, "jobIds", []int64{job(t, w.db, w.DeptB1)}))
		if len(rows) != 1 {
			t.Errorf("client B's job through client A's manager: %v", rows)
		}
		for _, r := range w.run(t, apptest.Manager, request(reports.FinancialMetrics, "userIds", []int64{w.Users["freelancer"]}))[1:] {
			if r[0] != "Alpha Broadcasting" {
				t.Errorf("another client's row: %v", r)
			}
		}
	})
}

func TestBadRequestsAre422(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		admin := s.As(apptest.Admin)
		var p apptest.Problem
		admin.Do("POST", "/administration/report", request(reports.Bookings, "startDate", "2026-11-01")).
			WantError(422, "V-422").Decode(&p)
		if p.Msg("endDate") != reports.MsgStartAfter {
			t.Errorf("start after end: %+v", p)
		}
		admin.Do("POST", "/administration/report", request(reports.Bookings, "startDate", "01/10/2026")).
			WantError(422, "V-422").Decode(&p)
		if p.Msg("startDate") != reports.MsgDate {
			t.Errorf("bad date: %+v", p)
		}
		admin.Do("POST", "/administration/report", request("payroll")).WantError(422, "V-422")
		admin.Do("POST", "/administration/report", request(reports.Bookings, "reportFormat", "xlsx")).WantError(422, "V-422")
		admin.Do("POST", "/administration/report", map[string]any{"reportType": "bookings"}).WantError(422, "V-422")
		// csv is the default format, and may be named.
		admin.Do("POST", "/administration/report", request(reports.Bookings, "reportFormat", "csv")).Want(200)
	})
}
