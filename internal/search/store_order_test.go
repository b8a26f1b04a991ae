package search_test

import (
	"context"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
	"github.com/hive/hive/internal/search/index"
)

// Order By orders the top bar's text search as it orders the advanced search (both engines):
// Price by day-rate equivalent ascending in the chosen currency (GBP when none is chosen), other
// currencies next, no rate last; Business Type grouped A to Z; Preferred first; ties by
// relevance, then name. POST /search answers the same order.
func TestGlobalSearchOrderBy(t *testing.T) {
	advancedEngines(t, func(t *testing.T, aw *advancedWorld) {
		// Dan has no rate: he goes last by price, though he matches as well as the others.
		databasetest.Exec(t, aw.db, `UPDATE users SET day_rate_minor = NULL WHERE id = ?`, aw.ids["Dan"])
		if err := index.Rebuild(context.Background(), aw.db); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			key  string
			want []string
		}{
			// Each matches 'camera' equally (their job title), so ties go by last name. Ben's 60.00 an
			// hour is 480 a day; Hal's rate is in euros.
			{search.SortPrice, []string{"Pia", "Ola", "Eve", "Fay", "Gus", "Ivy", "Ada", "Cat", "Ben", "Hal", "Dan"}},
			{search.SortBusinessType, []string{"Hal", "Cat", "Ada", "Eve", "Fay", "Gus", "Ivy", "Ben", "Pia", "Dan", "Ola"}},
			{search.SortPreferred, []string{"Ivy", "Eve", "Fay", "Gus", "Hal", "Ben", "Pia", "Cat", "Dan", "Ola", "Ada"}},
		} {
			q := search.Query{Query: "camera", Filter: search.Filter{SortKey: c.key}}
			rs, err := aw.store.Global(context.Background(), search.ScopeOf(aw.as[apptest.DeptMgr]), q)
			if err != nil {
				t.Fatal(err)
			}
			if got := userNames(rs); !slices.Equal(got, c.want) {
				t.Errorf("camera by %s: %v, want %v", c.key, got, c.want)
			}
			for i := 1; i < len(rs); i++ {
				if rs[i].HiveRank > rs[i-1].HiveRank {
					t.Errorf("camera by %s: not sorted by hiveRank at %d", c.key, i)
				}
			}
			var out struct{ Data []search.Result }
			aw.srv.As(apptest.DeptMgr).Do("POST", "/search", map[string]any{"data": map[string]any{
				"query": "camera", "sort_key": c.key}}).Want(200).Decode(&out)
			if got := userNames(out.Data); !slices.Equal(got, c.want) {
				t.Errorf("POST /search camera by %s: %v, want %v", c.key, got, c.want)
			}
		}
	})
}

// userNames is the first names of the user results, in order.
func userNames(rs []search.Result) []string {
	var out []string
	for _, r := range rs {
		if r.HiveSource == search.SourceUser {
			out = append(out, r.FirstName)
		}
	}
	return out
}
