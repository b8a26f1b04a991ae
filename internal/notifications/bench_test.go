package notifications_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// benchEvents is the target figure: 10,000 domain events turned into notifications and mails.
const benchEvents = 10_000

// BenchmarkDeliver10000Events delivers 10,000 offers, each of its own placement, made by the
// client's manager: each tells the freelancer and the department manager, in the app and by
// mail (20,000 notifications; the placements are one booking's, so each recipient's mails fold
// into one per claimed batch of events, where they were 20,000 mails before mail folded per
// booking). It reports events per second and the
// lag from an event's creation to the commit that queued its mails (p50, p95, max): all
// 10,000 are created at once, so the lag includes the wait behind the events before them.
// Folding's window is off here; in the server it adds up to DefaultFoldWindow, and the poll
// interval up to DefaultInterval, to every event's lag. It reports too this process's CPU per
// event (cpu-us/event: on PostgreSQL without the server's own).
func BenchmarkDeliver10000Events(b *testing.B) {
	for _, e := range databasetest.Available() {
		b.Run(e.Name, func(b *testing.B) {
			db := e.Open(b)
			s := apptest.Start(b, db)
			w := orgtest.Build(b, db)
			placements := benchPlacements(b, db, w)
			worker := benchWorker(db, s.URL)
			var mu sync.Mutex
			var lags []time.Duration
			worker.Observe = func(d time.Duration) {
				mu.Lock()
				lags = append(lags, d)
				mu.Unlock()
			}
			last := deliverRounds(b, db, w, worker, placements, func(r notifications.Round) bool {
				return r.Events == benchEvents && r.Notifications == 2*benchEvents && r.Mails >= 2 && r.Mails <= 2*benchEvents
			})
			slices.Sort(lags)
			b.ReportMetric(ms(lags[len(lags)/2]), "lag-p50-ms")
			b.ReportMetric(ms(lags[len(lags)*95/100]), "lag-p95-ms")
			b.ReportMetric(ms(lags[len(lags)-1]), "lag-max-ms")
			b.Logf("%s: %+v per round", e.Name, last)
		})
	}
}

