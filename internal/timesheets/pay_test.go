package timesheets

import (
	"math/big"
	"testing"
	"time"
)

func at(t *testing.T, zone, local string) time.Time {
	t.Helper()
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	v, err := time.ParseInLocation("2006-01-02 15:04", local, loc)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestComputePay(t *testing.T) {
	const london = "Europe/London"
	for _, c := range []struct {
		name                  string
		zone, start, end      string
		breaks                int
		rate                  int64
		period                string
		threshold, multiplier int
		want                  Pay
	}{
		{name: "day rate, a short day is paid the day", zone: london, start: "2027-05-03 09:00", end: "2027-05-03 13:00",
			rate: 40000, period: PeriodDay, threshold: 600, multiplier: 150,
			want: Pay{WorkedMinutes: 240, BaseMinor: 40000, AmountMinor: 40000}},
		{name: "day rate, ten hours with an unpaid hour is no overtime", zone: london, start: "2027-05-03 08:00", end: "2027-05-03 19:00",
			breaks: 60, rate: 40000, period: PeriodDay, threshold: 600, multiplier: 150,
			want: Pay{WorkedMinutes: 600, BaseMinor: 40000, AmountMinor: 40000}},
		{name: "day rate, overtime at 1.5 × rate / 8", zone: london, start: "2027-05-03 07:00", end: "2027-05-03 20:00",
			breaks: 30, rate: 40000, period: PeriodDay, threshold: 600, multiplier: 150,
			// 12.5 h worked, 2.5 h over: 2.5 × 5000 × 1.5 = 18750.
			want: Pay{WorkedMinutes: 750, OvertimeMinutes: 150, BaseMinor: 40000, OvertimeMinor: 18750, AmountMinor: 58750}},
		{name: "hour rate, paid the worked hours", zone: london, start: "2027-05-03 09:00", end: "2027-05-03 17:30",
			breaks: 30, rate: 2550, period: PeriodHour, threshold: 600, multiplier: 150,
			want: Pay{WorkedMinutes: 480, BaseMinor: 20400, AmountMinor: 20400}},
		{name: "hour rate, overtime above the threshold", zone: london, start: "2027-05-03 06:00", end: "2027-05-03 18:00",
			rate: 2000, period: PeriodHour, threshold: 600, multiplier: 200,
			want: Pay{WorkedMinutes: 720, OvertimeMinutes: 120, BaseMinor: 20000, OvertimeMinor: 8000, AmountMinor: 28000}},
		{name: "rounding half up, per line", zone: london, start: "2027-05-03 09:00", end: "2027-05-03 09:07",
			rate: 1001, period: PeriodHour, threshold: 600, multiplier: 150,
			// 1001 × 7 / 60 = 116.783… → 117.
			want: Pay{WorkedMinutes: 7, BaseMinor: 117, AmountMinor: 117}},
		{name: "an exact half penny rounds up", zone: london, start: "2027-05-03 09:00", end: "2027-05-03 09:30",
			rate: 1, period: PeriodHour, threshold: 600, multiplier: 150,
			want: Pay{WorkedMinutes: 30, BaseMinor: 1, AmountMinor: 1}},
		{name: "overtime of an odd day rate rounds once", zone: london, start: "2027-05-03 08:00", end: "2027-05-03 19:01",
			rate: 33333, period: PeriodDay, threshold: 600, multiplier: 150,
			// 61 min × 33333 / 8 / 60 × 1.5 = 6354.10… → 6354.
			want: Pay{WorkedMinutes: 661, OvertimeMinutes: 61, BaseMinor: 33333, OvertimeMinor: 6354, AmountMinor: 39687}},
		{name: "overnight across the clocks going forward counts the real hours", zone: london,
			start: "2027-03-27 22:00", end: "2027-03-28 08:00", rate: 2400, period: PeriodHour, threshold: 600, multiplier: 150,
			// 22:00 GMT to 08:00 BST is 9 hours, not 10.
			want: Pay{WorkedMinutes: 540, BaseMinor: 21600, AmountMinor: 21600}},
		{name: "overnight across the clocks going back, into overtime", zone: london,
			start: "2027-10-30 22:00", end: "2027-10-31 08:00", rate: 2400, period: PeriodHour, threshold: 600, multiplier: 150,
			// 22:00 BST to 08:00 GMT is 11 hours: one hour over.
			want: Pay{WorkedMinutes: 660, OvertimeMinutes: 60, BaseMinor: 24000, OvertimeMinor: 3600, AmountMinor: 27600}},
		{name: "overnight day rate across the DST change", zone: london, start: "2027-03-27 20:00", end: "2027-03-28 08:00",
			breaks: 60, rate: 48000, period: PeriodDay, threshold: 600, multiplier: 150,
			// 11 h real, 10 h worked: the day, no overtime.
			want: Pay{WorkedMinutes: 600, BaseMinor: 48000, AmountMinor: 48000}},
		{name: "euros in New York, cents", zone: "America/New_York", start: "2027-03-13 23:00", end: "2027-03-14 11:00",
			rate: 3333, period: PeriodHour, threshold: 600, multiplier: 150,
			// The clocks go forward on the 14th: 11 h worked, 10 h base, 1 h at 1.5.
			want: Pay{WorkedMinutes: 660, OvertimeMinutes: 60, BaseMinor: 33330, OvertimeMinor: 5000, AmountMinor: 38330}},
		{name: "week rate is paid its day", zone: london, start: "2027-05-03 09:00", end: "2027-05-03 17:00",
			rate: 200000, period: PeriodWeek, threshold: 600, multiplier: 150,
			want: Pay{WorkedMinutes: 480, BaseMinor: 40000, AmountMinor: 40000}},
		{name: "month rate is paid its day", zone: london, start: "2027-05-03 09:00", end: "2027-05-03 17:00",
			rate: 500000, period: PeriodMonth, threshold: 600, multiplier: 150,
			// 500000 × 12 / 260 = 23076.92… → 23077.
			want: Pay{WorkedMinutes: 480, BaseMinor: 23077, AmountMinor: 23077}},
		{name: "year rate is paid its day", zone: london, start: "2027-05-03 09:00", end: "2027-05-03 17:00",
			rate: 5200000, period: PeriodYear, threshold: 600, multiplier: 150,
			want: Pay{WorkedMinutes: 480, BaseMinor: 20000, AmountMinor: 20000}},
		{name: "breaks longer than the period pay nothing", zone: london, start: "2027-05-03 09:00", end: "2027-05-03 10:00",
			breaks: 90, rate: 40000, period: PeriodDay, threshold: 600, multiplier: 150,
			want: Pay{}},
		{name: "a threshold of 0 makes every hour overtime", zone: london, start: "2027-05-03 09:00", end: "2027-05-03 11:00",
			rate: 1000, period: PeriodHour, threshold: 0, multiplier: 150,
			want: Pay{WorkedMinutes: 120, OvertimeMinutes: 120, OvertimeMinor: 3000, AmountMinor: 3000}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := ComputePay(PayInput{Start: at(t, c.zone, c.start), End: at(t, c.zone, c.end), BreakMinutes: c.breaks,
				RateMinor: c.rate, RatePeriod: c.period, OvertimeThresholdMinutes: c.threshold,
				OvertimeMultiplierPct: c.multiplier})
			if got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestRoundHalfUp(t *testing.T) {
	for _, c := range []struct {
		num, den int64
		want     int64
	}{{1, 2, 1}, {3, 2, 2}, {5, 4, 1}, {7, 4, 2}, {-1, 2, -1}, {-5, 4, -1}, {0, 1, 0}, {116783, 1000, 117}, {99, 100, 1}} {
		if got := RoundHalfUp(big.NewRat(c.num, c.den)); got != c.want {
			t.Errorf("%d/%d rounds to %d, want %d", c.num, c.den, got, c.want)
		}
	}
}

func TestDefaultBillingRulesAreValid(t *testing.T) {
	if err := DefaultBillingRules.Validate(); err != nil {
		t.Fatal(err)
	}
	if DefaultBillingRules.DisputeWindow() != 72*time.Hour {
		t.Errorf("dispute window %v", DefaultBillingRules.DisputeWindow())
	}
}
