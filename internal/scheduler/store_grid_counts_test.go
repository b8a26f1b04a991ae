package scheduler_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/scheduler"
)

// placement_day_groups.live_instructions (migration 00047) is each placement's number of live
// instructions, whatever writes them: the scene's bookings, grants, status changes, placement
// cancellations and substitution, then an instruction deleted softly and restored, moved to
// another placement, deleted for good, and a placement written with its instruction in one
// transaction (on PostgreSQL the counts are kept at commit). The grid's total, which sums them,
// is the number of live instructions of the month's live placements each time.
func TestDayGroupsCountEachPlacementsLiveInstructions(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		sc := buildScene(t, s, db, w)
		check := func(step string) {
			t.Helper()
			var wrong []string
			if err := db.Select(context.Background(), &wrong, `SELECT CAST(g.placement_id AS TEXT) FROM placement_day_groups g
				WHERE g.live_instructions <> (SELECT COUNT(*) FROM instructions i WHERE i.placement_id = g.placement_id
					AND i.deleted_at IS NULL)`); err != nil {
				t.Fatal(err)
			}
			if len(wrong) > 0 {
				t.Errorf("%s: placements %v count their live instructions wrong", step, wrong)
			}
			var want int
			if err := db.Get(context.Background(), &want, `SELECT COUNT(*) FROM instructions i JOIN placements p ON p.id = i.placement_id
				WHERE i.deleted_at IS NULL AND p.deleted_at IS NULL AND p.local_date LIKE '2027-05-%'`); err != nil {
				t.Fatal(err)
			}
			if _, total := grid(t, s, apptest.Admin, ""); total != want {
				t.Errorf("%s: the grid counts %d rows, there are %d", step, total, want)
			}
		}
		check("the scene")

		databasetest.Exec(t, db, `UPDATE instructions SET deleted_at = CURRENT_TIMESTAMP WHERE id = ?`, sc.graceReplace)
		check("deleted softly")
		databasetest.Exec(t, db, `UPDATE instructions SET deleted_at = NULL WHERE id = ?`, sc.graceReplace)
		check("restored")

		var league int64
		if err := db.Get(context.Background(), &league, `SELECT MIN(id) FROM placements WHERE booking_id = ?`, sc.leagueBooking); err != nil {
			t.Fatal(err)
		}
		databasetest.Exec(t, db, `UPDATE instructions SET placement_id = ?, booking_id = ? WHERE user_id = ? AND booking_id = ?`,
			league, sc.leagueBooking, sc.felix, sc.dramaBooking)
		check("moved to another placement")
		databasetest.Exec(t, db, `DELETE FROM instructions WHERE user_id = ? AND booking_id = ?`, w.Users["dept"], sc.dramaBooking)
		check("deleted for good")

		err := db.InTx(context.Background(), func(tx *database.Tx) error {
			var placement int64
			if err := tx.Get(context.Background(), &placement, `INSERT INTO placements (booking_id, title, local_date, start_time,
				end_time, overnight, start_at, end_at, timezone, unpaid_breaks, created_at, updated_at)
				SELECT booking_id, title, '2027-05-20', start_time, end_time, overnight, start_at, end_at, timezone, unpaid_breaks,
					created_at, updated_at FROM placements WHERE id = ? RETURNING id`, league); err != nil {
				return err
			}
			_, err := tx.Exec(context.Background(), `INSERT INTO instructions (placement_id, booking_id, user_id, supplier_status,
				client_status, buy_rate_minor, buy_currency, buy_period, sell_rate_minor, sell_currency, sell_period, direct,
				created_by, modified_by, created_at, updated_at) SELECT ?, booking_id, user_id, supplier_status, client_status,
				buy_rate_minor, buy_currency, buy_period, sell_rate_minor, sell_currency, sell_period, direct, created_by,
				modified_by, created_at, updated_at FROM instructions WHERE id = ?`, placement, sc.graceReplace)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		check("a placement and its instruction in one transaction")
	})
}

// The administrator's grid in its default order reads its first pages from the newest
// instructions overall (schedule.SchedulerChanges' recentChanges), and falls back to the whole range when they
// do not hold the page: every page, of the month and of two days whose rows are not the newest,
// is the same whatever the depth of that read, down to none.
func TestAdministratorsRecentPagesAreTheWholeGrids(t *testing.T) {
	sceneEngines(t, func(t *testing.T, s *apptest.Server, sc scene) {
		pages := func() []string {
			var out []string
			for _, dates := range []string{"2027-05-01&endDate=2027-05-31", "2027-05-03&endDate=2027-05-04"} {
				for _, size := range []int{2, 5} {
					for page := 1; page <= 4; page++ {
						var b summaryBody
						s.As(apptest.Admin).Do("GET", fmt.Sprintf("/booking/summary?grouped=false&startDate=%s&pageSize=%d&page=%d",
							dates, size, page), nil).Want(200).Decode(&b)
						out = append(out, fmt.Sprintf("%s %d/%d: %v of %d", dates, page, size, ids(*b.Items), *b.Total))
					}
				}
			}
			return out
		}
		restore := scheduler.SetRecentDepth(0)
		want := pages()
		restore()
		for _, depth := range []int{3, 5, 8, 1024} {
			restore := scheduler.SetRecentDepth(depth)
			if got := pages(); !slices.Equal(got, want) {
				t.Errorf("depth %d:\n%v\nwant\n%v", depth, got, want)
			}
			restore()
		}
	})
}
