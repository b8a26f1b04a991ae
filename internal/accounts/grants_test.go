package accounts_test

import (
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
)

// TestLinksBecomeNeeds links users to entities and departments directly in the tables and
// checks what whoami reports.
func TestLinksBecomeNeeds(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		users := orgtest.Users(t, db)
		client := orgtest.Entity(t, db, "BBC", "client")
		dept := orgtest.Department(t, db, client, "Sport")
		other := orgtest.Department(t, db, client, "News")
		orgtest.LinkEntity(t, db, users[apptest.Manager], client, true, true)
		orgtest.LinkDepartment(t, db, users[apptest.DeptMgr], dept, false, true, true)
		var manager, deptManager whoami
		s.Login("manager@hive.test").Do("GET", "/account/whoami", nil).Want(200).Decode(&manager)
		s.Login("dept@hive.test").Do("GET", "/account/whoami", nil).Want(200).Decode(&deptManager)
		for _, n := range []string{"client_manager", "department_manager", "manage_entity:" + itoa(client), "manage_department:" + itoa(dept), "manage_department:" + itoa(other)} {
			if !contains(manager.Needs, n) {
				t.Errorf("manager lacks %s: %v", n, manager.Needs)
			}
		}
		if manager.UserLevel != "Entity Admin" {
			t.Errorf("manager level %q", manager.UserLevel)
		}
		if !contains(deptManager.Needs, "manage_department:"+itoa(dept)) || contains(deptManager.Needs, "manage_department:"+itoa(other)) ||
			contains(deptManager.Needs, "client_manager") || deptManager.UserLevel != "Department Admin" {
			t.Errorf("department manager %+v", deptManager)
		}
	})
}

// TestManagersSearchAccounts: a manager finds freelancers and the people of their own
// organisations, not everyone; staff cannot list accounts.
func TestManagersSearchAccounts(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		users := orgtest.Users(t, db)
		client := orgtest.Entity(t, db, "BBC", "client")
		orgtest.LinkEntity(t, db, users[apptest.Manager], client, true, true)
		orgtest.LinkEntity(t, db, users[apptest.Staff], client, false, true)
		search := func(role, term string) []string {
			var page struct{ Items []struct{ Email string } }
			s.As(role).Do("GET", "/account?search="+term, nil).Want(200).Decode(&page)
			var emails []string
			for _, u := range page.Items {
				emails = append(emails, u.Email)
			}
			return emails
		}
		if got := search(apptest.Manager, "felix"); len(got) != 1 || got[0] != "freelancer@hive.test" {
			t.Errorf("manager finds freelancer: %v", got)
		}
		if got := search(apptest.Manager, "sam"); len(got) != 1 || got[0] != "staff@hive.test" {
			t.Errorf("manager finds own colleague: %v", got)
		}
		if got := search(apptest.Manager, "ada"); len(got) != 0 {
			t.Errorf("manager finds an unrelated administrator: %v", got)
		}
		if got := search(apptest.Admin, "HIVE.TEST"); len(got) < 19 {
			t.Errorf("admin search: %d", len(got))
		}
		// Read-only staff search too, among the people of what they view; the
		// demo staff member views nothing that hires Felix.
		if got := search(apptest.Staff, "felix"); len(got) != 0 {
			t.Errorf("staff find a freelancer of no department they view: %v", got)
		}
	})
}
