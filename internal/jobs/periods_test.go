package jobs

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestDayRateMinorConvertsEachPeriod(t *testing.T) {
	cases := []struct {
		minor  int64
		period string
		want   int64
	}{
		{45000, "day", 45000}, {5000, "hour", 40000}, {200000, "week", 40000},
		{866667, "month", 40000}, {10400000, "year", 40000}, {1, "week", 0}, {3, "week", 1},
	}
	for _, c := range cases {
		if got, ok := DayRateMinor(c.minor, c.period); !ok || got != c.want {
			t.Errorf("DayRateMinor(%d, %s) = %d, %v; want %d", c.minor, c.period, got, ok, c.want)
		}
	}
	if _, ok := DayRateMinor(100, "fortnight"); ok {
		t.Error("an unknown period converts")
	}
}

// The SQL twin answers what the Go rule answers, on both engines.
func TestDayRateMinorSQLMatchesGo(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		for _, minor := range []int64{0, 1, 3, 5000, 45000, 866667, 10400000, 123457} {
			for _, p := range ratePeriods {
				var got *int64
				if err := db.Get(context.Background(), &got, `SELECT `+DayRateMinorSQL("m", "p")+` FROM (SELECT CAST(? AS BIGINT) AS m, CAST(? AS TEXT) AS p) x`, minor, p.period); err != nil {
					t.Fatal(err)
				}
				want, _ := DayRateMinor(minor, p.period)
				if got == nil || *got != want {
					t.Errorf("%d per %s: SQL %v, Go %d", minor, p.period, got, want)
				}
			}
		}
	})
}

func TestPlacementAmount(t *testing.T) {
	cases := []struct {
		minor   int64
		period  string
		minutes int64
		want    int64
	}{
		{2000, "hour", 480, 16000}, {2000, "hour", 450, 15000}, {1001, "hour", 30, 501}, {25000, "day", 600, 25000},
		{100000, "week", 480, 20000}, {2600000, "year", 480, 10000}, {100000, "month", 480, 4615},
		{700, "fortnight", 480, 700}, // an unknown period counts as a day
	}
	for _, c := range cases {
		if got := PlacementAmount(c.minor, c.period, c.minutes); got != c.want {
			t.Errorf("PlacementAmount(%d, %s, %d) = %d, want %d", c.minor, c.period, c.minutes, got, c.want)
		}
	}
}

// A group's amount rounds once; it agrees with the sum of its placements when they round alike.
func TestGroupAmount(t *testing.T) {
	for _, c := range []struct {
		period               string
		sumRate, sumRateMins float64
		want                 int64
	}{
		{"day", 50000, 0, 50000},
		{"hour", 10000, 10000 * 450, 75000}, // 100.00 an hour for 7.5 paid hours
		{"week", 100000, 0, 20000},          // a fifth of a week
		{"year", 260 * 100, 0, 100},
		{"month", 12 * 260, 0, 144}, // 3,120 × 12 / 260
		{"fortnight", 700, 0, 700},
	} {
		if got := GroupAmount(c.period, c.sumRate, c.sumRateMins); got != c.want {
			t.Errorf("%s: %d, want %d", c.period, got, c.want)
		}
	}
}
