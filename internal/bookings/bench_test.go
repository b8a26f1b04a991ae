package bookings_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"testing"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/bookings/demo"
	"github.com/hive/hive/internal/bookings/suppliers"
	"github.com/hive/hive/internal/bookings/waterfall"
	"github.com/hive/hive/internal/jobs"
	orgdemo "github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
)

// The benchmarks of bookings' store at the target scale (bookingbench), on SQLite and (with
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
// It times reading the booking plus suppliers.Store.AvailableSuppliers for the booking's 20 placements,
// and reports beside the wall-clock percentiles the process's CPU time per ranking (which other
// processes on the machine do not inflate; PostgreSQL's own work is not in it).
// Every answer is compared, outside the timed part, with the one recorded in
// testdata/available_suppliers_answers.json (its SHA-256, per engine, booking and reader), so a
// faster ranking is known to answer the same; HIVE_RECORD_ANSWERS=1 records them instead.
func BenchmarkAvailableSuppliers(b *testing.B) {
	answers := loadRecordedAnswers(b, "testdata/available_suppliers_answers.json")
	benchEngines(b, func(b *testing.B, ctx context.Context, store *bookings.Store, d bookingbench.Data) {
		ranker := &suppliers.Store{DB: store.DB}
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
			list, err := ranker.AvailableSuppliers(ctx, access.BookingReader{}, suppliers.Booking{ID: row.ID, DepartmentID: row.DepartmentID,
				JobTemplateID: row.JobTemplateID}, template, ids)
			took = append(took, time.Since(t0))
			cpu += benchmetrics.ProcessCPU() - cpu0
			if err != nil {
				b.Fatal(err)
			}
			if list.PlacementCount != bookingbench.PerBooking || len(list.Items) != bookingbench.Freelancers {
				b.Fatalf("%d placements, %d candidates", list.PlacementCount, len(list.Items))
			}
			b.StopTimer()
			answers.check(b, fmt.Sprintf("%s/%d/nobody", b.Name(), bookingID), list)
			// The same selection read by an administrator, who may see every job in the way.
			named, err := ranker.AvailableSuppliers(ctx, access.BookingReaderOf(auth.FromContext(ctx)), suppliers.Booking{ID: row.ID,
				DepartmentID: row.DepartmentID, JobTemplateID: row.JobTemplateID}, template, ids)
			if err != nil {
				b.Fatal(err)
			}
			answers.check(b, fmt.Sprintf("%s/%d/admin", b.Name(), bookingID), named)
			b.StartTimer()
		}
		b.StopTimer()
		benchmetrics.ReportLatencies(b, took)
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
	answers.save(b)
}

// recordedAnswers are the SHA-256 of JSON answers by key, read from and saved to path.
type recordedAnswers struct {
	path   string
	record bool
	sums   map[string]string
}

func loadRecordedAnswers(b *testing.B, path string) *recordedAnswers {
	r := &recordedAnswers{path: path, record: os.Getenv("HIVE_RECORD_ANSWERS") == "1", sums: map[string]string{}}
	data, err := os.ReadFile(path)
	if err != nil && !(r.record && errors.Is(err, fs.ErrNotExist)) {
		b.Fatal(err)
	}
	if len(data) > 0 {
		if err := json.Unmarshal(data, &r.sums); err != nil {
			b.Fatal(err)
		}
	}
	return r
}

// check records answer's sum under key, or fails unless it is the sum recorded.
func (r *recordedAnswers) check(b *testing.B, key string, answer any) {
	data, err := json.Marshal(answer)
	if err != nil {
		b.Fatal(err)
	}
	sum := fmt.Sprintf("%x", sha256.Sum256(data))
	switch want, ok := r.sums[key]; {
	case r.record:
		r.sums[key] = sum
	case !ok:
		b.Fatalf("no recorded answer for %s (record with HIVE_RECORD_ANSWERS=1 on the build to compare with)", key)
	case want != sum:
		b.Fatalf("the answer for %s differs from the one recorded", key)
	}
}

func (r *recordedAnswers) save(b *testing.B) {
	if !r.record {
		return
	}
	data, err := json.MarshalIndent(r.sums, "", " ")
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(r.path, append(data, '\n'), 0o644); err != nil {
		b.Fatal(err)
	}
}

// waterfallOffers is the length of the benchmark's waterfall: 500 candidates, each offered in
// turn.
const waterfallOffers = 500

// BenchmarkWaterfall runs, per iteration, an offer waterfall of 500 candidates for the first
// placement of a booking at scale (bookingbench), one place and one offer open at a time, to the
// end of its list: three in four offers are declined by their freelancer, every fourth expires
// (the clock moved past its answer-by time, then the deadlines worker's ExpireDue). It times each
// decline (Store.SetStatuses) and each expiry sweep, which commit the next offer in their own
// transaction: the time from a decline or expiry to the next offer sent.
func BenchmarkWaterfall(b *testing.B) {
	benchEngines(b, func(b *testing.B, ctx context.Context, store *bookings.Store, d bookingbench.Data) {
		clk := clock.At(bookingbench.Day0.AddDate(0, -3, 0))
		store.DB.Now = clk.Now
		var took []time.Duration
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			bookingID := d.Bookings[(i*53+7)%len(d.Bookings)]
			w, placement := startBenchWaterfall(b, ctx, store, bookingID)
			b.StartTimer()
			for n := 1; n < waterfallOffers; n++ {
				offer := openOffer(b, store, placement, w)
				t0 := time.Now()
				if n%4 == 0 {
					clk.Advance(4 * time.Hour)
					if expired, err := deadlines.ExpireDue(ctx, store.DB); err != nil || expired != 1 {
						b.Fatalf("expired %d: %v", expired, err)
					}
				} else {
					as := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: offer.UserID})
					if _, err := store.SetStatuses(as, &auth.Principal{UserID: offer.UserID},
						[]bookings.StatusChange{{ID: offer.ID, SupplierStatus: "rejected"}}); err != nil {
						b.Fatal(err)
					}
				}
				took = append(took, time.Since(t0))
			}
		}
		b.StopTimer()
		benchmetrics.ReportLatencies(b, took)
	})
}

