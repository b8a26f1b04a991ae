package search_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
)

// searchAs posts a global search as role and returns the status and the results' labels.
func (g *globalWorld) searchAs(t *testing.T, role, query string) (int, []search.Result, []string) {
	t.Helper()
	res := g.s.As(role).Do("POST", "/search", map[string]any{"data": map[string]any{"query": query}})
	if res.Status != http.StatusOK {
		return res.Status, nil, nil
	}
	var out struct{ Data []search.Result }
	res.Decode(&out)
	var labels []string
	for _, r := range out.Data {
		labels = append(labels, g.label(r))
	}
	return res.Status, out.Data, labels
}

// TestGlobalPermissions: only department managers and administrators may search; each sees
// only what they may see. manager manages client A (departments News, Sport, Cameras), dept
// manages News only; staff, once made client B's manager, is another client's manager.
func TestGlobalPermissions(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		g := buildGlobal(t, db, true)
		for role, want := range map[string]int{apptest.Staff: 403, apptest.Freelancer: 403, apptest.Anonymous: 401} {
			if status, _, _ := g.searchAs(t, role, "champions"); status != want {
				t.Errorf("%s: status %d, want %d", role, status, want)
			}
		}
		type check struct {
			role, query string
			see, hide   []string
		}
		run := func(checks []check) {
			t.Helper()
			for _, c := range checks {
				status, _, got := g.searchAs(t, c.role, c.query)
				if status != http.StatusOK {
					t.Errorf("%s %q: status %d", c.role, c.query, status)
					continue
				}
				for _, s := range c.see {
					if !slices.Contains(got, s) {
						t.Errorf("%s %q: %s missing from %v", c.role, c.query, s, got)
					}
				}
				for _, h := range c.hide {
					if slices.Contains(got, h) {
						t.Errorf("%s %q: %s must be hidden, got %v", c.role, c.query, h, got)
					}
				}
			}
		}
		run([]check{
			{apptest.Manager, "champions", []string{"booking:Champions"}, nil},
			{apptest.Manager, "wimbledon", nil, []string{"booking:Wimbledon"}},
			{apptest.Manager, "WIM-2025", nil, []string{"booking:Wimbledon"}},
			{apptest.Manager, "drama", nil, []string{"department:Drama", "job:Series"}},
			{apptest.Manager, "LEG-555", nil, []string{"job:Series"}},
			{apptest.Manager, "evening", []string{"job:Evening"}, nil},
			{apptest.Manager, "beta", nil, []string{"entity:Beta", "legal_entity:Beta"}},
			{apptest.Manager, "alpha", []string{"entity:Alpha", "legal_entity:Alpha"}, nil},
			{apptest.Manager, "angstrom", nil, []string{"legal_entity:Angstrom"}},
			{apptest.Manager, "campbell", []string{"user:Campbell"}, nil}, // staff of their client
			{apptest.Manager, "bexley", nil, []string{"user:Bea"}},        // staff of client B
			{apptest.Manager, "camille", []string{"user:Camille"}, nil},   // any freelancer
			{apptest.Manager, "camden", nil, []string{"user:Camden"}},     // not available
			{apptest.DeptMgr, "champions", []string{"booking:Champions"}, nil},
			{apptest.DeptMgr, "election", nil, []string{"booking:Election"}}, // Sport is not theirs
			{apptest.DeptMgr, "sport", nil, []string{"department:Sport"}},
			{apptest.DeptMgr, "camille", []string{"user:Camille"}, nil},
			{apptest.Admin, "wimbledon", []string{"booking:Wimbledon"}, nil},
			{apptest.Admin, "bexley", []string{"user:Bea"}, nil},
		})
		// Email on Staff cards only.
		_, res, _ := g.searchAs(t, apptest.Manager, "campbell")
		_, fl, _ := g.searchAs(t, apptest.Manager, "camille")
		if len(res) == 0 || res[0].Email != "campbell@alpha.test" || res[0].RoleLabel != "Staff" {
			t.Errorf("staff card: %+v", res)
		}
		if len(fl) == 0 || fl[0].Email != "" || fl[0].RoleLabel != "Freelancer" {
			t.Errorf("freelancer card: %+v", fl)
		}
		// Another client's manager sees client B's records and never client A's.
		orgtest.LinkEntity(t, db, g.w.Users[apptest.Staff], g.w.ClientB, true, true)
		run([]check{
			{apptest.Staff, "wimbledon", []string{"booking:Wimbledon"}, nil},
			{apptest.Staff, "champions", nil, []string{"booking:Champions"}},
			{apptest.Staff, "BK-2024-0042", nil, []string{"booking:Champions"}},
			{apptest.Staff, "news", nil, []string{"department:News", "job:Evening"}},
			{apptest.Staff, "alpha", nil, []string{"entity:Alpha", "legal_entity:Alpha"}},
			{apptest.Staff, "campbell", nil, []string{"user:Campbell"}},
			{apptest.Staff, "drama", []string{"department:Drama", "job:Series"}, nil},
			{apptest.Staff, "bexley", []string{"user:Bea"}, nil},
		})
	})
}
