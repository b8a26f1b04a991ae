package unavailability_test

import (
	"fmt"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/unavailability"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestAFreelancerMarksAndClearsDatesThatManagersOfTheirDepartmentSee(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		s := apptest.Start(t, db)
		w := orgtest.Build(t, db)
		freelancer := w.Users["freelancer"]
		orgtest.LinkDepartment(t, db, freelancer, w.DeptA1, true, false, false)

		var u unavailability.Unavailability
		s.As(apptest.Freelancer).Do("POST", "/unavailability", map[string]any{"dates": []string{"2026-12-03", "2026-12-01", "2026-12-03"}}).
			Want(200).Decode(&u)
		if u.UserID != freelancer || fmt.Sprint(u.Dates) != "[2026-12-01 2026-12-03]" {
			t.Fatalf("marked %+v", u)
		}
		// Marking again changes nothing; clearing removes only the date given.
		s.As(apptest.Freelancer).Do("POST", "/unavailability", map[string]any{"dates": []string{"2026-12-01"}}).Want(200)
		s.As(apptest.Freelancer).Do("DELETE", "/unavailability", map[string]any{"dates": []string{"2026-12-01"}}).Want(200).Decode(&u)
		if fmt.Sprint(u.Dates) != "[2026-12-03]" {
			t.Fatalf("after clearing %+v", u)
		}
		s.As(apptest.Freelancer).Do("POST", "/unavailability", map[string]any{"dates": []string{"3 Dec"}}).WantError(422, "V-422")
		s.As(apptest.Freelancer).Do("POST", "/unavailability", map[string]any{"dates": []string{"2026-12-05"}, "userId": w.Users["staff"]}).
			WantError(403, "A-102")

		// The department's manager and admins read them; a manager elsewhere does not.
		path := fmt.Sprintf("/unavailability/%d", freelancer)
		s.As(apptest.DeptMgr).Do("GET", path, nil).Want(200).Decode(&u)
		if fmt.Sprint(u.Dates) != "[2026-12-03]" {
			t.Errorf("dept manager sees %+v", u)
		}
		s.As(apptest.Admin).Do("GET", path, nil).Want(200)
		s.As(apptest.Staff).Do("GET", path, nil).WantError(404, "N-404")

		var many []unavailability.Unavailability
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/unavailability/by-user-ids?userIds=%d&userIds=%d&startDate=2026-12-02&endDate=2026-12-31",
			freelancer, w.Users["staff"]), nil).Want(200).Decode(&many)
		if len(many) != 1 || fmt.Sprint(many[0].Dates) != "[2026-12-03]" {
			t.Errorf("by user ids %+v", many)
		}
	})
}
