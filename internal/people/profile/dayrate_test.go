package profile

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
