package search

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/organisations/legalentities"
	"github.com/hive/hive/internal/platform/auth"
)

// The freelancer advanced search's rules: who may run it, the business-type options, distance,
// and the order of its results. The queries are in store_advanced.go.

// AdvancedLimit is the most results an advanced search answers (the best AdvancedLimit in the
// chosen order).
const AdvancedLimit = 200

// BusinessTypes are the advanced search's business-type options: the legal-entity types (spec
// part 1 §5), which is what a freelancer's profile businessType holds for the business they
// trade through. The spec does not show the list (§9); the filter matches the profile's value
// exactly.
var BusinessTypes = []string{legalentities.TypePrivateLimited, legalentities.TypeSoleTrader,
	legalentities.TypePLC, legalentities.TypeLLP, legalentities.TypePrivateUnlimited}

func validBusinessType(t string) bool { return slices.Contains(BusinessTypes, t) }

// CanAdvancedSearch is who may search for freelancers to hire: department managers (client and
// agency managers are too) and administrators; never a freelancer, whatever they manage (the
// search box is the department managers', spec part 1 §6).
func CanAdvancedSearch(p *auth.Principal) bool {
	return p != nil && !p.IsFreelancer && p.Has(auth.NeedDepartmentManager)
}

// earthRadiusMiles is the mean radius of the Earth.
const earthRadiusMiles = 3958.8

// DistanceMiles is the great-circle distance between two points (haversine).
func DistanceMiles(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusMiles * math.Asin(math.Min(1, math.Sqrt(a)))
}

// box is a latitude and longitude range holding every point within a distance of a centre: the
// prefilter an index can answer before the exact distance is computed.
type box struct{ minLat, maxLat, minLon, maxLon float64 }

// boundingBox returns the box around (lat, lon) holding every point within miles, and false
// when it spans every longitude (near a pole, or miles beyond a quarter of the way round).
func boundingBox(lat, lon, miles float64) (box, bool) {
	dLat := miles / earthRadiusMiles * 180 / math.Pi
	b := box{minLat: lat - dLat, maxLat: lat + dLat}
	if b.maxLat >= 90 || b.minLat <= -90 {
		return b, false
	}
	// The widest longitude span is at the latitude nearest a pole within the box.
	dLon := math.Asin(math.Min(1, math.Sin(miles/earthRadiusMiles)/math.Cos(lat*math.Pi/180))) * 180 / math.Pi
	b.minLon, b.maxLon = lon-dLon, lon+dLon
	if b.minLon < -180 || b.maxLon > 180 {
		return b, false
	}
	return b, true
}

// within reports whether a distance passes the radius option: at most radius miles, or over 100
// for OverHundredMiles; every distance passes radius 0.
func within(distance float64, radius int) bool {
	switch radius {
	case 0:
		return true
	case OverHundredMiles:
		return distance > 100
	}
	return distance <= float64(radius)
}

// candidate is a freelancer matching the filters that SQL applies, with what the rest of the
// search needs: coordinates for the distance, and the sort keys.
type candidate struct {
	ID           int64    `db:"id"`
	LastName     string   `db:"last_name"`
	FirstName    string   `db:"first_name"`
	Latitude     *float64 `db:"latitude"`
	Longitude    *float64 `db:"longitude"`
	BusinessType string   `db:"business_type"`
	Currency     string   `db:"day_rate_currency"`
	DayRateMinor *int64   `db:"day_rate_day_minor"`
	distance     *float64
	preferred    bool
	relevance    int64 // the global search's score; 0 in the advanced search
}

// candidateColumns are a candidate's columns over users u: the day rate as its day-rate
// equivalent (jobs.DayRateMinorSQL), so an hourly rate compares with a daily one.
var candidateColumns = `u.id, u.last_name, u.first_name, u.latitude, u.longitude, u.business_type,
	u.day_rate_currency, ` + jobs.DayRateMinorSQL("u.day_rate_minor", "u.day_rate_period") + ` AS day_rate_day_minor`

// order is how results are ordered: Order By's key (none: relevance or distance, then name) and
// the currency Price compares in.
type order struct {
	key      string
	currency string
}

// orderOf is the order a search asks for: its sort key, and Price in the filter's currency, else
// the default currency (GBP) when the search names none.
func orderOf(f Filter) order {
	o := order{key: f.SortKey, currency: f.Currency}
	if o.currency == "" {
		o.currency = jobs.DefaultCurrency
	}
	return o
}

// compare is the one order of freelancer results, for both searches: by the sort key (business
// type A to Z with none last; price as the day-rate equivalent ascending, rates in the chosen
// currency first, then rates in other currencies by currency, no rate last, as no exchange rates
// are kept; preferred first), then nearest first when a location is given, then the more
// relevant to the text query, then by name and id so the order is stable.
func (o order) compare(a, b *candidate) int {
	if c := o.compareBy(a, b); c != 0 {
		return c
	}
	if a.distance != nil && b.distance != nil && *a.distance != *b.distance {
		return cmp.Compare(*a.distance, *b.distance)
	}
	return cmp.Or(cmp.Compare(b.relevance, a.relevance), compareText(a.LastName, b.LastName),
		compareText(a.FirstName, b.FirstName), cmp.Compare(a.ID, b.ID))
}

func (o order) compareBy(a, b *candidate) int {
	switch o.key {
	case SortBusinessType:
		return noneLast(a.BusinessType == "", b.BusinessType == "", func() int { return compareText(a.BusinessType, b.BusinessType) })
	case SortPrice:
		if c := cmp.Compare(o.priceGroup(a), o.priceGroup(b)); c != 0 || a.DayRateMinor == nil {
			return c
		}
		return cmp.Or(cmp.Compare(a.Currency, b.Currency), cmp.Compare(*a.DayRateMinor, *b.DayRateMinor))
	case SortPreferred:
		switch {
		case a.preferred && !b.preferred:
			return -1
		case b.preferred && !a.preferred:
			return 1
		}
	}
	return 0
}

// priceGroup places a rate for Price: 0 in the chosen currency, 1 in another, 2 none.
func (o order) priceGroup(c *candidate) int {
	switch {
	case c.DayRateMinor == nil:
		return 2
	case c.Currency != o.currency:
		return 1
	}
	return 0
}

// noneLast orders values that are missing after those that are not, and compares the rest.
func noneLast(aNone, bNone bool, compare func() int) int {
	switch {
	case aNone && bNone:
		return 0
	case aNone:
		return 1
	case bNone:
		return -1
	}
	return compare()
}

func compareText(a, b string) int { return cmp.Compare(strings.ToLower(a), strings.ToLower(b)) }
