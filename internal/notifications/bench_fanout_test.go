package notifications_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// fanoutEvents and fanoutManagers are the wide benchmark's size: 1,000 offers in a department
// of 40 managers, as bench/load's day has (20 of the department, 20 of its client).
const fanoutEvents, fanoutManagers = 1_000, 40

// BenchmarkDeliverToManyManagers delivers 1,000 offers, each of its own placement, to the
// freelancer and the department's 39 other managers (40,000 notifications a round): the
// realistic day's fan-out, where each event tells dozens of people the same sentence. It
// reports events per second and this process's CPU per event (on PostgreSQL without the
// server's own).
func BenchmarkDeliverToManyManagers(b *testing.B) {
	for _, e := range databasetest.Available() {
		b.Run(e.Name, func(b *testing.B) {
			db := e.Open(b)
			s := apptest.Start(b, db)
			w := orgtest.Build(b, db)
			for i := 0; i < fanoutManagers-2; i++ { // the world has the department's and the client's
				u := orgtest.Freelancer(b, db, fmt.Sprintf("manager%d@hive.test", i), fmt.Sprintf("Manager%d", i))
				orgtest.LinkDepartment(b, db, u, w.DeptA1, false, true, false)
			}
			placements := benchPlacements(b, db, w)[:fanoutEvents]
			worker := &notifications.Worker{DB: db, BaseURL: s.URL, Signer: notifications.NewSigner(""), FoldWindow: -1,
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
			var elapsed, cpu time.Duration
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
				if r.Events != fanoutEvents || r.Notifications != fanoutManagers*fanoutEvents {
					b.Fatalf("round = %+v", r)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N*fanoutEvents)/elapsed.Seconds(), "events/s")
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N*fanoutEvents), "cpu-us/event")
		})
	}
}
