package agenda_test

import (
	"context"
	"testing"
	"time"

	"github.com/hive/hive/internal/agenda"
	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/database"
)

// benchNow is the middle of the generated placements (they run about six months from Day0), so
// every tab has cards on both sides of now.
var benchNow = bookingbench.Day0.AddDate(0, 0, 90).Add(12 * time.Hour)

// BenchmarkAgenda reads agendas at the bookings' target scale (bookingbench: 2,000 freelancers,
// 50,000 placements, 200,000 instructions in 20 departments) through the store, on SQLite and
// (with HIVE_TEST_POSTGRES_URL) PostgreSQL, analysed first as autovacuum would (SQLite gets no
// statistics, as Hive never runs ANALYZE; with them its plans stay the same, see
// bench/README.md). It reports p50 and p95 in ms of:
//   - freelancer-list: one page of 50 cards, each iteration the next freelancer and the next of
//     the four tabs (Outstanding, Awaiting Confirmation, Confirmed, Archived);
//   - freelancer-stats: the tab counts;
//   - department-list and department-stats: a manager of one department (2,500 placements),
//     each iteration the next department and the next of the five tabs;
//   - admin-list and admin-stats: the same for an administrator, who sees all 50,000.
func BenchmarkAgenda(b *testing.B) {
	bookingbench.Engines(b, func(b *testing.B, db *database.DB, d bookingbench.Data) {
		ctx := context.Background()
		db.Now = func() time.Time { return benchNow.UTC() }
		store := &agenda.Store{DB: db}
		freelancer := func(i int) (agenda.Query, *auth.Principal) {
			u := d.Freelancers[(i*37)%len(d.Freelancers)]
			return agenda.Query{View: agenda.FreelancerView, UserID: u, Limit: 50}, &auth.Principal{UserID: u}
		}
		admin := func(int) (agenda.Query, *auth.Principal) {
			return agenda.Query{View: agenda.ManagerView, Visible: database.SeesAll(), Limit: 50},
				&auth.Principal{UserID: 1, Needs: auth.NeedSet{auth.NeedAdmin: {}}}
		}
		department := func(i int) (agenda.Query, *auth.Principal) {
			dept := d.Departments[(i/5)%len(d.Departments)] // five calls each: every tab
			return agenda.Query{View: agenda.ManagerView, Visible: database.SeesOnly([]int64{dept}), Limit: 50},
				&auth.Principal{UserID: 2, Needs: auth.NeedSet{auth.SelectDepartment(dept): {}}}
		}
		freelancerTabs := []agenda.Tab{agenda.Outstanding, agenda.AwaitingConfirmation, agenda.Confirmed, agenda.Archived}
		managerTabs := append(freelancerTabs, agenda.CriticalTab)
		timed(b, "freelancer-list", func(i int) error {
			q, p := freelancer(i)
			q.Tab = freelancerTabs[i%len(freelancerTabs)]
			_, err := store.List(ctx, q, agenda.CallerOf(p))
			return err
		})
		timed(b, "freelancer-stats", func(i int) error {
			q, _ := freelancer(i)
			_, err := store.Stats(ctx, q)
			return err
		})
		for _, m := range []struct {
			name string
			of   func(int) (agenda.Query, *auth.Principal)
		}{{"department", department}, {"admin", admin}} {
			timed(b, m.name+"-list", func(i int) error {
				q, p := m.of(i)
				q.Tab = managerTabs[i%len(managerTabs)]
				_, err := store.List(ctx, q, agenda.CallerOf(p))
				return err
			})
			timed(b, m.name+"-stats", func(i int) error {
				q, _ := m.of(i)
				_, err := store.Stats(ctx, q)
				return err
			})
		}
	})
}

// timed runs f b.N times (after a few untimed calls that prepare the statements) and reports
// the p50 and p95 of one call in ms.
func timed(b *testing.B, name string, f func(i int) error) {
	b.Run(name, func(b *testing.B) {
		for i := 0; i < 8; i++ {
			if err := f(i); err != nil {
				b.Fatal(err)
			}
		}
		took := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			t0 := time.Now()
			if err := f(i); err != nil {
				b.Fatal(err)
			}
			took = append(took, time.Since(t0))
		}
		b.StopTimer()
		benchmetrics.ReportLatencies(b, took)
	})
}
