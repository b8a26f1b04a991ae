package directory_test

import (
	"fmt"
	"net/url"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
)

// staffWorld is orgtest's world with staff@ linked read-only to client B (so viewing its
// department B1), B1 hiring freelancer@, A1 hiring inactive@, and amelia.hughes@ linked to B1
// to be seen, not hired. manager@ manages client A: to staff, another client's manager.
func staffWorld(t *testing.T, db *database.DB) orgtest.World {
	t.Helper()
	w := orgtest.Build(t, db)
	orgtest.LinkEntity(t, db, w.Users[apptest.Staff], w.ClientB, false, true)
	orgtest.Hire(t, db, w.DeptB1, w.Users[apptest.Freelancer])
	orgtest.Hire(t, db, w.DeptA1, orgtest.UserID(t, db, "inactive@hive.test"))
	orgtest.LinkDepartment(t, db, orgtest.UserID(t, db, "amelia.hughes@hive.test"), w.DeptB1, false, false, true)
	return w
}

// TestAllUsersForStaff: staff list, read-only, the people linked to the entities and
// departments they view, among them the freelancers those departments hire, and themselves;
// nobody else, on either tab.
func TestAllUsersForStaff(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		staffWorld(t, db)
		all := get(t, s, apptest.Staff, url.Values{"pageSize": {"100"}}).emails()
		want := []string{"amelia.hughes@hive.test", "freelancer@hive.test", "staff@hive.test"}
		slices.Sort(all)
		if !slices.Equal(all, want) {
			t.Errorf("staff see %v, want %v", all, want)
		}
		free := get(t, s, apptest.Staff, url.Values{"role": {"freelancer"}})
		if !slices.Equal(free.emails(), []string{"amelia.hughes@hive.test", "freelancer@hive.test"}) || free.Total != 2 {
			t.Errorf("staff's freelancer tab: %v (%d)", free.emails(), free.Total)
		}
		if got := get(t, s, apptest.Staff, url.Values{"role": {"staff"}}).emails(); !slices.Equal(got, []string{"staff@hive.test"}) {
			t.Errorf("staff's staff tab: %v", got)
		}
		page := get(t, s, apptest.Staff, url.Values{"role": {"freelancer"}})
		for _, it := range page.Items {
			if _, ok := it["accountStatus"]; ok {
				t.Errorf("staff receive the account status: %v", it)
			}
		}
		// Another client's manager sees the freelancers (they hire) but not client B's staff.
		if got := get(t, s, apptest.Manager, url.Values{"role": {"staff"}, "pageSize": {"100"}}).emails(); slices.Contains(got, "staff@hive.test") {
			t.Errorf("client A's manager sees client B's staff: %v", got)
		}
		s.Run(t, []apptest.Case{
			{Name: "staff may not filter by account status", As: apptest.Staff, Method: "GET", Path: "/account?accountStatus=active", Status: 403},
			{Name: "staff may not sort by account status", As: apptest.Staff, Method: "GET", Path: "/account?sort=accountStatus", Status: 403},
			{Name: "a freelancer may not list users", As: apptest.Freelancer, Method: "GET", Path: "/account?role=freelancer", Status: 403},
		})
	})
}

// TestStaffReadOnlyProfiles: staff open the profiles they see, read-only (canEdit false), and
// change nobody: no edit, no password, no impersonation, no new account. A freelancer and
// another client's manager may not open client B's staff member.
func TestStaffReadOnlyProfiles(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		w := staffWorld(t, db)
		hired, staff := w.Users[apptest.Freelancer], w.Users[apptest.Staff]
		path := func(format string, id int64) string { return fmt.Sprintf(format, id) }
		var profile struct {
			Email       string `json:"email"`
			Version     int    `json:"version"`
			CanEdit     bool   `json:"canEdit"`
			CanSeeStats bool   `json:"canSeeStats"`
		}
		s.As(apptest.Staff).Do("GET", path("/account/%d", hired), nil).Want(200).Decode(&profile)
		if profile.Email != "freelancer@hive.test" || profile.CanEdit || profile.CanSeeStats {
			t.Errorf("staff read %+v", profile)
		}
		// The stats are for department managers (and the freelancer): the flag says so.
		s.As(apptest.Staff).Do("GET", path("/account/%d/stats", hired), nil).Want(403)
		var own struct {
			CanEdit bool `json:"canEdit"`
		}
		s.As(apptest.Staff).Do("GET", path("/account/%d", staff), nil).Want(200).Decode(&own)
		if !own.CanEdit {
			t.Error("staff may edit their own profile")
		}
		var hiring struct {
			CanEdit     bool `json:"canEdit"`
			CanSeeStats bool `json:"canSeeStats"`
		}
		s.As(apptest.DeptMgr).Do("GET", path("/account/%d", hired), nil).Want(200).Decode(&hiring)
		if hiring.CanEdit || !hiring.CanSeeStats {
			t.Errorf("a department manager reads a freelancer: %+v", hiring)
		}
		edit := map[string]any{"label": "Changed", "version": profile.Version}
		s.Run(t, []apptest.Case{
			{Name: "staff read a freelancer their department hires", As: apptest.Staff, Method: "GET", Path: path("/account/%d", hired), Status: 200},
			{Name: "staff do not read another client's manager", As: apptest.Staff, Method: "GET", Path: path("/account/%d", w.Users[apptest.Manager]), Status: 403},
			{Name: "staff do not read a freelancer of another department", As: apptest.Staff, Method: "GET", Path: path("/account/%d", orgtest.UserID(t, db, "inactive@hive.test")), Status: 403},
			{Name: "staff do not edit a user", As: apptest.Staff, Method: "PATCH", Path: path("/account/%d", hired), Body: edit, Status: 403},
			{Name: "staff do not set a password", As: apptest.Staff, Method: "POST", Path: path("/account/%d/set-password", hired), Body: map[string]any{"password": "Another-pass-1234"}, Status: 403},
			{Name: "staff do not impersonate", As: apptest.Staff, Method: "POST", Path: path("/account/impersonate/%d", hired), Status: 403},
			{Name: "staff do not create accounts", As: apptest.Staff, Method: "POST", Path: "/account", Body: map[string]any{"email": "new@hive.test", "firstName": "New", "lastName": "Person", "entityIds": []int64{w.ClientB}}, Status: 403},
			{Name: "a freelancer does not read staff", As: apptest.Freelancer, Method: "GET", Path: path("/account/%d", staff), Status: 403},
			{Name: "another client's manager does not read staff", As: apptest.Manager, Method: "GET", Path: path("/account/%d", staff), Status: 403},
			{Name: "another client's manager does not edit staff", As: apptest.Manager, Method: "PATCH", Path: path("/account/%d", staff), Body: map[string]any{"label": "Changed", "version": 1}, Status: 403},
		})
	})
}
