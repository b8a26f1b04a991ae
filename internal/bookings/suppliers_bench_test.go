package bookings_test

import (
	"context"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// BenchmarkAvailableSuppliers ranks the candidates for the 20 placements of a booking at the
// issue's scale (bookingbench), with every one of the 2,000 freelancers hireable in the department
// (the worst case: all are candidates), each unavailable on about one day in ten, with a job
// title and three skills (a tenth of them titled like the placement template), and five
// preferred users per job template. It times reading the booking plus Store.AvailableSuppliers
// for the booking's 20 placements, on SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL, and
// reports p50 and p95 in ms.
func BenchmarkAvailableSuppliers(b *testing.B) {
	bookingbench.Engines(b, func(b *testing.B, db *database.DB, d bookingbench.Data) {
		benchAvailableSuppliers(b, db, d.Freelancers, d.Bookings)
	})
}

// benchAvailableSuppliers times b.N rankings, each of the next booking's 20 placements, and
// reports the wall-clock p50 and p95 and the process's CPU time per ranking (which other
// processes on the machine do not inflate; PostgreSQL's own work is not in it).
func benchAvailableSuppliers(b *testing.B, db *database.DB, freelancers, bookingIDs []int64) {
	store := &bookings.Store{DB: db}
	ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: freelancers[0], CanAdmin: true,
		Needs: auth.NeedSet{auth.NeedAdmin: {}}})
	var took []time.Duration
	var cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bookingID := bookingIDs[(i*37)%len(bookingIDs)]
		var selection []struct {
			ID       int64 `db:"id"`
			Template int64 `db:"placement_template_id"`
		}
		if err := db.Select(ctx, &selection, `SELECT id, placement_template_id FROM placements WHERE booking_id = ?
			ORDER BY id`, bookingID); err != nil {
			b.Fatal(err)
		}
		ids := make([]int64, len(selection))
		for j, p := range selection {
			ids[j] = p.ID
		}
		cpu0, t0 := processCPU(), time.Now()
		row, err := store.Booking(ctx, bookingID)
		if err != nil {
			b.Fatal(err)
		}
		list, err := store.AvailableSuppliers(ctx, row, selection[0].Template, ids)
		took = append(took, time.Since(t0))
		cpu += processCPU() - cpu0
		if err != nil {
			b.Fatal(err)
		}
		if list.PlacementCount != bookingbench.PerBooking || len(list.Items) != bookingbench.Freelancers {
			b.Fatalf("%d placements, %d candidates", list.PlacementCount, len(list.Items))
		}
	}
	b.StopTimer()
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	ms := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000 }
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.95), "p95-ms")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// processCPU is the user and system time this process has used.
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
