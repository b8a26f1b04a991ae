package directory_test

import (
	"net/url"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/people/directory"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestAllUsersSearchFollowsWrites: the search matches a term contained in the full name or the
// e-mail address, on either engine the same whether the term is short (read row by row) or
// long enough for migration 00040's trigram index, which follows every write to users: a new
// user is found, a renamed one by the new name only, and % and _ match nothing special.
func TestAllUsersSearchFollowsWrites(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		linkManagers(t, db)
		databasetest.Exec(t, db, `INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer, created_at, updated_at)
			VALUES ('Zoe.Q@Search.test', 'zoe.q@search.test', 'Zoë', 'Quarrington-Ångström', TRUE, ?, ?)`, db.Now(), db.Now())
		search := func(role, term string) []string {
			t.Helper()
			return get(t, s, role, url.Values{"search": {term}, "pageSize": {"100"}}).emails()
		}
		zoe := []string{"Zoe.Q@Search.test"}
		for _, term := range []string{"quarr", "QUARRINGTON", "zoë q", "ngstr", "ZOE.Q@", "search.te", "qu%ar_ri", "zoë"} {
			if got := search(apptest.Admin, term); !slices.Equal(got, zoe) {
				t.Errorf("search %q: %v, want %v", term, got, zoe)
			}
		}
		// A manager's scope (freelancers and their organisations' people) with the index.
		if got := search(apptest.Manager, "quarrington"); !slices.Equal(got, zoe) {
			t.Errorf("manager's search: %v", got)
		}
		if got := search(apptest.Admin, "quarringtonx"); len(got) != 0 {
			t.Errorf("longer than the name: %v", got)
		}
		// Short terms (no trigram) still match anywhere.
		if got := search(apptest.Admin, "ë"); !slices.Equal(got, zoe) {
			t.Errorf("one character: %v", got)
		}
		databasetest.Exec(t, db, `UPDATE users SET last_name = 'Pemberton', email = 'zp@search.test', email_lc = 'zp@search.test'
			WHERE email_lc = 'zoe.q@search.test'`)
		if got := search(apptest.Admin, "quarrington"); len(got) != 0 {
			t.Errorf("old name still found: %v", got)
		}
		if got := search(apptest.Admin, "zoe.q@"); len(got) != 0 {
			t.Errorf("old e-mail still found: %v", got)
		}
		if got := search(apptest.Admin, "pember"); !slices.Equal(got, []string{"zp@search.test"}) {
			t.Errorf("new name: %v", got)
		}
		if got := search(apptest.Admin, "zoë pemberton"); !slices.Equal(got, []string{"zp@search.test"}) {
			t.Errorf("new full name: %v", got)
		}
		// Every sort order with a search the index narrows.
		for _, key := range directory.SortFields {
			for _, sort := range []string{key, "-" + key} {
				q := url.Values{"search": {"pemberton"}, "sort": {sort}}
				if got := get(t, s, apptest.Admin, q).emails(); !slices.Equal(got, []string{"zp@search.test"}) {
					t.Errorf("sorted by %s: %v", sort, got)
				}
			}
		}
		// Pages of a narrowed search: each with the total, none past the last.
		all := get(t, s, apptest.Admin, url.Values{"search": {"hive.test"}, "pageSize": {"100"}})
		p2 := get(t, s, apptest.Admin, url.Values{"search": {"hive.test"}, "pageSize": {"2"}, "page": {"2"}})
		past := get(t, s, apptest.Admin, url.Values{"search": {"hive.test"}, "pageSize": {"2"}, "page": {"99"}})
		if all.Total < 4 || p2.Total != all.Total || !slices.Equal(p2.emails(), all.emails()[2:4]) ||
			past.Total != all.Total || len(past.Items) != 0 {
			t.Errorf("pages: %d %v, page 2 %d %v, past %d %v", all.Total, all.emails(), p2.Total, p2.emails(), past.Total, past.emails())
		}
		// The freelancer tab with a search.
		p := get(t, s, apptest.Admin, url.Values{"role": {"freelancer"}, "search": {"pemberton"}})
		if p.Total != 1 || !slices.Equal(p.emails(), []string{"zp@search.test"}) {
			t.Errorf("freelancer tab: %d %v", p.Total, p.emails())
		}
		if p := get(t, s, apptest.Admin, url.Values{"role": {"staff"}, "search": {"pemberton"}}); p.Total != 0 {
			t.Errorf("staff tab: %v", p.emails())
		}
	})
}
