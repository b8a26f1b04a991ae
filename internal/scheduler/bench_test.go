package scheduler

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/database"
)

// BenchmarkSummary times the month view's summary (overviewOnly) at the bookings' target scale
// (bookingbench), on SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL: the busiest calendar
// month, as the manager of its busiest department, as an administrator over every department
// (Global View), and as its busiest freelancer; then the grid page's first page over that
// month, as an administrator and as that department's manager, and the administrator's over the
// month of the most recent change. Each iteration is what the
// handler does: the queries, grouping with the display rules, and the JSON encoding.
// The department and Global View months ask for three groups a day, as the web's month does.
// Reports p50 and p95 in ms.
func BenchmarkSummary(b *testing.B) {
	bookingbench.Engines(b, func(b *testing.B, db *database.DB, d bookingbench.Data) {
		month, dept, freelancer := busiest(b, db)
		start := month + "-01"
		first, _ := time.Parse(time.DateOnly, start)
		end := first.AddDate(0, 1, -1).Format(time.DateOnly)
		store := &Store{DB: db}
		views := []struct {
			name string
			f    SummaryFilter
		}{
			{"department", SummaryFilter{Viewer: -1, Visible: database.SeesOnly([]int64{dept}), GroupsPerDay: monthChips}},
			{"global", SummaryFilter{Viewer: -1, Visible: database.SeesAll(), Admin: true, GroupsPerDay: monthChips}},
			{"freelancer", SummaryFilter{Viewer: freelancer}},
		}
		for _, v := range views {
			b.Run(v.name, func(b *testing.B) {
				f := v.f
				f.Start, f.End, f.OverviewOnly = start, end, true
				timeSummary(b, store, f)
			})
		}
		b.Run("grid", func(b *testing.B) {
			f := SummaryFilter{Viewer: -1, Visible: database.SeesAll(), Admin: true, Start: start, End: end, Sort: DefaultGridSort, Limit: 50}
			timeGrid(b, store, f)
		})
		b.Run("grid-department", func(b *testing.B) {
			f := SummaryFilter{Viewer: -1, Visible: database.SeesOnly([]int64{dept}), Start: start, End: end, Sort: DefaultGridSort, Limit: 50}
			timeGrid(b, store, f)
		})
		// The month being worked on: that of the most recently changed instruction, whose first
		// page the administrator's grid reads from the newest instructions (recentChanges).
		b.Run("grid-recent", func(b *testing.B) {
			var newest string
			if err := db.Get(context.Background(), &newest, `SELECT p.local_date FROM instructions i
				JOIN placements p ON p.id = i.placement_id WHERE i.deleted_at IS NULL
				ORDER BY i.updated_at DESC, i.id DESC LIMIT 1`); err != nil {
				b.Fatal(err)
			}
			from, _ := time.Parse(time.DateOnly, newest[:7]+"-01")
			f := SummaryFilter{Viewer: -1, Visible: database.SeesAll(), Admin: true, Start: from.Format(time.DateOnly),
				End: from.AddDate(0, 1, -1).Format(time.DateOnly), Sort: DefaultGridSort, Limit: 50}
			timeGrid(b, store, f)
		})
	})
}

// monthChips is the groups a day the web's month asks for (web/src/features/scheduler,
// MAX_CHIPS).
const monthChips = 3

func timeSummary(b *testing.B, store *Store, f SummaryFilter) {
	var days []BookingSummaryDay
	timeRuns(b, func() (err error) {
		dates, err := summaryDates(f.Start, f.End)
		if err != nil {
			return err
		}
		if days, err = store.Groups(context.Background(), f, dates); err != nil {
			return err
		}
		_, err = json.Marshal(BookingSummary{Days: days})
		return err
	})
	groups := 0
	for _, d := range days {
		groups += len(d.Groups)
	}
	b.ReportMetric(float64(groups), "groups")
}

// timeGrid times the grid page's first page over the month as f's viewer.
func timeGrid(b *testing.B, store *Store, f SummaryFilter) {
	total := 0
	timeRuns(b, func() error {
		rows, n, err := store.Changes(context.Background(), f)
		if err != nil {
			return err
		}
		total = n
		_, err = json.Marshal(BookingSummary{Items: &rows, Total: &n})
		return err
	})
	b.ReportMetric(float64(total), "rows")
}

// timeRuns times op b.N times, as the handler would run it, and reports the p50 and p95 in ms
// and this process's CPU time per iteration (the whole work on SQLite, the client's share on
// PostgreSQL), which other loads on the machine disturb less than the wall clock.
func timeRuns(b *testing.B, op func() error) {
	took := make([]time.Duration, 0, b.N)
	cpu := benchmetrics.ProcessCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := op(); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(t0))
	}
	b.StopTimer()
	cpu = benchmetrics.ProcessCPU() - cpu
	benchmetrics.ReportLatencies(b, took)
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(took)), "cpu-ms/op")
}

// busiest finds the calendar month with the most live placements and, in it, the department
// with the most and the freelancer with the most instructions.
func busiest(tb testing.TB, db *database.DB) (month string, department, freelancer int64) {
	ctx := context.Background()
	if err := db.Get(ctx, &month, `SELECT SUBSTR(local_date, 1, 7) AS m FROM placements WHERE deleted_at IS NULL
		GROUP BY m ORDER BY COUNT(*) DESC, m LIMIT 1`); err != nil {
		tb.Fatal(err)
	}
	if err := db.Get(ctx, &department, `SELECT b.department_id FROM placements p JOIN bookings b ON b.id = p.booking_id
		WHERE p.local_date LIKE ? AND p.deleted_at IS NULL GROUP BY b.department_id ORDER BY COUNT(*) DESC, b.department_id
		LIMIT 1`, month+"-%"); err != nil {
		tb.Fatal(err)
	}
	if err := db.Get(ctx, &freelancer, `SELECT i.user_id FROM instructions i JOIN placements p ON p.id = i.placement_id
		WHERE p.local_date LIKE ? GROUP BY i.user_id ORDER BY COUNT(*) DESC, i.user_id LIMIT 1`, month+"-%"); err != nil {
		tb.Fatal(err)
	}
	return month, department, freelancer
}
