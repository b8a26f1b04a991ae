package search

import (
	"time"

	"github.com/hive/hive/internal/platform/apperror"
)

// Location is the place an advanced search measures distance from (spec part 1 §3).
type Location struct {
	LocationName string  `json:"location_name" maxLength:"300"`
	Latitude     float64 `json:"latitude" minimum:"-90" maximum:"90"`
	Longitude    float64 `json:"longitude" minimum:"-180" maximum:"180"`
}

// Filter is the freelancer advanced search (spec part 1 §3 Advanced search filter).
type Filter struct {
	Currency     string    `json:"currency,omitempty" enum:"USD,EUR,GBP"`
	Rate         *float64  `json:"rate,omitempty" doc:"Highest day rate in currency; 0 clears the rate filter (with no from and to)"`
	From         *float64  `json:"from,omitempty" doc:"Lowest day rate in currency"`
	To           *float64  `json:"to,omitempty" doc:"Highest day rate in currency"`
	Location     *Location `json:"location,omitempty"`
	Radius       int       `json:"radius,omitempty" enum:"0,10,25,50,100,101" doc:"Miles; 101 means over 100 miles; 0 (the default) means no distance limit"`
	BusinessType string    `json:"businessType,omitempty" enum:",uk_private_limited,uk_sole_trader,uk_plc,uk_llp,uk_private_unlimited" doc:"A legal-entity type (BusinessTypes), matched against the profile's businessType"`
	Countries    []string  `json:"countries,omitempty" maxItems:"300"`
	Skills       []int64   `json:"skills,omitempty" maxItems:"100" doc:"Skill tag ids; every one must match"`
	JobTitles    []int64   `json:"jobTitles,omitempty" maxItems:"100" doc:"Job title tag ids; every one must match"`
	StartDate    string    `json:"startDate,omitempty" doc:"YYYY-MM-DD, today or later"`
	EndDate      string    `json:"endDate,omitempty" doc:"YYYY-MM-DD; at most 31 days after startDate"`
	SortKey      string    `json:"sort_key,omitempty" enum:"businessType,price,preferred"`
}

// The advanced search's limits (spec part 1 §5 and §9).
const (
	// MaxRangeDays is the longest date range: the end date is at most the start plus 31 days.
	MaxRangeDays = 31
	// OverHundredMiles is the radius option meaning "over 100 miles".
	OverHundredMiles = 101
)

// Radii are the radius options in miles (0: no limit).
var Radii = []int{0, 10, 25, 50, 100, OverHundredMiles}

// The advanced search's messages. The spec words the date range's (§5: the toast's title is
// MsgEnterValidDate, its text MsgRangeTooLong); the web shows the server's reason for the rest.
const (
	MsgEnterValidDate      = "Enter Valid Date"
	MsgRangeTooLong        = "Date range cannot exceed 31 days."
	MsgStartBeforeToday    = "The start date cannot be before today."
	MsgEndBeforeStart      = "The end date cannot be before the start date."
	MsgBothDates           = "Enter both a start and an end date."
	MsgBadDate             = "Enter a date as year-month-day."
	MsgRadiusNeedsLocation = "Choose a location to search within a radius."
	MsgCurrencyNeedsRate   = "Enter a rate for the chosen currency."
	MsgRateNeedsCurrency   = "Choose a currency for the daily rate."
	MsgNegativeRate        = "A rate cannot be negative."
	MsgFromAboveTo         = "The lowest rate cannot be above the highest."
	MsgBadRadius           = "Choose a radius of 10, 25, 50, 100 or over 100 miles."
	MsgBadBusinessType     = "Choose a business type from the list."
	MsgBadSortKey          = "Order by business type, price or preferred."
)

// IsSet reports whether any advanced filter is present: then POST /search is an advanced search.
// A rate of 0 with no from and to is no rate filter (spec §4: setting rate to 0 clears it); a
// currency with no rate at all counts as set, so that Validate refuses it. Order By alone is no
// filter.
func (f Filter) IsSet() bool {
	_, _, rate := f.rateBounds()
	return rate || f.currencyAlone() || f.hasLocation() || f.Radius != 0 || f.BusinessType != "" ||
		len(f.Countries) > 0 || len(f.Skills) > 0 || len(f.JobTitles) > 0 || f.StartDate != "" || f.EndDate != ""
}

