package calendarsync_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/calendarsync/caldavtest"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

const (
	benchConnections = 1000
	benchEvents      = 50 // per calendar: 40 single events and 10 weekly ones over the window
)

// BenchmarkSyncConnections syncs 1,000 connections, each reading a radicale calendar of 50
// events (40 single, 10 weekly for the 180 days: 205 busy times a connection) and writing none,
// on one node (one worker), then syncs them all again with nothing changed (the ETag path); and
// times the read available suppliers adds for the department all 1,000 belong to
// (calendarsync.BusyIn over a booking's four weeks), with the 205,000 busy times stored. The
// connections share one radicale account: radicale's own cost per request is what one node
// sees of any server; filling 1,000 accounts would take radicale minutes.
// Run: go test -run '^$' -bench BenchmarkSyncConnections -benchtime 1x ./internal/calendarsync/
func BenchmarkSyncConnections(b *testing.B) {
	dav := caldavtest.Start(b, map[string]string{davUser: davPass})
	cal := dav.MakeCalendar(davUser, davPass, "personal")
	start := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
	for i := range benchEvents {
		day := start.AddDate(0, 0, 1+i*3)
		body := fmt.Sprintf("DTSTART:%sT100000Z\nDTEND:%sT120000Z", day.Format("20060102"), day.Format("20060102"))
		if i%5 == 0 {
			body = fmt.Sprintf("DTSTART;TZID=Europe/London:%sT090000\nDTEND;TZID=Europe/London:%sT100000\nRRULE:FREQ=WEEKLY",
				day.Format("20060102"), day.Format("20060102"))
		}
		dav.Put(davUser, davPass, fmt.Sprintf("%sev%d.ics", cal, i), vevent(fmt.Sprintf("ev%d", i), "SUMMARY:Private\n"+body))
	}
	for _, e := range databasetest.Available() {
		b.Run(e.Name, func(b *testing.B) {
			ctx := context.Background()
			db := e.Open(b)
			db.Now = clock.At(start).Now
			keys := calendarsync.KeysOf(config.Config{Secret: "bench-secret"})
			sealed, err := keys.Seal(davPass)
			if err != nil {
				b.Fatal(err)
			}
			client := orgtest.Entity(b, db, "Bench Client", "client")
			dept := orgtest.Department(b, db, client, "Bench Desk")
			err = db.InTx(ctx, func(tx *database.Tx) error {
				users, err := database.InsertManyIDs(ctx, tx, "users", "email, email_lc, first_name, last_name, is_freelancer, timezone, created_at, updated_at",
					benchConnections, func(i int) []any {
						email := fmt.Sprintf("bench%d@hive.test", i)
						return []any{email, email, "Bench", fmt.Sprint(i), true, "Europe/London", tx.Now, tx.Now}
					})
				if err != nil {
					return err
				}
				if err := database.InsertMany(ctx, tx, "user_department_refs", "user_id, department_id, can_hire, created_at, updated_at",
					len(users), func(i int) []any { return []any{users[i], dept, true, tx.Now, tx.Now} }); err != nil {
					return err
				}
				return database.InsertMany(ctx, tx, "calendar_connections", "user_id, server_url, username, secret_sealed, read_calendar, write_calendar, interval_minutes, next_sync_at, created_at, updated_at",
					len(users), func(i int) []any {
						return []any{users[i], dav.URL, davUser, sealed, cal, cal, 10, tx.Now, tx.Now, tx.Now}
					})
			})
			if err != nil {
				b.Fatal(err)
			}
			w := calendarsync.NewWorker(&calendarsync.Store{DB: db}, keys, nil)
			w.Net = calendarsync.NewNetwork(true) // radicale is on 127.0.0.1
			round := func(what string) {
				cpu := benchmetrics.ProcessCPU()
				began := time.Now()
				n, err := w.SyncDue(ctx)
				if err != nil || n != benchConnections {
					b.Fatalf("%s: synced %d: %v", what, n, err)
				}
				took := time.Since(began)
				b.ReportMetric(took.Seconds(), what+"-s")
				b.ReportMetric(float64(took.Milliseconds())/benchConnections, what+"-ms/conn")
				b.ReportMetric(float64((benchmetrics.ProcessCPU()-cpu).Milliseconds())/benchConnections, what+"-cpu-ms/conn")
			}
			round("first")
			blocks := databasetest.Get[int](b, db, `SELECT COUNT(*) FROM calendar_busy_blocks`)
			if failed := databasetest.Get[int](b, db, `SELECT COUNT(*) FROM calendar_connections WHERE last_error <> ''`); failed > 0 {
				b.Fatalf("%d syncs failed", failed)
			}
			b.ReportMetric(float64(blocks), "busy-times")
			databasetest.Exec(b, db, `UPDATE calendar_connections SET next_sync_at = ?`, start)
			round("again")
			var took []time.Duration
			from := start.AddDate(0, 0, 14)
			for i := range 200 {
				t0 := time.Now()
				got, err := calendarsync.BusyIn(ctx, db, dept, from.AddDate(0, 0, i%30), from.AddDate(0, 0, 28+i%30))
				if err != nil || len(got) == 0 {
					b.Fatalf("BusyIn: %d, %v", len(got), err)
				}
				took = append(took, time.Since(t0))
			}
			benchmetrics.ReportLatencies(b, took)
		})
	}
}
