package search

import (
	"math"
	"slices"
	"testing"

	"github.com/hive/hive/internal/platform/auth"
)

// destination is the point miles from (lat, lon) on bearing deg.
func destination(lat, lon, deg, miles float64) (float64, float64) {
	rad := math.Pi / 180
	d, b, p1, l1 := miles/earthRadiusMiles, deg*rad, lat*rad, lon*rad
	p2 := math.Asin(math.Sin(p1)*math.Cos(d) + math.Cos(p1)*math.Sin(d)*math.Cos(b))
	l2 := l1 + math.Atan2(math.Sin(b)*math.Sin(d)*math.Cos(p1), math.Cos(d)-math.Sin(p1)*math.Sin(p2))
	return p2 / rad, l2 / rad
}

func TestCanAdvancedSearch(t *testing.T) {
	mgr := &auth.Principal{Needs: auth.NeedSet{}}
	mgr.Needs.Add(auth.NeedStaff, auth.NeedDepartmentManager, auth.ManageDepartment(1))
	admin := &auth.Principal{Needs: auth.NeedSet{}}
	admin.Needs.Add(auth.NeedAdmin, auth.NeedStaff)
	staff := &auth.Principal{Needs: auth.NeedSet{}}
	staff.Needs.Add(auth.NeedStaff)
	freelancer := &auth.Principal{IsFreelancer: true, Needs: auth.NeedSet{}}
	freelancer.Needs.Add(auth.NeedFreelancer, auth.NeedDepartmentManager, auth.ManageDepartment(1))
	for _, c := range []struct {
		name string
		p    *auth.Principal
		want bool
	}{{"department manager", mgr, true}, {"admin", admin, true}, {"staff", staff, false},
		{"freelancer managing a department", freelancer, false}, {"visitor", nil, false}} {
		if got := CanAdvancedSearch(c.p); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}

func TestOrder(t *testing.T) {
	rate := func(v int64) *int64 { return &v }
	dist := func(v float64) *float64 { return &v }
	cands := []candidate{
		{ID: 1, LastName: "Cole", BusinessType: "uk_sole_trader", Currency: "GBP", DayRateMinor: rate(40000), distance: dist(3)},
		{ID: 2, LastName: "Abel", BusinessType: "", DayRateMinor: nil, distance: dist(1), preferred: true},
		{ID: 3, LastName: "Bell", BusinessType: "uk_llp", Currency: "GBP", DayRateMinor: rate(38000), distance: dist(2)},
		{ID: 4, LastName: "Abel", BusinessType: "uk_llp", Currency: "GBP", DayRateMinor: rate(40000), distance: dist(3), preferred: true},
		{ID: 5, LastName: "Dune", BusinessType: "uk_llp", Currency: "EUR", DayRateMinor: rate(10000), distance: dist(4)},
	}
	sorted := func(o order) []int64 {
		ps := make([]*candidate, len(cands))
		for i := range cands {
			ps[i] = &cands[i]
		}
		slices.SortFunc(ps, o.compare)
		ids := make([]int64, len(ps))
		for i, p := range ps {
			ids[i] = p.ID
		}
		return ids
	}
	for o, want := range map[order][]int64{
		{}:                                    {2, 3, 4, 1, 5}, // nearest first
		{key: SortBusinessType}:               {3, 4, 5, 1, 2}, // A to Z, none last; then nearest
		{key: SortPrice, currency: "GBP"}:     {3, 4, 1, 5, 2}, // cheapest in GBP first, other currencies next, none last
		{key: SortPrice, currency: "EUR"}:     {5, 3, 4, 1, 2}, // the chosen currency first
		{key: SortPreferred, currency: "GBP"}: {2, 4, 3, 1, 5},
	} {
		if got := sorted(o); !slices.Equal(got, want) {
			t.Errorf("order by %+v: %v, want %v", o, got, want)
		}
	}
	// Without distances (the global search) ties go to the more relevant, then by name.
	for i := range cands {
		cands[i].distance, cands[i].relevance = nil, cands[i].ID
	}
	if got, want := sorted(order{key: SortPreferred}), []int64{4, 2, 5, 3, 1}; !slices.Equal(got, want) {
		t.Errorf("preferred, then relevance: %v, want %v", got, want)
	}
}