// benchStart is the first of the benchmark's daily placements: 10,000 days (27 years) from it
// are all past, so none is 'Unfilled within 24 hours'.
var benchStart = time.Date(1990, 1, 1, 9, 0, 0, 0, time.UTC)

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// benchWorker is the benchmarks' delivery worker: every event told at once, nothing logged.
func benchWorker(db *database.DB, baseURL string) *notifications.Worker {
	return &notifications.Worker{DB: db, BaseURL: baseURL, Signer: notifications.NewSigner(""), FoldWindow: -1,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// deliverRounds runs b.N rounds, each emitting an offer of every placement (untimed) and
// delivering them (timed), fails a round that want refuses, reports events per second and this
// process's CPU per event (on PostgreSQL without the server's own), and answers the last round.
func deliverRounds(b *testing.B, db *database.DB, w orgtest.World, worker *notifications.Worker, placements []int64,
	want func(notifications.Round) bool) notifications.Round {
	b.Helper()
	var elapsed, cpu time.Duration
	var last notifications.Round
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		benchEmit(b, db, w, placements)
		b.StartTimer()
		start, startCPU := time.Now(), benchmetrics.ProcessCPU()
		r, err := worker.DeliverDue(context.Background())
		elapsed, cpu = elapsed+time.Since(start), cpu+benchmetrics.ProcessCPU()-startCPU
		if err != nil {
			b.Fatal(err)
		}
		if !want(r) {
			b.Fatalf("round = %+v", r)
		}
		last = r
	}
	b.StopTimer()
	events := b.N * len(placements)
	b.ReportMetric(float64(events)/elapsed.Seconds(), "events/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(events), "cpu-us/event")
	return last
}

// benchPlacements makes one booking of department A1 with 10,000 placements, each holding one
// instruction of the freelancer.
func benchPlacements(b *testing.B, db *database.DB, w orgtest.World) []int64 {
	b.Helper()
	ctx := context.Background()
	var placements []int64
	err := db.InTx(ctx, func(tx *database.Tx) error {
		var booking int64
		if err := tx.Get(ctx, &booking, `INSERT INTO bookings (department_id, title, created_at, updated_at)
			VALUES (?, 'Evening News', ?, ?) RETURNING id`, w.DeptA1, tx.Now, tx.Now); err != nil {
			return err
		}
		for from := 0; from < benchEvents; from += 500 {
			var rows []string
			var args []any
			for i := from; i < from+500; i++ {
				start := benchStart.Add(time.Duration(i) * 24 * time.Hour)
				rows = append(rows, "(?, 'Camera operator', ?, '09:00', '17:00', ?, ?, ?, ?)")
				args = append(args, booking, start.Format(time.DateOnly), start, start.Add(8*time.Hour), tx.Now, tx.Now)
			}
			var ids []int64
			if err := tx.Select(ctx, &ids, `INSERT INTO placements (booking_id, title, local_date, start_time, end_time,
				start_at, end_at, created_at, updated_at) VALUES `+strings.Join(rows, ", ")+` RETURNING id`, args...); err != nil {
				return err
			}
			rows, args = rows[:0], args[:0]
			for _, id := range ids {
				rows = append(rows, "(?, ?, ?, ?, ?)")
				args = append(args, id, booking, w.Users[apptest.Freelancer], tx.Now, tx.Now)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO instructions (placement_id, booking_id, user_id, created_at, updated_at)
				VALUES `+strings.Join(rows, ", "), args...); err != nil {
				return err
			}
			placements = append(placements, ids...)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	// PostgreSQL vacuumed and analysed, as autovacuum would have after such an insert: without
	// statistics it read the recipients of each round's placements by scanning every
	// instruction, 48 ms a round, two thirds of the benchmark's time and nothing a running
	// server sees.
	if err := db.AfterBulkLoad(ctx); err != nil {
		b.Fatal(err)
	}
	return placements
}

// benchEmit stores one offer per placement, as events.Emit writes them, in multi-row inserts.
func benchEmit(b *testing.B, db *database.DB, w orgtest.World, placements []int64) {
	b.Helper()
	ctx := context.Background()
	var booking int64
	if err := db.Get(ctx, &booking, `SELECT booking_id FROM placements WHERE id = ?`, placements[0]); err != nil {
		b.Fatal(err)
	}
	err := db.InTx(ctx, func(tx *database.Tx) error {
		for from := 0; from < len(placements); from += 500 {
			var rows []string
			var args []any
			for _, pl := range placements[from:min(from+500, len(placements))] {
				rows = append(rows, "(?, ?, ?, ?, ?, ?, ?)")
				args = append(args, string(events.InstructionGranted), booking, pl, w.Users[apptest.Freelancer],
					w.Users[apptest.Manager], `{"supplierStatus":"awaiting_response","clientStatus":"accepted"}`, tx.Now)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO booking_events (kind, booking_id, placement_id, user_id, actor_user_id,
				payload_json, created_at) VALUES `+strings.Join(rows, ", "), args...); err != nil {
				return fmt.Errorf("events: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// listNotifications is the target scale for the list: one user with 50,000 notifications, a
// tenth of them unread.
const listNotifications = 50_000

// BenchmarkNotificationList reads pages of a user with 50,000 notifications through the API
// (an administrator's /notification/by-user/{id}, the same query as the user's own list):
// the first and a deep page, unread only, and the unread count's query.
func BenchmarkNotificationList(b *testing.B) {
	var user int64
	engines := apptest.BenchEngines(b, func(ctx context.Context, db *database.DB) (string, error) {
		if err := db.Get(ctx, &user, `SELECT id FROM users WHERE email_lc = 'freelancer@hive.test'`); err != nil {
			return "", err
		}
		err := db.InTx(ctx, func(tx *database.Tx) error {
			for from := 0; from < listNotifications; from += 500 {
				var rows []string
				var args []any
				for i := from; i < from+500; i++ {
					var read any
					if i%10 != 0 {
						read = tx.Now
					}
					rows = append(rows, "(?, ?, ?, ?, ?, ?, ?)")
					args = append(args, user, notifications.SupplierOffered, fmt.Sprintf("New offer: Booking %d", i),
						"You are offered Camera operator on Mon, 06 Jul 2026 09:00 to 17:00.", "/bookings/1/edit",
						tx.Now.Add(time.Duration(i)*time.Minute), read)
				}
				if _, err := tx.Exec(ctx, `INSERT INTO notifications (user_id, type, subject, body_text, link, created_at,
					read_receipt) VALUES `+strings.Join(rows, ", "), args...); err != nil {
					return err
				}
			}
			return nil
		})
		return fmt.Sprintf("%d notifications", listNotifications), err
	})
	for _, e := range engines {
		b.Run(e.Name, func(b *testing.B) {
			base := fmt.Sprintf("/notification/by-user/%d", user)
			apptest.MeasurePages(b, e.Admin, []string{base, base + "?page=100&pageSize=100", base + "?unreadOnly=true",
				base + "?page=50&pageSize=20&unreadOnly=true"})
		})
	}
}
