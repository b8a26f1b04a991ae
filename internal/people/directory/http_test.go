package directory_test

import (
	"encoding/json"
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
