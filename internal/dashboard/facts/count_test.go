package facts_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/dashboard/facts"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestCountSQLFollowsThePlacementRule puts every pair of five states on the two instructions of
// a placement (25 placements) and checks the facts' counted column against
// status.PlacementCounts: the SQL is the Go rule.
func TestCountSQLFollowsThePlacementRule(t *testing.T) {
	states := []status.State{
		{Supplier: status.Awaiting, Client: status.Awaiting}, {Supplier: status.Accepted, Client: status.Awaiting},
		{Supplier: status.Accepted, Client: status.Accepted}, {Supplier: status.Accepted, Client: status.Cancelled},
		{Supplier: status.Rejected, Client: status.Awaiting},
	}
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		ola := orgtest.Freelancer(t, db, "ola@hive.test", "Ola")
		var dates []string
		for d := range len(states) * len(states) {
			dates = append(dates, time.Date(2027, 3, 1+d, 0, 0, 0, 0, time.UTC).Format(time.DateOnly))
		}
		b := orgtest.Book(t, s, apptest.DeptMgr, orgtest.JobTemplateOf(t, db, w.DeptA1, "Match",
			orgtest.Shift{Title: "Camera", Start: "09:00", End: "17:00", Sell: 100, Buy: 100}), dates, w.Users["freelancer"], ola)
		want := map[int64]status.Count{}
		for n := range b.Placements {
			ids := []int64{b.Placements[n].Instructions[0].ID, b.Placements[n].Instructions[1].ID}
			if ids[0] > ids[1] {
				ids[0], ids[1] = ids[1], ids[0]
			}
			pair := []status.State{states[n/len(states)], states[n%len(states)]}
			for k, id := range ids {
				databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = ?, client_status = ? WHERE id = ?`,
					string(pair[k].Supplier), string(pair[k].Client), id)
			}
			for k, c := range status.PlacementCounts(pair) {
				want[ids[k]] = c
			}
		}
		if err := facts.Rebuild(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		var got []struct {
			ID      int64  `db:"instruction_id"`
			Counted string `db:"counted"`
		}
		if err := db.Select(context.Background(), &got, `SELECT instruction_id, counted FROM dashboard_instructions`); err != nil {
			t.Fatal(err)
		}
		seen := map[int64]bool{}
		for _, g := range got {
			seen[g.ID] = true
			if status.Count(g.Counted) != want[g.ID] {
				t.Errorf("instruction %d counted %s, want %s", g.ID, g.Counted, want[g.ID])
			}
		}
		for id, c := range want {
			if (c == status.CountConfirmed || c == status.CountPipeline) && !seen[id] {
				t.Errorf("instruction %d (%s) has no fact", id, c)
			}
		}
		if len(want) != 2*len(dates) {
			t.Fatal(fmt.Sprint("instructions: ", len(want)))
		}
	})
}
