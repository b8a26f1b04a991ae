package scheduler_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
)

// A grid limited to departments (a filter, or a manager's view) starts from the departments'
// placements in the read model: it lists exactly the rows of the administrator's whole grid in
// those departments, in the same order, whatever the sort, colour or user filter.
func TestGridOfDepartmentsIsTheWholeGridCut(t *testing.T) {
	sceneEngines(t, func(t *testing.T, s *apptest.Server, sc scene) {
		titles := map[string][]string{ // the bookings of each filter, by the scene's departments
			fmt.Sprintf("&departmentIds=%d", sc.w.DeptA1):                               {"Cup Final"},
			fmt.Sprintf("&departmentIds=%d&departmentIds=%d", sc.w.DeptA2, sc.w.DeptB1): {"League Cup", "Drama Night"},
			fmt.Sprintf("&clientIds=%d", sc.w.ClientA):                                  {"Cup Final", "League Cup"},
			fmt.Sprintf("&clientIds=%d", sc.w.ClientB):                                  {"Drama Night"},
		}
		for _, extra := range []string{"", "&sort=date", "&sort=-date", "&sort=modified", "&placementStatuses=red&placementStatuses=green",
			fmt.Sprintf("&userIds=%d", sc.grace)} {
			whole, _ := grid(t, s, apptest.Admin, "&pageSize=200"+extra)
			for filter, in := range titles {
				want := slices.DeleteFunc(slices.Clone(whole), func(r gridRow) bool { return !slices.Contains(in, r.BookingTitle) })
				got, total := grid(t, s, apptest.Admin, "&pageSize=200"+filter+extra)
				if total != len(want) || !slices.EqualFunc(got, want, func(a, b gridRow) bool { return a.InstructionID == b.InstructionID }) {
					t.Errorf("%s%s: %d rows %v, want %d %v", filter, extra, total, ids(got), len(want), ids(want))
				}
			}
		}
		// The client manager sees client A's departments whole.
		managed, total := grid(t, s, apptest.Manager, "&pageSize=200&sort=date")
		whole, _ := grid(t, s, apptest.Admin, "&pageSize=200&sort=date")
		want := slices.DeleteFunc(whole, func(r gridRow) bool { return r.BookingTitle == "Drama Night" })
		if total != len(want) || !slices.EqualFunc(managed, want, func(a, b gridRow) bool { return a.InstructionID == b.InstructionID }) {
			t.Errorf("client manager: %v, want %v", ids(managed), ids(want))
		}
	})
}

func ids(rows []gridRow) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.InstructionID
	}
	return out
}
