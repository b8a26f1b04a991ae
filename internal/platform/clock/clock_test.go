package clock

import (
	"testing"
	"time"
)

func TestSettableStandsStillUntilMoved(t *testing.T) {
	start := time.Date(2026, 3, 1, 9, 0, 0, 0, time.FixedZone("CET", 3600))
	c := At(start)
	var now Clock = c.Now
	if got := now(); !got.Equal(start) || got.Location() != time.UTC {
		t.Fatalf("Now = %v, want %v in UTC", got, start)
	}
	c.Advance(90 * time.Second)
	if got := now(); !got.Equal(start.Add(90 * time.Second)) {
		t.Fatalf("after Advance: %v", got)
	}
	c.Set(start.AddDate(0, 0, 30))
	if got := now(); !got.Equal(start.AddDate(0, 0, 30)) {
		t.Fatalf("after Set: %v", got)
	}
}

func TestSystemIsUTC(t *testing.T) {
	if got := System(); got.Location() != time.UTC || time.Since(got) > time.Minute {
		t.Fatalf("System() = %v", got)
	}
}

func TestShiftedRunsAheadOfTheWallClockAndNeverBack(t *testing.T) {
	var c Shifted
	c.Advance(25 * time.Hour)
	c.Advance(-48 * time.Hour)
	ahead := time.Until(c.Now())
	if ahead < 25*time.Hour-time.Minute || ahead > 25*time.Hour+time.Minute {
		t.Fatalf("ahead by %s, want about 25h", ahead)
	}
	first := c.Now()
	if second := c.Now(); second.Before(first) {
		t.Fatalf("clock ran back: %s then %s", first, second)
	}
}
