package timesheets_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/timesheets"
)

// fixture is client A's department A1 (manager manages A, dept manages A1) with one booking
// on 2027-03-10, 08:00 to 20:00 with an hour's unpaid break at £400 a day, accepted by both
// sides for the demo freelancer; and a manager of another client (staff, here) and another
// freelancer (Chloe) as outsiders. The clock stands before the placement.
type fixture struct {
	s     *apptest.Server
	db    *database.DB
	clk   *clock.Settable
	w     orgtest.World
	user  int64
	sheet int64
	// dataDir holds the server's blob store (blobs/).
	dataDir string
}

func setup(t *testing.T, db *database.DB) *fixture {
	t.Helper()
	clk := clock.At(time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC))
	db.Now = clk.Now
	dataDir := t.TempDir() // receipts' blobs
	s := apptest.Start(t, db, func(c *config.Config) { c.DataDir = dataDir })
	w := orgtest.Build(t, db)
	orgtest.LinkEntity(t, db, w.Users[apptest.Staff], w.ClientB, true, true) // another client's manager
	f := &fixture{s: s, db: db, clk: clk, w: w, user: w.Users[apptest.Freelancer], dataDir: dataDir}
	jt := orgtest.JobTemplateOf(t, db, w.DeptA1, "Cup Final", orgtest.Shift{Title: "Camera", Start: "08:00", End: "20:00",
		UnpaidBreaks: 60, Buy: 40000, Sell: 50000})
	b := orgtest.Book(t, s, apptest.Manager, jt, []string{"2027-03-10"}, f.user)
	instr := b.Instruction(t, 0, f.user)
	databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = 'accepted', client_status = 'accepted' WHERE id = ?`, instr)
	return f
}

// as signs role in afresh (the clock moves by days between steps, past idle sessions).
func (f *fixture) as(role string) *apptest.Client {
	if strings.Contains(role, "@") {
		return f.s.Login(role)
	}
	return f.s.Login(role + "@hive.test")
}

func decode[T any](t *testing.T, r *apptest.Response) T {
	t.Helper()
	var v T
	r.Decode(&v)
	return v
}

func (f *fixture) get(t *testing.T, role string) timesheets.Timesheet {
	t.Helper()
	return decode[timesheets.Timesheet](t, f.as(role).Do("GET", fmt.Sprintf("/timesheet/%d", f.sheet), nil).Want(200))
}

func TestTimesheetFromEndToApproval(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		ctx := context.Background()
		if n, err := timesheets.CreateDue(ctx, db); err != nil || n != 0 {
			t.Fatalf("before the placement ends: created %d, %v", n, err)
		}
		f.clk.Set(time.Date(2027, 3, 10, 21, 0, 0, 0, time.UTC))
		if n, err := timesheets.CreateDue(ctx, db); err != nil || n != 1 {
			t.Fatalf("after it ended: created %d, %v", n, err)
		}
		if n, err := timesheets.CreateDue(ctx, db); err != nil || n != 0 {
			t.Fatalf("a second round: created %d, %v", n, err)
		}

		// The freelancer's list: pre-filled from the placement (GMT in March: 08:00 is 08:00Z).
		page := decode[timesheets.Page](t, f.as(apptest.Freelancer).Do("GET", "/timesheet?status=to_fill", nil).Want(200))
		if page.Total != 1 || len(page.Items) != 1 {
			t.Fatalf("page %+v", page)
		}
		ts := page.Items[0]
		f.sheet = ts.ID
		// 12 h less 1 h: 11 h, one over the 10 h threshold: £400 + 1 h × £50 × 1.5.
		if ts.StartTime != "08:00" || ts.EndTime != "20:00" || ts.BreakMinutes != 60 || ts.WorkedMinutes != 660 ||
			ts.OvertimeMinutes != 60 || ts.BaseMinor != 40000 || ts.OvertimeMinor != 7500 || ts.AmountMinor != 47500 ||
			ts.Job != "Cup Final" || ts.Placement != "Camera" || ts.Date != "2027-03-10" || !ts.Actions.CanSubmit ||
			ts.Actions.CanApprove {
			t.Fatalf("pre-filled timesheet %+v", ts)
		}
		who := decode[struct{ TimesheetActions, ActionsRequired int }](t, f.as(apptest.Freelancer).Do("GET", "/account/whoami", nil).Want(200))
		if who.TimesheetActions != 1 || who.ActionsRequired < 1 {
			t.Errorf("the freelancer's actions: %+v", who)
		}

		// Only the freelancer corrects it.
		patch := map[string]any{"endTime": "21:00", "breakMinutes": 30, "note": "Overran",
			"expenses": []map[string]any{{"description": "Taxi", "amountMinor": 1250, "currency": "GBP"}}, "version": ts.Version}
		path := fmt.Sprintf("/timesheet/%d", f.sheet)
		f.as("chloe.okafor@hive.test").Do("PATCH", path, patch).WantError(404, "N-404")
		f.as(apptest.Staff).Do("PATCH", path, patch).WantError(404, "N-404")
		f.as(apptest.Manager).Do("PATCH", path, patch).WantError(403, "A-102")
		ts = decode[timesheets.Timesheet](t, f.as(apptest.Freelancer).Do("PATCH", path, patch).Want(200))
		// 13 h less 30 min: 12.5 h, 2.5 h over: £400 + 2.5 × £50 × 1.5 = £587.50.
		if ts.EndTime != "21:00" || ts.WorkedMinutes != 750 || ts.OvertimeMinor != 18750 || ts.AmountMinor != 58750 ||
			len(ts.Expenses) != 1 || ts.Expenses[0].AmountMinor != 1250 || ts.Note != "Overran" {
			t.Fatalf("corrected %+v", ts)
		}
		f.as(apptest.Freelancer).Do("PATCH", path, patch).WantError(409, "C-409") // the version read is stale

		// Submitted (several at once: one here), it awaits the managers.
		f.as("chloe.okafor@hive.test").Do("POST", "/timesheet/submit", map[string]any{"ids": []int64{f.sheet}}).WantError(404, "N-404")
		f.as(apptest.Manager).Do("POST", path+"/submit", nil).WantError(403, "A-102")
		subs := decode[[]timesheets.Timesheet](t, f.as(apptest.Freelancer).Do("POST", "/timesheet/submit",
			map[string]any{"ids": []int64{f.sheet}}).Want(200))
		if len(subs) != 1 || subs[0].Status != timesheets.StatusSubmitted || subs[0].ApproveBy == nil ||
			!subs[0].ApproveBy.Equal(f.clk.Now().Add(72*time.Hour)) || subs[0].Actions.CanEdit {
			t.Fatalf("submitted %+v", subs)
		}
		f.as(apptest.Freelancer).Do("PATCH", path, map[string]any{"note": "late", "version": subs[0].Version}).WantError(409, "C-409")
		mgr := decode[struct{ TimesheetActions int }](t, f.as(apptest.DeptMgr).Do("GET", "/account/whoami", nil).Want(200))
		if mgr.TimesheetActions != 1 {
			t.Errorf("the department manager's approvals queue: %+v", mgr)
		}
		if got := f.get(t, apptest.DeptMgr); !got.Actions.CanApprove || !got.Actions.CanDispute || got.Actions.CanEdit {
			t.Errorf("the manager's actions %+v", got.Actions)
		}

		// Disputed with a reason, by the department's manager only.
		f.as(apptest.Freelancer).Do("POST", path+"/dispute", map[string]any{"reason": "no"}).WantError(403, "A-102")
		f.as(apptest.Staff).Do("POST", path+"/dispute", map[string]any{"reason": "no"}).WantError(404, "N-404")
		f.as("chloe.okafor@hive.test").Do("POST", path+"/approve", nil).WantError(404, "N-404")
		f.as(apptest.Staff).Do("POST", path+"/approve", nil).WantError(404, "N-404")
		f.as(apptest.DeptMgr).Do("POST", path+"/dispute", map[string]any{"reason": "  "}).WantError(422, "V-422")
		ts = decode[timesheets.Timesheet](t, f.as(apptest.DeptMgr).Do("POST", path+"/dispute",
			map[string]any{"reason": "We wrapped at 20:30"}).Want(200))
		if ts.Status != timesheets.StatusDisputed || ts.DisputeReason != "We wrapped at 20:30" || ts.ApproveBy != nil {
			t.Fatalf("disputed %+v", ts)
		}
		f.as(apptest.DeptMgr).Do("POST", path+"/approve", nil).WantError(409, "C-409")

		// Corrected and submitted again, then approved by Hive when the window passes.
		ts = decode[timesheets.Timesheet](t, f.as(apptest.Freelancer).Do("PATCH", path,
			map[string]any{"endTime": "20:30", "version": ts.Version}).Want(200))
		if ts.WorkedMinutes != 720 || ts.AmountMinor != 40000+15000 {
			t.Fatalf("corrected again %+v", ts)
		}
		f.as(apptest.Freelancer).Do("POST", path+"/submit", nil).Want(200)
		f.clk.Advance(71 * time.Hour)
		if n, err := timesheets.AutoApproveDue(ctx, db); err != nil || n != 0 {
			t.Fatalf("inside the window: approved %d, %v", n, err)
		}
		f.clk.Advance(2 * time.Hour)
		if n, err := timesheets.AutoApproveDue(ctx, db); err != nil || n != 1 {
			t.Fatalf("after the window: approved %d, %v", n, err)
		}
		ts = f.get(t, apptest.Freelancer)
		if ts.Status != timesheets.StatusApproved || !ts.AutoApproved || ts.ApprovedAt == nil || ts.Actions != (timesheets.Actions{}) {
			t.Fatalf("approved %+v", ts)
		}

		// Invoicing's read: the approved line with its expense.
		lines, err := timesheets.ApprovedLines(ctx, db, timesheets.LineFilter{ClientEntityIDs: []int64{f.w.ClientA}, Currency: "GBP"})
		if err != nil || len(lines) != 1 {
			t.Fatalf("lines %+v, %v", lines, err)
		}
		if l := lines[0]; l.AmountMinor != 55000 || l.WorkedMinutes != 720 || l.Date != "2027-03-10" || l.Job != "Cup Final" ||
			len(l.Expenses) != 1 || l.Expenses[0].Description != "Taxi" || l.UserID != f.user {
			t.Errorf("line %+v", l)
		}

		// Every step audited and told.
		kinds := databasetest.Select[string](t, db, `SELECT kind FROM booking_events WHERE kind LIKE 'timesheet.%' ORDER BY id`)
		want := []string{"timesheet.due", "timesheet.submitted", "timesheet.disputed", "timesheet.submitted", "timesheet.approved"}
		if fmt.Sprint(kinds) != fmt.Sprint(want) {
			t.Errorf("events %v, want %v", kinds, want)
		}
		type step struct {
			Status string `json:"status"`
		}
		var steps []string
		for _, row := range databasetest.Select[string](t, db, `SELECT row_json FROM audit_log WHERE hive_source = 'timesheet'
			AND record_id = ? ORDER BY id`, f.sheet) {
			var s step
			if err := json.Unmarshal([]byte(row), &s); err != nil {
				t.Fatal(err)
			}
			steps = append(steps, s.Status)
		}
		// Created, corrected, submitted, disputed, corrected, submitted, approved.
		if fmt.Sprint(steps) != "[to_fill to_fill submitted disputed disputed submitted approved]" {
			t.Errorf("audited steps %v", steps)
		}
	})
}
