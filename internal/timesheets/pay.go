package timesheets

import (
	"math/big"
	"time"

	"github.com/hive/hive/internal/jobs"
)

// The rate periods a placement's rate is given in (the spec's rate periods).
const (
	PeriodHour  = "hour"
	PeriodDay   = "day"
	PeriodWeek  = "week"
	PeriodMonth = "month"
	PeriodYear  = "year"
)

// HoursPerDay is the hours of a paid day: the hourly equivalent of a day rate is rate / 8 (the
// one rule of package jobs, which also converts week, month and year rates to day rates).
const HoursPerDay = jobs.HoursPerDay

// PayInput is what one timesheet's pay depends on: the actual period (instants, so a period
// across a clock change counts the hours really worked), the unpaid breaks, the placement's
// rate and the client's overtime rules.
type PayInput struct {
	Start, End   time.Time
	BreakMinutes int
	RateMinor    int64
	RatePeriod   string
	// OvertimeThresholdMinutes is the worked time a day after which overtime is paid.
	OvertimeThresholdMinutes int
	// OvertimeMultiplierPct is the overtime pay in hundredths of the hourly equivalent (150 = 1.5×).
	OvertimeMultiplierPct int
}

// Pay is one timesheet's pay: the worked minutes (period less unpaid breaks, never below 0),
// the minutes above the overtime threshold, the base pay, the overtime pay and their sum, all in
// integer minor units of the rate's currency.
type Pay struct {
	WorkedMinutes   int   `json:"workedMinutes"`
	OvertimeMinutes int   `json:"overtimeMinutes"`
	BaseMinor       int64 `json:"baseMinor"`
	OvertimeMinor   int64 `json:"overtimeMinor"`
	AmountMinor     int64 `json:"amountMinor"`
}

// PaidByDay says whether a rate in period is paid by the day (the day whatever the hours below
// the overtime threshold) rather than by the hour.
func PaidByDay(period string) bool { return period != PeriodHour }

// ComputePay is the pay rules, the one place they are applied:
//
//   - worked = (end − start) − unpaid breaks, in whole minutes, at least 0;
//   - hourly equivalent: an hour rate itself; a day rate / 8; a week, month or year rate's day
//     rate (week / 5, month × 12 / 260, year / 260) / 8;
//   - overtime = worked minutes above the threshold, paid at multiplier × hourly equivalent;
//   - base: paid by the hour, hourly rate × the worked minutes up to the threshold; paid by
//     the day, the day rate whatever the hours up to the threshold (one timesheet is one day);
//   - rounding: each of the two lines (base, overtime) is worked out exactly as a fraction
//     and rounded once to the minor unit, half up (half a penny rounds to the next penny);
//     the amount is their sum. Nothing else is rounded.
func ComputePay(in PayInput) Pay {
	worked := int(in.End.Sub(in.Start)/time.Minute) - in.BreakMinutes
	if worked < 0 {
		worked = 0
	}
	threshold := in.OvertimeThresholdMinutes
	if threshold < 0 {
		threshold = 0
	}
	overtime := 0
	if worked > threshold {
		overtime = worked - threshold
	}
	hourly := hourlyEquivalent(in.RateMinor, in.RatePeriod)
	var base *big.Rat
	if PaidByDay(in.RatePeriod) {
		base = dayRate(in.RateMinor, in.RatePeriod)
		if worked == 0 {
			base = new(big.Rat)
		}
	} else {
		base = new(big.Rat).Mul(hourly, big.NewRat(int64(worked-overtime), 60))
	}
	ot := new(big.Rat).Mul(hourly, big.NewRat(int64(overtime)*int64(in.OvertimeMultiplierPct), 60*100))
	p := Pay{WorkedMinutes: worked, OvertimeMinutes: overtime, BaseMinor: RoundHalfUp(base),
		OvertimeMinor: RoundHalfUp(ot)}
	p.AmountMinor = p.BaseMinor + p.OvertimeMinor
	return p
}

// dayRate is the pay of one day at rate, by package jobs' conversion of rate periods (an
// unknown period counts as a day rate, as jobs.PlacementAmount counts it).
func dayRate(rate int64, period string) *big.Rat {
	num, den, ok := jobs.PerDay(period)
	if !ok {
		num, den = 1, 1
	}
	return big.NewRat(rate*num, den)
}

// hourlyEquivalent is the pay of one hour at rate: an hour rate itself, else the day rate / 8.
func hourlyEquivalent(rate int64, period string) *big.Rat {
	if period == PeriodHour {
		return big.NewRat(rate, 1)
	}
	return new(big.Rat).Quo(dayRate(rate, period), big.NewRat(HoursPerDay, 1))
}

// RoundHalfUp rounds an amount in minor units to a whole minor unit, halves away from zero
// (up, for the positive amounts of pay): the one rounding rule of pay and invoice lines, the
// rule package jobs rounds its costs with.
func RoundHalfUp(r *big.Rat) int64 {
	num := new(big.Int).Set(r.Num())
	den := r.Denom()
	neg := num.Sign() < 0
	if neg {
		num.Neg(num)
	}
	// floor((2·num + den) / (2·den)) is num/den rounded half up.
	num.Mul(num, big.NewInt(2)).Add(num, den)
	q := new(big.Int).Quo(num, new(big.Int).Mul(den, big.NewInt(2)))
	if neg {
		q.Neg(q)
	}
	return q.Int64()
}
