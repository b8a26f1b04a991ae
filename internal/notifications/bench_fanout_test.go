package notifications_test

import (
	"fmt"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications"
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
			worker := benchWorker(db, s.URL)
			deliverRounds(b, db, w, worker, placements, func(r notifications.Round) bool {
				return r.Events == fanoutEvents && r.Notifications == fanoutManagers*fanoutEvents
			})
		})
	}
}
