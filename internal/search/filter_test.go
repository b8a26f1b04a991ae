package search

import (
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
)

func ptr[T any](v T) *T { return &v }

var salford = &Location{LocationName: "Salford, England, GB", Latitude: 53.4875, Longitude: -2.2901}

func TestIsSet(t *testing.T) {
	cases := []struct {
		name string
		f    Filter
		want bool
	}{
		{"empty", Filter{}, false},
		{"order by alone", Filter{SortKey: SortPrice}, false},
		{"rate 0 clears", Filter{Currency: "GBP", Rate: ptr(0.0)}, false},
		{"the client's empty location", Filter{Location: &Location{}}, false},
		{"rate", Filter{Currency: "GBP", Rate: ptr(450.0)}, true},
		{"from", Filter{Currency: "GBP", From: ptr(100.0)}, true},
		{"currency with no rate at all", Filter{Currency: "GBP"}, true},
		{"location", Filter{Location: salford}, true},
		{"radius alone", Filter{Radius: 25}, true},
		{"business type", Filter{BusinessType: "uk_llp"}, true},
		{"countries", Filter{Countries: []string{"GB"}}, true},
		{"skills", Filter{Skills: []int64{1}}, true},
		{"job titles", Filter{JobTitles: []int64{1}}, true},
		{"dates", Filter{StartDate: "2026-10-03", EndDate: "2026-10-07"}, true},
	}
	for _, c := range cases {
		if got := c.f.IsSet(); got != c.want {
			t.Errorf("%s: IsSet %v, want %v", c.name, got, c.want)
		}
	}
}

// Every refusal of Validate carries its spec message on its field, as a 422.
func TestValidateMessages(t *testing.T) {
	now := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	cases := []struct {
		name  string
		f     Filter
		field string
		msg   string
	}{
		{"over 31 days", Filter{StartDate: "2026-10-01", EndDate: "2026-11-02"}, "data.endDate", MsgRangeTooLong},
		{"start before today", Filter{StartDate: "2026-09-29", EndDate: "2026-10-03"}, "data.startDate", MsgStartBeforeToday},
		{"end before start", Filter{StartDate: "2026-10-05", EndDate: "2026-10-03"}, "data.endDate", MsgEndBeforeStart},
		{"one date only", Filter{StartDate: "2026-10-05"}, "data.startDate", MsgBothDates},
		{"not a date", Filter{StartDate: "05/10/2026", EndDate: "2026-10-06"}, "data.startDate", MsgBadDate},
		{"radius without a location", Filter{Radius: 25}, "data.radius", MsgRadiusNeedsLocation},
		{"radius with the empty location", Filter{Radius: 25, Location: &Location{}}, "data.radius", MsgRadiusNeedsLocation},
		{"radius not an option", Filter{Radius: 30, Location: salford}, "data.radius", MsgBadRadius},
		{"currency without a rate", Filter{Currency: "GBP"}, "data.rate", MsgCurrencyNeedsRate},
		{"rate without a currency", Filter{Rate: ptr(450.0)}, "data.currency", MsgRateNeedsCurrency},
		{"negative rate", Filter{Currency: "GBP", From: ptr(-1.0)}, "data.rate", MsgNegativeRate},
		{"from above to", Filter{Currency: "GBP", From: ptr(500.0), To: ptr(400.0)}, "data.from", MsgFromAboveTo},
		{"business type not an option", Filter{BusinessType: "charity"}, "data.businessType", MsgBadBusinessType},
		{"sort key not an option", Filter{Skills: []int64{1}, SortKey: "rating"}, "data.sort_key", MsgBadSortKey},
	}
	for _, c := range cases {
		err := c.f.ValidateOn(now)
		e := apperror.As(err)
		if e == nil || e.Kind != apperror.KindInvalid || e.Code != apperror.CodeValidation {
			t.Errorf("%s: %v, want a 422", c.name, err)
			continue
		}
		if e.Message != c.msg || len(e.Fields) == 0 || e.Fields[0].Loc[1] != c.field || e.Fields[0].Msg != c.msg {
			t.Errorf("%s: %q on %v, want %q on %s", c.name, e.Message, e.Fields, c.msg, c.field)
		}
	}
}

func TestValidateAccepts(t *testing.T) {
	now := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	ok := []Filter{
		{},
		{Currency: "GBP", Rate: ptr(0.0)},
		{Currency: "GBP", Rate: ptr(450.0), From: ptr(100.0)},
		{Location: salford},
		{Location: salford, Radius: OverHundredMiles},
		{StartDate: "2026-10-01", EndDate: "2026-11-01"}, // 31 days after the start: the longest
		{StartDate: "2026-10-03", EndDate: "2026-10-03"},
		{BusinessType: "uk_sole_trader", SortKey: SortPreferred},
	}
	for _, f := range ok {
		if err := f.ValidateOn(now); err != nil {
			t.Errorf("%+v: %v", f, err)
		}
	}
	// Just after midnight UTC it is still yesterday west of UTC: that today is not refused.
	early := time.Date(2026, 10, 2, 1, 0, 0, 0, time.UTC)
	if err := (Filter{StartDate: "2026-10-01", EndDate: "2026-10-02"}).ValidateOn(early); err != nil {
		t.Errorf("yesterday in UTC, today in New York: %v", err)
	}
}

func TestDistanceAndBox(t *testing.T) {
	london := Location{Latitude: 51.5072, Longitude: -0.1276}
	d := DistanceMiles(salford.Latitude, salford.Longitude, london.Latitude, london.Longitude)
	if d < 160 || d > 166 {
		t.Errorf("Salford to London %.1f miles, want about 163", d)
	}
	if d := DistanceMiles(1, 2, 1, 2); d != 0 {
		t.Errorf("a point from itself %.3f", d)
	}
	for _, miles := range []float64{10, 25, 50, 100} {
		b, ok := boundingBox(salford.Latitude, salford.Longitude, miles)
		if !ok {
			t.Fatalf("%v miles: no box", miles)
		}
		// Every point on the circle lies in the box.
		for deg := 0.0; deg < 360; deg += 5 {
			lat, lon := destination(salford.Latitude, salford.Longitude, deg, miles*0.999)
			if lat < b.minLat || lat > b.maxLat || lon < b.minLon || lon > b.maxLon {
				t.Errorf("%v miles at %v°: (%.4f, %.4f) outside %+v", miles, deg, lat, lon, b)
			}
		}
	}
	if _, ok := boundingBox(89.9, 0, 25); ok {
		t.Error("a box over the pole")
	}
	if !within(100, 100) || within(100.1, 100) || !within(100.1, OverHundredMiles) || within(99, OverHundredMiles) || !within(5000, 0) {
		t.Error("radius options")
	}
}
