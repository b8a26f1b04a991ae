package unavailability_test

import (
	"fmt"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/unavailability"
	"github.com/hive/hive/internal/platform/database"
)

func TestAFreelancerMarksAndClearsDatesThatManagersOfTheirDepartmentSee(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
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

// TestWhoSeesAFreelancersDates is the scheduler's read (GET /unavailability/by-user-ids, and
// /unavailability/{id}): the freelancer sees their own; the managers of a department that hires
// them (the department's own manager, and the client's through its entity) and the manager of
// the supplier entity they belong to see them; another client's manager, staff who only view
// the department, and another freelancer see nothing, and the single read answers 404.
func TestWhoSeesAFreelancersDates(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		freelancer := w.Users["freelancer"]
		orgtest.Hire(t, db, w.DeptA1, freelancer)
		s.As(apptest.Freelancer).Do("POST", "/unavailability", map[string]any{"dates": []string{"2027-03-02", "2027-03-03"}}).Want(200)
		s.As(apptest.DeptMgr).Do("POST", "/unavailability", map[string]any{"dates": []string{"2027-03-04"}}).Want(200)

		byIDs := func(role string, users ...int64) map[int64]string {
			t.Helper()
			path := "/unavailability/by-user-ids?startDate=2027-03-01&endDate=2027-03-31"
			for _, u := range users {
				path += fmt.Sprintf("&userIds=%d", u)
			}
			var got []unavailability.Unavailability
			s.As(role).Do("GET", path, nil).Want(200).Decode(&got)
			out := map[int64]string{}
			for _, u := range got {
				out[u.UserID] = fmt.Sprint(u.Dates)
			}
			return out
		}
		own := "[2027-03-02 2027-03-03]"
		if got := byIDs(apptest.Freelancer, freelancer); got[freelancer] != own || len(got) != 1 {
			t.Errorf("the freelancer sees %v", got)
		}
		// A freelancer reads nobody else's dates, not even a manager of the department hiring them.
		if got := byIDs(apptest.Freelancer, w.Users["dept"]); len(got) != 0 {
			t.Errorf("the freelancer sees the manager's dates: %v", got)
		}
		for _, role := range []string{apptest.DeptMgr, apptest.Manager, apptest.Admin} {
			if got := byIDs(role, freelancer); got[freelancer] != own {
				t.Errorf("%s (may hire them) sees %v", role, got)
			}
		}

		// Staff made the manager of another client sees nothing, nor as a viewer of the department.
		orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
		orgtest.LinkDepartment(t, db, w.Users["staff"], w.DeptA1, false, false, true)
		if got := byIDs(apptest.Staff, freelancer); len(got) != 0 {
			t.Errorf("another client's manager sees %v", got)
		}
		s.As(apptest.Staff).Do("GET", fmt.Sprintf("/unavailability/%d", freelancer), nil).WantError(404, "N-404")

		// The manager of the freelancer's supplier entity sees them (the link half of CanSeeUser).
		orgtest.LinkEntity(t, db, freelancer, w.Supplier, false, true)
		orgtest.LinkEntity(t, db, w.Users["staff"], w.Supplier, true, true)
		if got := byIDs(apptest.Staff, freelancer); got[freelancer] != own {
			t.Errorf("the supplier's manager sees %v", got)
		}
	})
}
