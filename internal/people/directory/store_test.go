package directory

import (
	"strings"
	"testing"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/database"
)

// A manager sees every freelancer: on the freelancers' tab the tab is the whole scope, and the
// scope's OR must not stay in the query (it kept PostgreSQL from counting the tab by its index);
// on the staff tab the 'every freelancer' arm can match nobody and goes; with both tabs it stays.
func TestTheScopeOfAViewerWhoSeesEveryFreelancerFollowsTheTab(t *testing.T) {
	yes, no := true, false
	scope := &access.UserScope{AllFreelancers: true, DepartmentIDs: []int64{7}}
	for _, c := range []struct {
		name             string
		tab              *bool
		scoped, everyArm bool
	}{
		{"freelancers", &yes, false, false},
		{"staff", &no, true, false},
		{"both", nil, true, true},
	} {
		for _, dialect := range []database.Dialect{database.SQLite, database.Postgres} {
			sql, _ := where(Query{Freelancers: c.tab, Scope: scope, Viewer: 1}, dialect)
			if got := strings.Contains(sql, "id = ?"); got != c.scoped {
				t.Errorf("%s tab, %v: scoped = %v, want %v in %s", c.name, dialect, got, c.scoped, sql)
			}
			if got := strings.Contains(sql, "OR is_freelancer = TRUE"); got != c.everyArm {
				t.Errorf("%s tab, %v: 'every freelancer' arm = %v, want %v in %s", c.name, dialect, got, c.everyArm, sql)
			}
		}
	}
	// A viewer who does not see every freelancer keeps the scope on the freelancers' tab.
	sql, _ := where(Query{Freelancers: &yes, Scope: &access.UserScope{DepartmentIDs: []int64{7}}, Viewer: 1}, database.SQLite)
	if !strings.Contains(sql, "user_department_refs") {
		t.Errorf("a staff viewer's freelancers tab lost its scope: %s", sql)
	}
}
