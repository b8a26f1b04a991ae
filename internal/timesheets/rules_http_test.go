package timesheets_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/timesheets"
)

func TestBillingRulesAreTheClientManagers(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		path := fmt.Sprintf("/entity/%d/billing-rules", f.w.ClientA)
		got := decode[timesheets.EntityBillingRules](t, f.as(apptest.Manager).Do("GET", path, nil).Want(200))
		if got.BillingRules != timesheets.DefaultBillingRules || got.Version != 0 {
			t.Fatalf("defaults %+v", got)
		}
		rules := map[string]any{"disputeWindowHours": 24, "overtimeThresholdMinutes": 480, "overtimeMultiplierPct": 200,
			"invoicePeriod": "week", "paymentDays": 14, "version": 0}
		f.as(apptest.Staff).Do("PUT", path, rules).WantError(404, "N-404") // another client's manager
		f.as(apptest.Freelancer).Do("PUT", path, rules).WantError(404, "N-404")
		f.as(apptest.Staff).Do("GET", path, nil).WantError(404, "N-404")
		bad := map[string]any{"disputeWindowHours": 0, "overtimeThresholdMinutes": 480, "overtimeMultiplierPct": 50,
			"invoicePeriod": "week", "paymentDays": 14, "version": 0}
		f.as(apptest.Manager).Do("PUT", path, bad).WantError(422, "V-422")
		got = decode[timesheets.EntityBillingRules](t, f.as(apptest.Manager).Do("PUT", path, rules).Want(200))
		if got.Version != 1 || got.OvertimeThresholdMinutes != 480 {
			t.Fatalf("saved %+v", got)
		}
		f.as(apptest.Manager).Do("PUT", path, rules).WantError(409, "C-409") // version 0 is stale now

		// The client's rules pay the timesheet: 11 h worked, 3 h over 8 h at 2 × £50.
		f.clk.Set(time.Date(2027, 3, 10, 21, 0, 0, 0, time.UTC))
		if _, err := timesheets.CreateDue(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		page := decode[timesheets.Page](t, f.as(apptest.Freelancer).Do("GET", "/timesheet", nil).Want(200))
		if page.Total != 1 || page.Items[0].OvertimeMinutes != 180 || page.Items[0].AmountMinor != 40000+30000 {
			t.Fatalf("paid by the client's rules: %+v", page)
		}
		sub := decode[[]timesheets.Timesheet](t, f.as(apptest.Freelancer).Do("POST", "/timesheet/submit",
			map[string]any{"ids": []int64{page.Items[0].ID}}).Want(200))
		if !sub[0].ApproveBy.Equal(f.clk.Now().Add(24 * time.Hour)) {
			t.Errorf("the client's dispute window: approve by %v", sub[0].ApproveBy)
		}
	})
}

func TestListsShowOnlyWhatTheCallerMaySee(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		f.clk.Set(time.Date(2027, 3, 10, 21, 0, 0, 0, time.UTC))
		if _, err := timesheets.CreateDue(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			who   string
			query string
			total int
		}{
			{apptest.Freelancer, "", 1}, {apptest.Manager, "", 1}, {apptest.DeptMgr, "?status=to_fill", 1},
			{apptest.DeptMgr, "?status=submitted", 0}, {apptest.DeptMgr, "?startDate=2027-03-11", 0},
			{apptest.DeptMgr, fmt.Sprintf("?departmentIds=%d", f.w.DeptA2), 0},
			{apptest.Staff, "", 0}, {"chloe.okafor@hive.test", "", 0},
		} {
			page := decode[timesheets.Page](t, f.as(c.who).Do("GET", "/timesheet"+c.query, nil).Want(200))
			if page.Total != c.total || len(page.Items) != c.total {
				t.Errorf("%s %s: %d timesheets, want %d", c.who, c.query, page.Total, c.total)
			}
		}
		f.as(apptest.DeptMgr).Do("GET", "/timesheet?startDate=March", nil).WantError(422, "V-422")
		id := decode[timesheets.Page](t, f.as(apptest.Freelancer).Do("GET", "/timesheet", nil).Want(200)).Items[0].ID
		for _, who := range []string{apptest.Staff, "chloe.okafor@hive.test"} {
			f.as(who).Do("GET", fmt.Sprintf("/timesheet/%d", id), nil).WantError(404, "N-404")
			f.as(who).Do("GET", "/timesheet/999999", nil).WantError(404, "N-404")
		}
		// All or none: a second id that is not the freelancer's refuses the lot.
		f.as(apptest.Freelancer).Do("POST", "/timesheet/submit", map[string]any{"ids": []int64{id, 999999}}).WantError(404, "N-404")
		if got := f.get2(t, id); got.Status != timesheets.StatusToFill {
			t.Errorf("submitted in part: %+v", got)
		}
	})
}

func (f *fixture) get2(t *testing.T, id int64) timesheets.Timesheet {
	t.Helper()
	return decode[timesheets.Timesheet](t, f.as(apptest.Freelancer).Do("GET", fmt.Sprintf("/timesheet/%d", id), nil).Want(200))
}
