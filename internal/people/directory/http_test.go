package directory_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

type page struct {
	Items []map[string]json.RawMessage `json:"items"`
	Total int                          `json:"total"`
}

func (p page) emails() []string {
	var out []string
	for _, it := range p.Items {
		var e string
		_ = json.Unmarshal(it["email"], &e)
		out = append(out, e)
	}
	return out
}

func get(t *testing.T, s *apptest.Server, role string, q url.Values) page {
	t.Helper()
	var p page
	s.As(role).Do("GET", "/account?"+q.Encode(), nil).Want(200).Decode(&p)
	return p
}

// linkManagers gives manager@ can_manage on a client entity (staff@ is linked to it too) and
// dept@ can_manage on one of its departments.
func linkManagers(t *testing.T, db *database.DB) {
	t.Helper()
	client := orgtest.Entity(t, db, "Directory Client", "client")
	dept := orgtest.Department(t, db, client, "Sport")
	orgtest.LinkEntity(t, db, orgtest.UserID(t, db, "manager@hive.test"), client, true, true)
	orgtest.LinkEntity(t, db, orgtest.UserID(t, db, "staff@hive.test"), client, false, true)
	orgtest.LinkDepartment(t, db, orgtest.UserID(t, db, "dept@hive.test"), dept, false, true, true)
}

func TestAllUsersPermissions(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		linkManagers(t, db)
		var cases []apptest.Case
		for role, status := range map[string]int{apptest.Admin: 200, apptest.Manager: 200, apptest.DeptMgr: 200,
			apptest.Staff: 200, apptest.Freelancer: 403, apptest.Anonymous: 401} {
			cases = append(cases, apptest.Case{As: role, Method: "GET", Path: "/account?role=freelancer", Status: status})
		}
		cases = append(cases,
			apptest.Case{Name: "manager may not filter by account status", As: apptest.Manager, Method: "GET", Path: "/account?accountStatus=active", Status: 403},
			apptest.Case{Name: "manager may not sort by account status", As: apptest.Manager, Method: "GET", Path: "/account?sort=-accountStatus", Status: 403},
			apptest.Case{Name: "admin filters by account status", As: apptest.Admin, Method: "GET", Path: "/account?accountStatus=active&sort=accountStatus", Status: 200},
			apptest.Case{Name: "unknown sort", As: apptest.Admin, Method: "GET", Path: "/account?sort=password", Status: 422},
			apptest.Case{Name: "page size over 100", As: apptest.Admin, Method: "GET", Path: "/account?pageSize=101", Status: 422},
		)
		s.Run(t, cases)
	})
}

func TestAllUsersTabsSearchFiltersSorts(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		linkManagers(t, db)
		// Tabs.
		free := get(t, s, apptest.Admin, url.Values{"role": {"freelancer"}, "pageSize": {"100"}})
		staff := get(t, s, apptest.Admin, url.Values{"role": {"staff"}, "pageSize": {"100"}})
		all := get(t, s, apptest.Admin, url.Values{"pageSize": {"100"}})
		if free.Total == 0 || staff.Total == 0 || free.Total+staff.Total != all.Total {
			t.Fatalf("tabs: %d freelancers + %d staff, %d in all", free.Total, staff.Total, all.Total)
		}
		for _, it := range free.Items {
			if string(it["roleLabel"]) != `"Freelancer"` || string(it["isFreelancer"]) != "true" {
				t.Errorf("freelancer tab item: %v", it)
			}
		}
		if !slices.Contains(staff.emails(), "staff@hive.test") || slices.Contains(staff.emails(), "freelancer@hive.test") {
			t.Errorf("staff tab: %v", staff.emails())
		}
		// Paging: page 2 of size 5 follows page 1.
		p1 := get(t, s, apptest.Admin, url.Values{"role": {"freelancer"}, "pageSize": {"5"}})
		p2 := get(t, s, apptest.Admin, url.Values{"role": {"freelancer"}, "pageSize": {"5"}, "page": {"2"}})
		if len(p1.Items) != 5 || len(p2.Items) != 5 || !slices.Equal(append(p1.emails(), p2.emails()...), free.emails()[:10]) {
			t.Errorf("paging: %v then %v, want %v", p1.emails(), p2.emails(), free.emails()[:10])
		}
		// Search: contains, in name or e-mail.
		if got := get(t, s, apptest.Admin, url.Values{"search": {"ELIX re"}}).emails(); !slices.Equal(got, []string{"freelancer@hive.test"}) {
			t.Errorf("search by name: %v", got)
		}
		if got := get(t, s, apptest.Admin, url.Values{"search": {"ager@hive"}}).emails(); !slices.Equal(got, []string{"manager@hive.test"}) {
			t.Errorf("search by e-mail: %v", got)
		}
		// Column filters.
		checks := []struct {
			q    url.Values
			want []string
		}{
			{url.Values{"lastName": {"REI"}}, []string{"freelancer@hive.test"}},
			{url.Values{"lastName": {"eid"}}, nil}, // starts with, not contains
			{url.Values{"firstName": {"fel"}}, []string{"freelancer@hive.test"}},
			{url.Values{"email": {"STAFF@"}}, []string{"staff@hive.test"}},
			{url.Values{"label": {"sport production"}}, []string{"dept@hive.test"}},
			{url.Values{"onboardingState": {"freelancer_started"}}, []string{"inactive@hive.test"}},
			{url.Values{"accountStatus": {"reset_required"}}, []string{"reset@hive.test"}},
			{url.Values{"role": {"staff"}, "lastName": {"reid"}}, nil},
		}
		for _, c := range checks {
			if got := get(t, s, apptest.Admin, c.q).emails(); !slices.Equal(got, c.want) {
				t.Errorf("filter %s: %v, want %v", c.q.Encode(), got, c.want)
			}
		}
		// Sorts, both ways.
		for _, key := range []string{"email", "firstName", "lastName", "label", "onboardingState", "accountStatus"} {
			asc := get(t, s, apptest.Admin, url.Values{"sort": {key}, "pageSize": {"100"}})
			desc := get(t, s, apptest.Admin, url.Values{"sort": {"-" + key}, "pageSize": {"100"}})
			values := func(p page) []string {
				var out []string
				for _, it := range p.Items {
					var v string
					_ = json.Unmarshal(it[key], &v)
					out = append(out, v)
				}
				return out
			}
			a, d := values(asc), values(desc)
			if !slices.IsSortedFunc(a, cmpFold) {
				t.Errorf("sort %s: %v", key, a)
			}
			slices.Reverse(d)
			if !slices.IsSortedFunc(d, cmpFold) {
				t.Errorf("sort -%s: %v", key, d)
			}
		}
		if got := get(t, s, apptest.Admin, url.Values{"sort": {"email"}, "pageSize": {"1"}}).emails(); !slices.Equal(got, []string{"admin@hive.test"}) {
			t.Errorf("first by e-mail: %v", got)
		}
	})
}

