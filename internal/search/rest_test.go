package search_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
)

// The advanced search with dates marks a freelancer who would work more days in a row than the
// weekly rest allows (the working-time guard), naming the job that starts the run; the others
// carry no mark.
func TestAdvancedSearchMarksTooLittleRest(t *testing.T) {
	advancedEngines(t, func(t *testing.T, aw *advancedWorld) {
		// Eve accepted Monday the 5th of October; she accepts the 6th to the 10th too: six days.
		jt := orgtest.JobTemplateOf(t, aw.db, aw.w.DeptA1, "Tour", orgtest.Shift{Title: "Day", Start: "09:00", End: "17:00"})
		b := orgtest.Book(t, aw.srv, apptest.DeptMgr, jt, []string{"2026-10-06", "2026-10-07", "2026-10-08", "2026-10-09",
			"2026-10-10"}, aw.ids["Eve"])
		databasetest.Exec(t, aw.db, `UPDATE instructions SET supplier_status = 'accepted' WHERE booking_id = ?`, b.ID)

		rs, err := aw.store.Advanced(context.Background(), search.ScopeOf(aw.as[apptest.DeptMgr]), search.Query{Filter: search.Filter{
			StartDate: "2026-10-11", EndDate: "2026-10-11", Skills: []int64{aw.tags["Steadicam"]}}})
		if err != nil {
			t.Fatal(err)
		}
		marks := map[string]string{}
		for _, r := range rs {
			marks[r.FirstName] = r.RestWarning
		}
		if want := "7 days in a row without 24 hours off, with Cup Final (Shift 1) on Mon 5 Oct"; !strings.Contains(marks["Eve"], want) {
			t.Errorf("Eve's mark %q, want %q", marks["Eve"], want)
		}
		for name, mark := range marks {
			if name != "Eve" && mark != "" {
				t.Errorf("%s marked %q", name, mark)
			}
		}
		if _, ok := marks["Ada"]; !ok {
			t.Errorf("results %v", fmt.Sprint(marks))
		}
	})
}
