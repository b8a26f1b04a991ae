package bookings_test

import (
	"context"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/database"
)

// The benchmarks of bookings' store at the scale (bookingbench), on SQLite and (with
// HIVE_TEST_POSTGRES_URL) PostgreSQL, each reporting p50 and p95 in ms. benchEngines is their
// one set-up: the scale data, the store and an administrator's context.
func benchEngines(b *testing.B, bench func(b *testing.B, ctx context.Context, store *bookings.Store, d bookingbench.Data)) {
	bookingbench.Engines(b, func(b *testing.B, db *database.DB, d bookingbench.Data) {
		ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: d.Freelancers[0], CanAdmin: true,
			Needs: auth.NeedSet{auth.NeedAdmin: {}}})
		bench(b, ctx, &bookings.Store{DB: db}, d)
	})
}

// benchPlacements reads a booking's placements (in id order) and the placement template of the
// first, outside the timed part.
func benchPlacements(b *testing.B, ctx context.Context, store *bookings.Store, bookingID int64) (ids []int64, template int64) {
	var selection []struct {
		ID       int64 `db:"id"`
		Template int64 `db:"placement_template_id"`
	}
	if err := store.DB.Select(ctx, &selection, `SELECT id, placement_template_id FROM placements WHERE booking_id = ?
		ORDER BY id`, bookingID); err != nil {
		b.Fatal(err)
	}
	for _, p := range selection {
		ids = append(ids, p.ID)
	}
	return ids, selection[0].Template
}

// BenchmarkGrant grants one freelancer to the 20 placements of a booking. Each iteration uses
// the next freelancer, so every grant inserts 20 instructions.
func BenchmarkGrant(b *testing.B) {
	benchEngines(b, func(b *testing.B, ctx context.Context, store *bookings.Store, d bookingbench.Data) {
		var took []time.Duration
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			bookingID := d.Bookings[i%len(d.Bookings)]
			placements, _ := benchPlacements(b, ctx, store, bookingID)
			row, err := store.Booking(ctx, bookingID)
			if err != nil {
				b.Fatal(err)
			}
			user := d.Freelancers[(i*13+1)%len(d.Freelancers)]
			t0 := time.Now()
			res, err := store.Grant(ctx, row, placements, []int64{user})
			took = append(took, time.Since(t0))
			if err != nil {
				b.Fatal(err)
			}
			if res.Inserted+res.Existing != bookingbench.PerBooking {
				b.Fatalf("grant %+v", res)
			}
		}
		b.StopTimer()
		benchmetrics.ReportLatencies(b, took)
	})
}

// BenchmarkAvailableSuppliers ranks the candidates for the 20 placements of a booking, with
// every one of the 2,000 freelancers hireable in the department (the worst case: all are
// candidates), each unavailable on about one day in ten, with a job title and three skills (a
// tenth of them titled like the placement template), and five preferred users per job template.
// It times reading the booking plus Store.AvailableSuppliers for the booking's 20 placements,
// and reports beside the wall-clock percentiles the process's CPU time per ranking (which other
// processes on the machine do not inflate; PostgreSQL's own work is not in it).
func BenchmarkAvailableSuppliers(b *testing.B) {
	benchEngines(b, func(b *testing.B, ctx context.Context, store *bookings.Store, d bookingbench.Data) {
		var took []time.Duration
		var cpu time.Duration
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			bookingID := d.Bookings[(i*37)%len(d.Bookings)]
			ids, template := benchPlacements(b, ctx, store, bookingID)
			cpu0, t0 := benchmetrics.ProcessCPU(), time.Now()
			row, err := store.Booking(ctx, bookingID)
			if err != nil {
				b.Fatal(err)
			}
			list, err := store.AvailableSuppliers(ctx, row, template, ids)
			took = append(took, time.Since(t0))
			cpu += benchmetrics.ProcessCPU() - cpu0
			if err != nil {
				b.Fatal(err)
			}
			if list.PlacementCount != bookingbench.PerBooking || len(list.Items) != bookingbench.Freelancers {
				b.Fatalf("%d placements, %d candidates", list.PlacementCount, len(list.Items))
			}
		}
		b.StopTimer()
		benchmetrics.ReportLatencies(b, took)
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
}
