package reports_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/dashboard"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/reports"
)

// The money rule on a fixed data set: client A's News (cancel window 2 days), 'Match' 09:00–17:00
// at 250.00 sell and 200.00 buy GBP a day, offered at 2027-02-01 09:00 UTC:
//
//	03-01 Felix, confirmed                                   → counts 250.00 / 200.00
//	03-02 Felix, awaiting                                    → pipeline 250.00 / 200.00
//	03-03 Felix, confirmed then cancelled weeks before       → nothing, not late
//	03-04 Felix rejects                                      → nothing
//	03-05 Felix, confirmed then cancelled the day before     → nothing, a late cancellation
//	03-06 offered to Felix, Ola (rate 300.00, accepts) and Pia, nobody confirmed
//	                                                          → pipeline once: Ola's 300.00 / 200.00
//	03-08 offered to Felix, Ola and Pia, Pia confirmed       → counts Pia's 250.00 / 200.00 only
//
// By hand: charge 500.00, cost 400.00, margin 100.00; pipeline charge 550.00, pipeline cost
// 400.00; eleven rows, one per instruction, with their statuses.
func TestMoneyCountsConfirmedWorkAndThePipelineApartOnAFixedDataSet(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		c := clock.At(time.Date(2027, 2, 1, 9, 0, 0, 0, time.UTC))
		db.Now = c.Now
		s := apptest.Start(t, db, func(cfg *config.Config) {
			cfg.SessionIdleTimeout, cfg.SessionLifetime = 800*time.Hour, 800*time.Hour
		})
		w := orgtest.Build(t, db)
		databasetest.Exec(t, db, `UPDATE departments SET cancel_window_days = 2 WHERE id = ?`, w.DeptA1)
		felix := w.Users["freelancer"]
		ola := orgtest.Freelancer(t, db, "ola@hive.test", "Ola")
		pia := orgtest.Freelancer(t, db, "pia@hive.test", "Pia")
		match := orgtest.JobTemplateOf(t, db, w.DeptA1, "Match", orgtest.Shift{Title: "Camera", Start: "09:00",
			End: "17:00", Sell: 25000, Buy: 20000, Currency: "GBP", Period: "day"})
		alone := orgtest.Book(t, s, apptest.DeptMgr, match,
			[]string{"2027-03-01", "2027-03-02", "2027-03-03", "2027-03-04", "2027-03-05"}, felix)
		three := orgtest.Book(t, s, apptest.DeptMgr, match, []string{"2027-03-06", "2027-03-08"}, felix, ola, pia)

		set := func(role string, id int64, side, to string) {
			item := map[string]any{"id": id, side: to}
			if to == "cancelled" {
				item["cancellationReason"] = "Client - Placement Not Needed"
			}
			s.As(role).Do("PATCH", "/instruction/status", []map[string]any{item}).Want(200)
		}
		confirm := func(id int64) {
			set(apptest.Admin, id, "supplierStatus", "accepted")
			set(apptest.DeptMgr, id, "clientStatus", "accepted")
		}
		confirm(alone.Instruction(t, 0, felix))
		confirm(alone.Instruction(t, 2, felix))
		set(apptest.DeptMgr, alone.Instruction(t, 2, felix), "clientStatus", "cancelled")
		set(apptest.Admin, alone.Instruction(t, 3, felix), "supplierStatus", "rejected")
		confirm(alone.Instruction(t, 4, felix))
		s.As(apptest.Admin).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{three.Instruction(t, 0, ola)},
			"sellRate": map[string]any{"rate": 300, "currency": "GBP", "period": "day"}}).Want(200)
		set(apptest.Admin, three.Instruction(t, 0, ola), "supplierStatus", "accepted")
		confirm(three.Instruction(t, 1, pia))
		c.Set(time.Date(2027, 3, 4, 12, 0, 0, 0, time.UTC)) // within two days of 03-05 09:00
		set(apptest.DeptMgr, alone.Instruction(t, 4, felix), "clientStatus", "cancelled")

		wr := world{s: s, db: db}
		body := map[string]any{"reportType": string(reports.FinancialMetrics), "startDate": "2027-03-01", "endDate": "2027-03-31"}
		rows := wr.run(t, apptest.Admin, body)
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		cells := func(r []string, names ...string) string {
			var out []string
			for _, n := range names {
				out = append(out, r[col[n]])
			}
			return strings.Join(out, " | ")
		}
		var lines []string
		for _, r := range rows[1:] {
			lines = append(lines, cells(r, "Placement Date", "Freelancer", "Status", "Counted As", "Late Cancellation",
				"Cost", "Charge", "Margin", "Pipeline Cost", "Pipeline Charge"))
		}
		apptest.WantLines(t, "financial metrics", lines,
			"2027-03-01 | Felix Reid | Confirmed | Confirmed | No | 200.00 | 250.00 | 50.00 | 0.00 | 0.00",
			"2027-03-02 | Felix Reid | Awaiting response | Pipeline | No | 0.00 | 0.00 | 0.00 | 200.00 | 250.00",
			"2027-03-03 | Felix Reid | Cancelled | Not counted | No | 0.00 | 0.00 | 0.00 | 0.00 | 0.00",
			"2027-03-04 | Felix Reid | Rejected | Not counted | No | 0.00 | 0.00 | 0.00 | 0.00 | 0.00",
			"2027-03-05 | Felix Reid | Cancelled | Not counted | Yes | 0.00 | 0.00 | 0.00 | 0.00 | 0.00",
			"2027-03-06 | Felix Reid | Awaiting response | Alternative offer | No | 0.00 | 0.00 | 0.00 | 0.00 | 0.00",
			"2027-03-06 | Ola Other | Awaiting client | Pipeline | No | 0.00 | 0.00 | 0.00 | 200.00 | 300.00",
			"2027-03-06 | Pia Other | Awaiting response | Alternative offer | No | 0.00 | 0.00 | 0.00 | 0.00 | 0.00",
			"2027-03-08 | Felix Reid | Awaiting response | Alternative offer | No | 0.00 | 0.00 | 0.00 | 0.00 | 0.00",
			"2027-03-08 | Ola Other | Awaiting response | Alternative offer | No | 0.00 | 0.00 | 0.00 | 0.00 | 0.00",
			"2027-03-08 | Pia Other | Confirmed | Confirmed | No | 200.00 | 250.00 | 50.00 | 0.00 | 0.00")

		// Each column's sum is the hand count.
		sums := map[string]int64{}
		for _, r := range rows[1:] {
			for _, name := range []string{"Cost", "Charge", "Margin", "Pipeline Cost", "Pipeline Charge"} {
				sums[name] += minor(t, r[col[name]])
			}
		}
		same(t, "sums", sums, map[string]int64{"Cost": 40000, "Charge": 50000, "Margin": 10000,
			"Pipeline Cost": 40000, "Pipeline Charge": 55000})

		// Filtered to Felix, his rows count as they do among the others: his offers on 03-06 and
		// 03-08 are still alternatives, not pipeline of their own.
		body["userIds"] = []int64{felix}
		var felixLines []string
		for _, r := range wr.run(t, apptest.Admin, body)[1:] {
			felixLines = append(felixLines, cells(r, "Placement Date", "Counted As", "Charge", "Pipeline Charge"))
		}
		apptest.WantLines(t, "Felix's rows", felixLines,
			"2027-03-01 | Confirmed | 250.00 | 0.00", "2027-03-02 | Pipeline | 0.00 | 250.00",
			"2027-03-03 | Not counted | 0.00 | 0.00", "2027-03-04 | Not counted | 0.00 | 0.00",
			"2027-03-05 | Not counted | 0.00 | 0.00", "2027-03-06 | Alternative offer | 0.00 | 0.00",
			"2027-03-08 | Alternative offer | 0.00 | 0.00")

		// The dashboard's money is the same hand count.
		var st dashboard.DashboardStats
		s.As(apptest.Admin).Do("GET", "/dashboard/stats?startDate=2027-03-01&endDate=2027-03-31", nil).Want(200).Decode(&st)
		if len(st.Money) != 1 {
			t.Fatalf("dashboard money %+v", st.Money)
		}
		m := st.Money[0]
		same(t, "dashboard money", fmt.Sprintf("%s %s charge=%d spend=%d pipeline=%d", m.ClientName, m.Currency, m.Charge,
			*m.Spend, m.Pipeline), "Alpha Broadcasting GBP charge=50000 spend=40000 pipeline=55000")
	})
}

// minor reads a money cell ("-12.50") as minor units; an empty cell is 0.
func minor(t *testing.T, cell string) int64 {
	t.Helper()
	if cell == "" {
		return 0
	}
	f, err := strconv.ParseFloat(cell, 64)
	if err != nil {
		t.Fatalf("money cell %q: %v", cell, err)
	}
	if f < 0 {
		return int64(f*100 - 0.5)
	}
	return int64(f*100 + 0.5)
}

func same(t *testing.T, what string, got, want any) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s:\n got %v\nwant %v", what, got, want)
	}
}
