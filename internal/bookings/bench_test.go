package bookings_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// The scale of the bookings issue.
const (
	scaleFreelancers  = 2000
	scaleTemplates    = 500
	scalePlacements   = 50000
	scaleInstructions = 200000
	perBooking        = 20
)

// generate fills db with the scale data in big multi-row inserts: one client department,
// 500 job templates of one placement template each, 2,500 bookings of 20 daily placements, and
// 4 instructions per placement spread over 2,000 freelancers. It returns the freelancers' ids
// and the bookings' ids.
func generate(tb testing.TB, db *database.DB) (freelancers, bookingIDs []int64) {
	ctx := context.Background()
	start := time.Now()
	err := db.InTx(ctx, func(tx *database.Tx) error {
		var client, dept int64
		if err := tx.Get(ctx, &client, `INSERT INTO entities (name, name_lc, type, created_at, updated_at)
			VALUES ('Scale Client', 'scale client', 'client', ?, ?) RETURNING id`, tx.Now, tx.Now); err != nil {
			return err
		}
		if err := tx.Get(ctx, &dept, `INSERT INTO departments (client_id, name, name_lc, created_at, updated_at)
			VALUES (?, 'Scale', 'scale', ?, ?) RETURNING id`, client, tx.Now, tx.Now); err != nil {
			return err
		}
		rows := func(n int, row func(i int) []any, table, columns string) error {
			cols := len(strings.Split(columns, ","))
			for from := 0; from < n; from += 500 {
				to := min(from+500, n)
				var sb strings.Builder
				var args []any
				for i := from; i < to; i++ {
					if i > from {
						sb.WriteString(", ")
					}
					sb.WriteString("(" + database.Marks(cols) + ")")
					args = append(args, row(i)...)
				}
				if _, err := tx.Exec(ctx, `INSERT INTO `+table+` (`+columns+`) VALUES `+sb.String(), args...); err != nil {
					return err
				}
			}
			return nil
		}
		if err := rows(scaleFreelancers, func(i int) []any {
			email := fmt.Sprintf("scale%d@bench.hive.test", i)
			return []any{email, email, "Scale", fmt.Sprintf("Freelancer %d", i), true, tx.Now, tx.Now}
		}, "users", "email, email_lc, first_name, last_name, is_freelancer, created_at, updated_at"); err != nil {
			return err
		}
		if err := tx.Select(ctx, &freelancers, `SELECT id FROM users WHERE email_lc LIKE 'scale%' ORDER BY id`); err != nil {
			return err
		}
		if err := rows(scaleTemplates, func(i int) []any {
			return []any{dept, fmt.Sprintf("Job %d", i), fmt.Sprintf("job %d", i), tx.Now, tx.Now}
		}, "job_templates", "department_id, title, title_lc, created_at, updated_at"); err != nil {
			return err
		}
		var templates []int64
		if err := tx.Select(ctx, &templates, `SELECT id FROM job_templates ORDER BY id`); err != nil {
			return err
		}
		if err := rows(scaleTemplates, func(i int) []any {
			return []any{templates[i], "Camera", "09:00", "17:00", 25000, 20000, tx.Now, tx.Now}
		}, "placement_templates", "job_template_id, title, start_time, end_time, sell_rate_minor, buy_rate_minor, created_at, updated_at"); err != nil {
			return err
		}
		var pts []int64
		if err := tx.Select(ctx, &pts, `SELECT id FROM placement_templates ORDER BY id`); err != nil {
			return err
		}
		bookingCount := scalePlacements / perBooking
		if err := rows(bookingCount, func(i int) []any {
			return []any{templates[i%scaleTemplates], dept, fmt.Sprintf("Booking %d", i), tx.Now, tx.Now}
		}, "bookings", "job_template_id, department_id, title, created_at, updated_at"); err != nil {
			return err
		}
		if err := tx.Select(ctx, &bookingIDs, `SELECT id FROM bookings ORDER BY id`); err != nil {
			return err
		}
		day0 := time.Date(2027, 1, 4, 0, 0, 0, 0, time.UTC)
		if err := rows(scalePlacements, func(i int) []any {
			b := i / perBooking
			day := day0.AddDate(0, 0, (b%50)*perBooking/4+i%perBooking) // bookings overlap in time
			p, _ := bookings.PlacementPeriod(day.Format(time.DateOnly), "09:00", "17:00", "Europe/London")
			return []any{bookingIDs[b], pts[b%scaleTemplates], "Camera", day.Format(time.DateOnly), "09:00", "17:00",
				p.Start, p.End, tx.Now, tx.Now}
		}, "placements", "booking_id, placement_template_id, title, local_date, start_time, end_time, start_at, end_at, created_at, updated_at"); err != nil {
			return err
		}
		var placements []struct {
			ID      int64 `db:"id"`
			Booking int64 `db:"booking_id"`
		}
		if err := tx.Select(ctx, &placements, `SELECT id, booking_id FROM placements ORDER BY id`); err != nil {
			return err
		}
		per := scaleInstructions / scalePlacements
		statuses := []string{"awaiting_response", "accepted", "rejected", "cancelled"}
		return rows(scaleInstructions, func(i int) []any {
			p := placements[i/per]
			user := freelancers[(i/per*7+i%per*501)%scaleFreelancers]
			st := statuses[i%len(statuses)]
			return []any{p.ID, p.Booking, user, st, "awaiting_response", tx.Now, tx.Now}
		}, "instructions", "placement_id, booking_id, user_id, supplier_status, client_status, created_at, updated_at")
	})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Logf("generated %d freelancers, %d job templates, %d placements, %d instructions in %s",
		scaleFreelancers, scaleTemplates, scalePlacements, scaleInstructions, time.Since(start).Round(time.Millisecond))
	return freelancers, bookingIDs
}

// BenchmarkGrant grants one freelancer to the 20 placements of a booking, at the scale,
// on SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL, and reports p50 and p95 in ms. Each
// iteration uses the next freelancer, so every grant inserts 20 instructions.
func BenchmarkGrant(b *testing.B) {
	engines := map[string]func(testing.TB) *database.DB{"sqlite": databasetest.SQLite}
	if os.Getenv(databasetest.PostgresURLVar) != "" {
		engines["postgres"] = databasetest.Postgres
	}
	for _, name := range []string{"sqlite", "postgres"} {
		open, ok := engines[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) {
			db := open(b)
			if _, err := accounts.SeedDemo(context.Background(), db); err != nil {
				b.Fatal(err)
			}
			freelancers, bookingIDs := generate(b, db)
			store := &bookings.Store{DB: db}
			ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: freelancers[0], CanAdmin: true,
				Needs: auth.NeedSet{auth.NeedAdmin: {}}})
			var took []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				bookingID := bookingIDs[i%len(bookingIDs)]
				var placements []int64
				if err := db.Select(ctx, &placements, `SELECT id FROM placements WHERE booking_id = ? ORDER BY id`, bookingID); err != nil {
					b.Fatal(err)
				}
				row, err := store.Booking(ctx, bookingID)
				if err != nil {
					b.Fatal(err)
				}
				user := freelancers[(i*13+1)%len(freelancers)]
				t0 := time.Now()
				res, err := store.Grant(ctx, row, placements, []int64{user})
				took = append(took, time.Since(t0))
				if err != nil {
					b.Fatal(err)
				}
				if res.Inserted+res.Existing != perBooking {
					b.Fatalf("grant %+v", res)
				}
			}
			b.StopTimer()
			sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
			ms := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000 }
			b.ReportMetric(ms(0.5), "p50-ms")
			b.ReportMetric(ms(0.95), "p95-ms")
		})
	}
}
