package profile

import (
	"fmt"
	"math"
	"strings"
)

// HoursPerDay is the working day a profile's rates are shown with: the profile form shows a day
// rate's hourly equivalent as the day rate / 8 (web profile/lib/rates.ts hourlyRate).
const HoursPerDay = 8

// perDay is a period's rate as a day rate: day rate = rate × num / den.
type perDay struct{ num, den int64 }

// ratePeriods convert each rate period to a day rate: an hour is 1/HoursPerDay of a day, a week
// five working days, a year 52 weeks of five (260 days) and a month a twelfth of a year. A
// profile saves day rates; the others come from older data.
var ratePeriods = []struct {
	period string
	perDay
}{
	{"day", perDay{1, 1}}, {"hour", perDay{HoursPerDay, 1}}, {"week", perDay{1, 5}},
	{"month", perDay{12, 260}}, {"year", perDay{1, 260}},
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