func cmpFold(a, b string) int {
	la, lb := lower(a), lower(b)
	switch {
	case la < lb:
		return -1
	case la > lb:
		return 1
	}
	return 0
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

// TestAllUsersAdminOnlyFields: administrators get accountStatus and the permission flags;
// managers get neither, as keys absent from the JSON; managers see freelancers and the people
// of their organisations only.
func TestAllUsersAdminOnlyFields(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		linkManagers(t, db)
		adminOnly := []string{"accountStatus", "canAdmin", "canCreateSupplierEntity", "canCreateAgencyEntity", "canCreateClientEntity"}
		admin := get(t, s, apptest.Admin, url.Values{"pageSize": {"100"}})
		for _, it := range admin.Items {
			for _, k := range adminOnly {
				if _, ok := it[k]; !ok {
					t.Fatalf("admin item lacks %s: %v", k, it)
				}
			}
		}
		for _, role := range []string{apptest.Manager, apptest.DeptMgr} {
			res := s.As(role).Do("GET", "/account?pageSize=100", nil).Want(200)
			var p page
			res.Decode(&p)
			if len(p.Items) == 0 {
				t.Fatalf("%s sees nobody", role)
			}
			for _, it := range p.Items {
				for _, k := range adminOnly {
					if _, ok := it[k]; ok {
						t.Errorf("%s receives %s: %v", role, k, it)
					}
				}
				if _, ok := it["onboardingState"]; !ok {
					t.Errorf("%s item lacks onboardingState", role)
				}
			}
			emails := p.emails()
			if slices.Contains(emails, "admin@hive.test") || !slices.Contains(emails, "freelancer@hive.test") {
				t.Errorf("%s sees %v", role, emails)
			}
		}
		mgr := get(t, s, apptest.Manager, url.Values{"role": {"staff"}, "pageSize": {"100"}}).emails()
		if !slices.Contains(mgr, "staff@hive.test") || !slices.Contains(mgr, "manager@hive.test") || slices.Contains(mgr, "admin@hive.test") {
			t.Errorf("manager's staff tab: %v", mgr)
		}
	})
}

// TestAllUsersReportsTheViewersMarks: isBookmarked and isFollowed on list rows are the viewer's own.
func TestAllUsersReportsTheViewersMarks(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		databasetest.Exec(t, db, `INSERT INTO user_bookmarks (user_id, target_user_id, created_at)
			SELECT a.id, f.id, ? FROM users a, users f WHERE a.email_lc = 'admin@hive.test' AND f.email_lc = 'freelancer@hive.test'`, db.Now())
		databasetest.Exec(t, db, `INSERT INTO user_follows (user_id, target_user_id, created_at)
			SELECT a.id, f.id, ? FROM users a, users f WHERE a.email_lc = 'manager@hive.test' AND f.email_lc = 'freelancer@hive.test'`, db.Now())
		marks := func(role string) (bookmarked, followed bool) {
			var page struct {
				Items []struct {
					Email                    string
					IsBookmarked, IsFollowed bool
				}
			}
			s.As(role).Do("GET", "/account?role=freelancer&search=freelancer@hive.test", nil).Want(200).Decode(&page)
			if len(page.Items) != 1 {
				t.Fatalf("%s: %d rows", role, len(page.Items))
			}
			return page.Items[0].IsBookmarked, page.Items[0].IsFollowed
		}
		if b, f := marks(apptest.Admin); !b || f {
			t.Errorf("admin: bookmarked %v followed %v", b, f)
		}
	})
}

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