// startBenchWaterfall starts a waterfall of booking's first placement for 500 freelancers not
// instructed on it, one place, one offer open at a time, four hours each.
func startBenchWaterfall(b *testing.B, ctx context.Context, store *bookings.Store, bookingID int64) (int64, int64) {
	placements, _ := benchPlacements(b, ctx, store, bookingID)
	var users []int64
	if err := store.DB.Select(ctx, &users, `SELECT u.id FROM users u WHERE u.email_lc LIKE 'scale%@bench.hive.test'
		AND NOT EXISTS (SELECT 1 FROM instructions i WHERE i.user_id = u.id AND i.placement_id = ?)
		ORDER BY u.id LIMIT ?`, placements[0], waterfallOffers); err != nil {
		b.Fatal(err)
	}
	row, err := store.Booking(ctx, bookingID)
	if err != nil {
		b.Fatal(err)
	}
	id, err := (&waterfall.Store{DB: store.DB}).StartWaterfall(ctx, row, waterfall.NewWaterfall{PlacementIDs: placements[:1], UserIDs: users,
		Places: 1, OpenAtOnce: 1, OfferLifetimeMinutes: 240})
	if err != nil {
		b.Fatal(err)
	}
	return id, placements[0]
}

// openOffer is the one open offer of waterfall w on placement (failing when there is none).
func openOffer(b *testing.B, store *bookings.Store, placement, w int64) struct {
	ID     int64 `db:"id"`
	UserID int64 `db:"user_id"`
} {
	var offer struct {
		ID     int64 `db:"id"`
		UserID int64 `db:"user_id"`
	}
	if err := store.DB.Get(context.Background(), &offer, `SELECT i.id, i.user_id FROM instructions i
		JOIN waterfall_candidates c ON c.user_id = i.user_id AND c.waterfall_id = ? AND c.state = 'offered'
		WHERE i.placement_id = ? AND i.deleted_at IS NULL`, w, placement); err != nil {
		b.Fatalf("the open offer of waterfall %d: %v", w, err)
	}
	return offer
}

// BenchmarkBookingDetail reads a booking's detail (GET /booking/{id}) over HTTP as the demo
// administrator, on the demo data (the booking of the demo with the most instructions), on
// SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL: the handler, its reads and the JSON, as
// bench/hotpaths.sh measures it under wrk. Reports p50 and p95 in ms; -cpuprofile shows where
// the time goes.
func BenchmarkBookingDetail(b *testing.B) {
	var paths []string // one per engine, in the order BenchEngines returns them
	engines := apptest.BenchEngines(b, func(ctx context.Context, db *database.DB) (string, error) {
		if _, err := accounts.SeedDemo(ctx, db); err != nil {
			return "", err
		}
		for _, seed := range []func(context.Context, *database.DB) error{orgdemo.Seed, jobs.SeedDemo, demo.Seed} {
			if err := seed(ctx, db); err != nil {
				return "", err
			}
		}
		var busiest struct {
			ID           int64 `db:"booking_id"`
			Instructions int   `db:"instructions"`
		}
		if err := db.Get(ctx, &busiest, `SELECT booking_id, COUNT(*) AS instructions FROM instructions
			GROUP BY booking_id ORDER BY COUNT(*) DESC, booking_id LIMIT 1`); err != nil {
			return "", err
		}
		paths = append(paths, fmt.Sprintf("/api/v1/booking/%d", busiest.ID))
		return fmt.Sprintf("the demo; booking %d has %d instructions", busiest.ID, busiest.Instructions), nil
	})
	for i, e := range engines {
		b.Run(e.Name, func(b *testing.B) { apptest.MeasurePages(b, e.Admin, paths[i:i+1]) })
	}
}
