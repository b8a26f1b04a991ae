package jobs

import (
	"fmt"
	"math"
	"strings"
)

// The one rule for what a rate period is worth in days, used wherever a rate is compared or
// costed: a freelancer's rate as a day rate (profiles, search), and what a placement costs or is
// charged (reports, the dashboard).

// HoursPerDay is the working day a profile's rates are shown with: the profile form shows a day
// rate's hourly equivalent as the day rate / 8 (web profile/lib/rates.ts hourlyRate).
const HoursPerDay = 8

// perDay is a period's rate as a day rate: day rate = rate × num / den.
type perDay struct{ num, den int64 }

// ratePeriods convert each rate period to a day rate: an hour is 1/HoursPerDay of a day, a week
// five working days, a year 52 weeks of five (260 days) and a month a twelfth of a year. A
// profile saves day rates; the others come from older data and from rate cards.
var ratePeriods = []struct {
	period string
	perDay
}{
	{"day", perDay{1, 1}}, {"hour", perDay{HoursPerDay, 1}}, {"week", perDay{1, 5}},
	{"month", perDay{12, 260}}, {"year", perDay{1, 260}},
}

// PerDay is period's day rate as a fraction of its rate (day rate = rate × num / den), unrounded,
// for the pay rules that round once per line; false for a period it does not know.
func PerDay(period string) (num, den int64, ok bool) {
	for _, p := range ratePeriods {
		if p.period == period {
			return p.num, p.den, true
		}
	}
	return 0, 0, false
}

// DayRateMinor converts a rate in minor units per period to minor units per day, rounded to the
// nearest minor unit; false for a period it does not know.
func DayRateMinor(minor int64, period string) (int64, bool) {
	for _, p := range ratePeriods {
		if p.period == period {
			return int64(math.Round(float64(minor*p.num) / float64(p.den))), true
		}
	}
	return 0, false
}

// DayRateMinorSQL is DayRateMinor in SQL (SQLite and PostgreSQL) over the columns named minor
// and period, for queries that filter or order on day rates: NULL for a period it does not know
// or a NULL rate.
func DayRateMinorSQL(minor, period string) string {
	var b strings.Builder
	b.WriteString("CASE " + period)
	for _, p := range ratePeriods {
		if p.den == 1 {
			fmt.Fprintf(&b, " WHEN '%s' THEN %s * %d", p.period, minor, p.num)
			continue
		}
		fmt.Fprintf(&b, " WHEN '%s' THEN CAST(ROUND(%s * %d / %d.0) AS BIGINT)", p.period, minor, p.num, p.den)
	}
	b.WriteString(" END")
	return b.String()
}

// PlacementAmount is what one placement costs (or is charged) at a rate in minor units per
// period: an hourly rate times the paid minutes; any other period counts the placement as one
// day, at the rate as a day rate (DayRateMinor). Rounded to the minor unit; an unknown period
// counts as a day.
func PlacementAmount(minor int64, period string, paidMinutes int64) int64 {
	return GroupAmount(period, float64(minor), float64(minor*paidMinutes))
}

// GroupAmount is PlacementAmount summed over a group of placements sharing a rate period, from
// the group's sums: sumRate, the sum of the rates (minor units), and sumRateMinutes, the sum of
// each rate times its placement's paid minutes. It rounds once, half away from zero.
func GroupAmount(period string, sumRate, sumRateMinutes float64) int64 {
	if period == "hour" {
		return int64(math.Round(sumRateMinutes / 60))
	}
	for _, p := range ratePeriods {
		if p.period == period {
			return int64(math.Round(sumRate * float64(p.num) / float64(p.den)))
		}
	}
	return int64(math.Round(sumRate))
}