// hasLocation is whether a place was chosen (the client's empty location is name "" at 0, 0).
func (f Filter) hasLocation() bool {
	l := f.Location
	return l != nil && (l.LocationName != "" || l.Latitude != 0 || l.Longitude != 0)
}

// currencyAlone is a currency sent with no rate, from or to.
func (f Filter) currencyAlone() bool {
	return f.Currency != "" && f.Rate == nil && f.From == nil && f.To == nil
}

// rateBounds is the day-rate range asked for, in major units of f.Currency: the lowest (from),
// the highest (the lower of to and rate, either may be absent), and whether there is a rate
// filter at all. Rate 0 is no bound.
func (f Filter) rateBounds() (lo, hi *float64, ok bool) {
	lo, hi = f.From, f.To
	if f.Rate != nil && *f.Rate > 0 && (hi == nil || *f.Rate < *hi) {
		hi = f.Rate
	}
	return lo, hi, lo != nil || hi != nil
}

// ValidateOn returns the 422 of the spec's rules (part 1 §5) as field errors of body.data, or
// nil. The earliest start is today anywhere on Earth (the date at UTC-12), so a searcher whose
// day has begun before UTC's is not refused their today.
func (f Filter) ValidateOn(now time.Time) error {
	var v apperror.Invalid
	f.validateRate(&v)
	if f.Radius != 0 && !f.hasLocation() {
		v.Add("data.radius", MsgRadiusNeedsLocation)
	}
	if !validRadius(f.Radius) {
		v.Add("data.radius", MsgBadRadius)
	}
	if f.BusinessType != "" && !validBusinessType(f.BusinessType) {
		v.Add("data.businessType", MsgBadBusinessType)
	}
	if f.SortKey != "" && !validSortKey(f.SortKey) {
		v.Add("data.sort_key", MsgBadSortKey)
	}
	f.validateDates(&v, now)
	return v.Err()
}

func (f Filter) validateRate(v *apperror.Invalid) {
	for _, r := range []*float64{f.Rate, f.From, f.To} {
		if r != nil && *r < 0 {
			v.Add("data.rate", MsgNegativeRate)
			return
		}
	}
	lo, hi, rate := f.rateBounds()
	switch {
	case f.currencyAlone():
		v.Add("data.rate", MsgCurrencyNeedsRate)
	case rate && f.Currency == "":
		v.Add("data.currency", MsgRateNeedsCurrency)
	case lo != nil && hi != nil && *lo > *hi:
		v.Add("data.from", MsgFromAboveTo)
	}
}

func (f Filter) validateDates(v *apperror.Invalid, now time.Time) {
	if f.StartDate == "" && f.EndDate == "" {
		return
	}
	if f.StartDate == "" || f.EndDate == "" {
		v.Add("data.startDate", MsgBothDates)
		return
	}
	start, errS := time.Parse(time.DateOnly, f.StartDate)
	end, errE := time.Parse(time.DateOnly, f.EndDate)
	switch {
	case errS != nil:
		v.Add("data.startDate", MsgBadDate)
	case errE != nil:
		v.Add("data.endDate", MsgBadDate)
	case start.Format(time.DateOnly) < now.UTC().Add(-12*time.Hour).Format(time.DateOnly):
		v.Add("data.startDate", MsgStartBeforeToday)
	case end.Before(start):
		v.Add("data.endDate", MsgEndBeforeStart)
	case end.After(start.AddDate(0, 0, MaxRangeDays)):
		v.Add("data.endDate", MsgRangeTooLong)
	}
}

func validRadius(r int) bool {
	for _, ok := range Radii {
		if r == ok {
			return true
		}
	}
	return false
}

func validSortKey(k string) bool {
	return k == SortBusinessType || k == SortPrice || k == SortPreferred
}

// The Order By options (spec part 1 §2).
const (
	SortBusinessType = "businessType"
	SortPrice        = "price"
	SortPreferred    = "preferred"
)
