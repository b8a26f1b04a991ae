package search_test

import (
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/search"
)

// POST /search with filters is the advanced search: refused to freelancers and staff, scoped to
// the caller's clients, and its 422s carry the spec's messages on their fields (both engines).
func TestAdvancedSearchOverHTTP(t *testing.T) {
	advancedEngines(t, func(t *testing.T, aw *advancedWorld) {
		body := func(filter map[string]any) map[string]any { return map[string]any{"data": filter} }
		steadicam := map[string]any{"skills": []int64{aw.tags["Steadicam"]}}

		aw.srv.As(apptest.Freelancer).Do("POST", "/search", body(steadicam)).WantError(403, "A-102")
		aw.srv.Client().Do("POST", "/search", body(steadicam)).Want(401)

		names := func(role string) []string {
			var out struct{ Data []search.Result }
			aw.srv.As(role).Do("POST", "/search", body(steadicam)).Want(200).Decode(&out)
			var got []string
			for _, r := range out.Data {
				if r.HiveSource != search.SourceUser || r.RoleLabel != search.RoleFreelancer || r.Email != "" {
					t.Errorf("%s: card %+v", role, r)
				}
				got = append(got, r.FirstName)
			}
			slices.Sort(got)
			return got
		}
		if got := names(apptest.Staff); !slices.Equal(got, []string{"Ola"}) { // client B's manager
			t.Errorf("client B's manager sees %v", got)
		}
		if got := names(apptest.DeptMgr); slices.Contains(got, "Ola") || !slices.Contains(got, "Ada") {
			t.Errorf("department A1's manager sees %v", got)
		}

		for _, c := range []struct {
			name, field, msg string
			filter           map[string]any
		}{
			{"radius without a location", "data.radius", search.MsgRadiusNeedsLocation, map[string]any{"radius": 25}},
			{"currency without a rate", "data.rate", search.MsgCurrencyNeedsRate, map[string]any{"currency": "GBP"}},
			{"over 31 days", "data.endDate", search.MsgRangeTooLong, map[string]any{"startDate": "2030-01-01", "endDate": "2030-02-05"}},
		} {
			var p apptest.Problem
			aw.srv.As(apptest.DeptMgr).Do("POST", "/search", body(c.filter)).Want(422).Decode(&p)
			if got := p.Msg(c.field); got != c.msg {
				t.Errorf("%s: %q on %s, want %q (%+v)", c.name, got, c.field, c.msg, p)
			}
		}
	})
}
