package bookings_test

import (
	"context"
	"fmt"
	"github.com/hive/hive/internal/access"
	"sort"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/bookings/suppliers"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/database"
)

// busyFreelancers and busyPerFreelancer are the calendar sync load of
// BenchmarkAvailableSuppliersBusy: 1,000 connected freelancers with 50 busy times each.
const (
	busyFreelancers   = 1000
	busyPerFreelancer = 50
)

// BenchmarkAvailableSuppliersBusy is BenchmarkAvailableSuppliers (the booking and its 20
// placements' candidates, 2,000 of them) with and without busy times of the freelancers' own
// calendars: 1,000 of the candidates connected, 50 busy times each spread over the bookings'
// weeks (50,000 rows). Each iteration reads one booking both ways, alternating which goes
// first, so the machine's load weighs on both alike; the busy rows are inserted or deleted
// between the two reads, outside the timing. It reports p50 and p95 in ms and the process's CPU
// per call of each (plain-, busy-).
func BenchmarkAvailableSuppliersBusy(b *testing.B) {
	benchEngines(b, func(b *testing.B, ctx context.Context, store *bookings.Store, d bookingbench.Data) {
		db := store.DB
		var window struct{ From, To time.Time }
		if err := db.Get(ctx, &window.From, `SELECT start_at FROM placements ORDER BY start_at LIMIT 1`); err != nil {
			b.Fatal(err)
		}
		if err := db.Get(ctx, &window.To, `SELECT end_at FROM placements ORDER BY end_at DESC LIMIT 1`); err != nil {
			b.Fatal(err)
		}
		users := d.Freelancers[:busyFreelancers]
		var connections []int64
		err := db.InTx(ctx, func(tx *database.Tx) error {
			if _, err := tx.Exec(ctx, `DELETE FROM calendar_busy_blocks`); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM calendar_connections`); err != nil {
				return err
			}
			if err := database.InsertMany(ctx, tx, "calendar_connections", "user_id, server_url, username, secret_sealed, read_calendar, write_calendar, interval_minutes, next_sync_at, created_at, updated_at",
				len(users), func(i int) []any {
					return []any{users[i], "https://caldav.example.com/", "bench", "gcm:x", "/r/", "/w/", 10, tx.Now.Add(24 * time.Hour), tx.Now, tx.Now}
				}); err != nil {
				return err
			}
			return tx.Select(ctx, &connections, `SELECT id FROM calendar_connections ORDER BY user_id`)
		})
		if err != nil || len(connections) != len(users) {
			b.Fatalf("connections: %d, %v", len(connections), err)
		}
		// Each freelancer's 50 busy times: two hours each, spread evenly over the placements'
		// span, starting at an hour of the day that differs by freelancer.
		span := window.To.Sub(window.From)
		load := func(on bool) {
			err := db.InTx(ctx, func(tx *database.Tx) error {
				if _, err := tx.Exec(ctx, `DELETE FROM calendar_busy_blocks`); err != nil || !on {
					return err
				}
				return database.InsertMany(ctx, tx, "calendar_busy_blocks", "connection_id, user_id, href, start_at, end_at",
					len(users)*busyPerFreelancer, func(i int) []any {
						u, k := i/busyPerFreelancer, i%busyPerFreelancer
						start := window.From.Add(span * time.Duration(k) / busyPerFreelancer).Truncate(time.Hour).Add(time.Duration(u%12) * time.Hour)
						return []any{connections[u], users[u], fmt.Sprintf("/r/%d.ics", k), start.UTC(), start.Add(2 * time.Hour).UTC()}
					})
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		ranker := &suppliers.Store{DB: db}
		var took [2][]time.Duration
		var cpu [2]time.Duration
		busyShown := 0
		read := func(bookingID int64, busy int) {
			ids, template := benchPlacements(b, ctx, store, bookingID)
			cpu0, t0 := benchmetrics.ProcessCPU(), time.Now()
			row, err := store.Booking(ctx, bookingID)
			if err != nil {
				b.Fatal(err)
			}
			list, err := ranker.AvailableSuppliers(ctx, access.BookingReader{}, suppliers.Booking{ID: row.ID, DepartmentID: row.DepartmentID,
				JobTemplateID: row.JobTemplateID}, template, ids)
			took[busy] = append(took[busy], time.Since(t0))
			cpu[busy] += benchmetrics.ProcessCPU() - cpu0
			if err != nil {
				b.Fatal(err)
			}
			if len(list.Items) != bookingbench.Freelancers {
				b.Fatalf("%d candidates", len(list.Items))
			}
			if busy == 1 {
				for _, it := range list.Items {
					busyShown += len(it.BusyOwnCalendarPlacementIDs)
				}
			}
		}
		loaded := false
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			bookingID := d.Bookings[(i*37)%len(d.Bookings)]
			order := []int{0, 1}
			if loaded {
				order = []int{1, 0}
			}
			for _, busy := range order {
				if want := busy == 1; want != loaded {
					b.StopTimer()
					load(want)
					loaded = want
					b.StartTimer()
				}
				read(bookingID, busy)
			}
		}
		b.StopTimer()
		if busyShown == 0 {
			b.Fatal("no candidate was shown busy: the busy times missed the placements")
		}
		for busy, name := range []string{"plain", "busy"} {
			t := took[busy]
			sort.Slice(t, func(i, j int) bool { return t[i] < t[j] })
			ms := func(q float64) float64 { return float64(t[int(q*float64(len(t)-1))].Microseconds()) / 1000 }
			b.ReportMetric(ms(0.5), name+"-p50-ms")
			b.ReportMetric(ms(0.95), name+"-p95-ms")
			b.ReportMetric(float64(cpu[busy].Microseconds())/1000/float64(len(t)), name+"-cpu-ms/op")
		}
		load(false)
	})
}
