package directory

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
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

// The kept counts of migration 00046 follow every write to users: a new freelancer or member
// of staff, a change of tab, a change of anything else, a deletion.
func TestTheKeptTabCountsFollowEveryWriteToUsers(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		check := func(after string) {
			t.Helper()
			for _, tab := range []bool{true, false} {
				kept := databasetest.Get[int](t, db, `SELECT n FROM user_tab_counts WHERE is_freelancer = ?`, tab)
				counted := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM users WHERE is_freelancer = ?`, tab)
				if kept != counted {
					t.Errorf("after %s, tab freelancers=%v: kept %d, counted %d", after, tab, kept, counted)
				}
			}
		}
		check("the migrations")
		insert := func(email string, freelancer bool) int64 {
			return databasetest.InsertID(t, db, `INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer,
				created_at, updated_at) VALUES (?, ?, 'Tab', 'Count', ?, ?, ?) RETURNING id`, email, email, freelancer,
				time.Now(), time.Now())
		}
		free, staff := insert("tab-free@count.test", true), insert("tab-staff@count.test", false)
		insert("tab-free2@count.test", true)
		check("three inserts")
		databasetest.Exec(t, db, `UPDATE users SET is_freelancer = ? WHERE id = ?`, false, free)
		databasetest.Exec(t, db, `UPDATE users SET is_freelancer = ? WHERE id = ?`, true, staff)
		check("two moves")
		databasetest.Exec(t, db, `UPDATE users SET first_name = 'Renamed', is_freelancer = is_freelancer WHERE id = ?`, free)
		check("a change within the tab")
		databasetest.Exec(t, db, `DELETE FROM users WHERE id = ?`, staff)
		check("a deletion")
	})
}

// A whole tab's total is the kept count; any filter counts the matching rows.
func TestAWholeTabIsCountedFromTheKeptCount(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		for i := range 3 {
			email := fmt.Sprintf("kept%d@count.test", i)
			databasetest.Exec(t, db, `INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer,
				created_at, updated_at) VALUES (?, ?, 'Kept', 'Count', ?, ?, ?)`, email, email, true, time.Now(), time.Now())
		}
		// Set apart from the rows, to see which one the total comes from.
		databasetest.Exec(t, db, `UPDATE user_tab_counts SET n = 1000 WHERE is_freelancer = ?`, true)
		yes := true
		s := &Store{DB: db}
		for _, c := range []struct {
			q    Query
			want int
		}{
			{Query{Freelancers: &yes, Limit: 2}, 1000},
			{Query{Freelancers: &yes, Limit: 2, Scope: &access.UserScope{AllFreelancers: true}, Viewer: 1}, 1000},
			{Query{Freelancers: &yes, Limit: 2, LastName: "Count"}, 3},
			{Query{Freelancers: &yes, Limit: 2, Scope: &access.UserScope{DepartmentIDs: []int64{1}}, Viewer: -1}, 0},
		} {
			if _, total, err := s.List(t.Context(), c.q); err != nil || total != c.want {
				t.Errorf("%+v: total %d, want %d (%v)", c.q, total, c.want, err)
			}
		}
	})
}
