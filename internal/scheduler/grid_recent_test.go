package scheduler_test

import (
	"fmt"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
)

// TestGridWithoutDatesListsTheRecentChanges: the grid asked without dates (Recent Booking
// Changes' default) lists every date's rows, most recently changed first, so work booked for
// another month than May is on top as soon as it changes; each viewer still sees only their
// own scope, and the calendar (grouped) still needs its dates.
func TestGridWithoutDatesListsTheRecentChanges(t *testing.T) {
	sceneEngines(t, func(t *testing.T, s *apptest.Server, sc scene) {
		august := orgtest.Book(t, s, apptest.DeptMgr, sc.cupFinal, []string{"2027-08-10"}, sc.felix)
		setStatus(t, s, apptest.Freelancer, august.Instruction(t, 0, sc.felix), "supplier", "accepted")
		everyDate := func(role, query string) ([]gridRow, int) {
			t.Helper()
			var b summaryBody
			s.As(role).Do("GET", "/booking/summary?grouped=false"+query, nil).Want(200).Decode(&b)
			if b.Items == nil || b.Total == nil {
				t.Fatalf("grid answer without items and total: %+v", b)
			}
			return *b.Items, *b.Total
		}
		for role, want := range map[string]int{apptest.Admin: 14, apptest.DeptMgr: 11, apptest.Freelancer: 7, apptest.Staff: 0} {
			rows, total := everyDate(role, "")
			if total != want || len(rows) != want {
				t.Errorf("%s: %d rows of %d, want %d", role, len(rows), total, want)
				continue
			}
			if want == 0 {
				continue
			}
			if first := rows[0]; first.Date != "2027-08-10" || first.UserID != sc.felix || first.SupplierStatus != "accepted" {
				t.Errorf("%s: the latest change is not first: %+v", role, first)
			}
			for i := 1; i < len(rows); i++ {
				if rows[i].ModifiedAt > rows[i-1].ModifiedAt {
					t.Errorf("%s: not most recently changed first: %s after %s", role, rows[i].ModifiedAt, rows[i-1].ModifiedAt)
				}
			}
		}
		// Pages of the admin's every-date grid (the newest changes read first) meet without overlap.
		seen := map[int64]bool{}
		for page := 1; page <= 4; page++ {
			rows, total := everyDate(apptest.Admin, fmt.Sprintf("&pageSize=4&page=%d", page))
			if total != 14 {
				t.Fatalf("page %d: total %d", page, total)
			}
			for _, r := range rows {
				if seen[r.InstructionID] {
					t.Errorf("page %d repeats %d", page, r.InstructionID)
				}
				seen[r.InstructionID] = true
			}
		}
		if len(seen) != 14 {
			t.Errorf("pages held %d rows, want 14", len(seen))
		}
		// A month still narrows it, and one date alone is refused.
		if _, total := grid(t, s, apptest.Admin, ""); total != 12 {
			t.Errorf("May alone: %d rows", total)
		}
		s.As(apptest.Admin).Do("GET", "/booking/summary?grouped=false&startDate=2027-05-01", nil).WantError(422, "V-422")
		s.As(apptest.Admin).Do("GET", "/booking/summary", nil).WantError(422, "V-422")
	})
}
