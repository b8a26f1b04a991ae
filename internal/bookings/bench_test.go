package bookings_test

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// BenchmarkGrant grants one freelancer to the 20 placements of a booking, at the scale,
// on SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL, and reports p50 and p95 in ms. Each
// iteration uses the next freelancer, so every grant inserts 20 instructions.
func BenchmarkGrant(b *testing.B) {
	bookingbench.Engines(b, func(b *testing.B, db *database.DB, d bookingbench.Data) {
		freelancers, bookingIDs := d.Freelancers, d.Bookings
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
			if res.Inserted+res.Existing != bookingbench.PerBooking {
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
