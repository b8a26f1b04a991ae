package bookings

import (
	"testing"
	"time"
)

func TestPlacementPeriodKeepsTheLocalTimesAcrossTheClockChange(t *testing.T) {
	cases := []struct {
		name                string
		date, start, end    string
		wantStart, wantEnd  string // UTC
		overnight           bool
		wantLocalStartClock string
	}{
		{"summer time", "2026-10-24", "09:00", "17:00", "2026-10-24T08:00:00Z", "2026-10-24T16:00:00Z", false, "09:00:00+01:00"},
		{"winter time", "2026-10-26", "09:00", "17:00", "2026-10-26T09:00:00Z", "2026-10-26T17:00:00Z", false, "09:00:00+00:00"},
		{"overnight over the change", "2026-10-24", "22:00", "06:00:00", "2026-10-24T21:00:00Z", "2026-10-25T06:00:00Z", true, "22:00:00+01:00"},
		{"end equal to start is a full day", "2026-12-01", "08:00", "08:00", "2026-12-01T08:00:00Z", "2026-12-02T08:00:00Z", true, "08:00:00+00:00"},
	}
	for _, c := range cases {
		p, err := PlacementPeriod(c.date, c.start, c.end, "Europe/London")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := p.Start.Format(time.RFC3339); got != c.wantStart {
			t.Errorf("%s: start %s, want %s", c.name, got, c.wantStart)
		}
		if got := p.End.Format(time.RFC3339); got != c.wantEnd {
			t.Errorf("%s: end %s, want %s", c.name, got, c.wantEnd)
		}
		if p.Overnight != c.overnight {
			t.Errorf("%s: overnight %v", c.name, p.Overnight)
		}
		if got := localTime(p.Start, "Europe/London"); got[11:] != c.wantLocalStartClock[:8]+".000"+c.wantLocalStartClock[8:] {
			t.Errorf("%s: local start %s", c.name, got)
		}
	}
}

func TestClockTimeRefusesWhatIsNotHHmm(t *testing.T) {
	for _, bad := range []string{"", "9", "24:00", "09:60", "09:00:30", "nine"} {
		if _, _, err := ClockTime(bad); err == nil {
			t.Errorf("ClockTime(%q) accepted", bad)
		}
	}
	if h, m, err := ClockTime("07:45:00"); err != nil || h != 7 || m != 45 {
		t.Errorf("ClockTime(07:45:00) = %d %d %v", h, m, err)
	}
}
