package bookings

import (
	"fmt"
	"github.com/hive/hive/internal/platform/input"
	"time"
	_ "time/tzdata" // placements need every IANA zone, whatever the host has installed
)

// Period is a placement's time: the UTC instants and the local wall-clock view in the
// department's zone, which keeps the right offset on each date (DST included).
type Period struct {
	Start, End time.Time // UTC
	Overnight  bool      // the end is on the next local day
}

// PlacementPeriod places date + start and end times ("HH:mm" or "HH:mm:00") in zone. An end at
// or before the start is on the next day (an overnight placement).
func PlacementPeriod(date, startTime, endTime, zone string) (Period, error) {
	loc, err := input.Zone(zone)
	if err != nil {
		return Period{}, fmt.Errorf("time zone %q: %w", zone, err)
	}
	day, err := time.ParseInLocation(time.DateOnly, date, loc)
	if err != nil {
		return Period{}, fmt.Errorf("date %q: %w", date, err)
	}
	sh, sm, err := ClockTime(startTime)
	if err != nil {
		return Period{}, err
	}
	eh, em, err := ClockTime(endTime)
	if err != nil {
		return Period{}, err
	}
	start := time.Date(day.Year(), day.Month(), day.Day(), sh, sm, 0, 0, loc)
	end := time.Date(day.Year(), day.Month(), day.Day(), eh, em, 0, 0, loc)
	overnight := eh*60+em <= sh*60+sm
	if overnight {
		end = time.Date(day.Year(), day.Month(), day.Day()+1, eh, em, 0, 0, loc)
	}
	return Period{Start: start.UTC(), End: end.UTC(), Overnight: overnight}, nil
}

// ClockTime parses "HH:mm" or "HH:mm:00".
func ClockTime(s string) (hour, minute int, err error) {
	for _, layout := range []string{"15:04", "15:04:05"} {
		if t, perr := time.Parse(layout, s); perr == nil {
			if t.Second() != 0 {
				break
			}
			return t.Hour(), t.Minute(), nil
		}
	}
	return 0, 0, fmt.Errorf("time %q: use HH:mm", s)
}

// WireTime formats an instant as the spec's timestamp: milliseconds and a numeric offset, for
// bookings and the features that show placements the way it does (the agenda).
func WireTime(t time.Time) string { return t.Format("2006-01-02T15:04:05.000-07:00") }

// localTime is t in zone, formatted for the wire (falls back to UTC for an unknown zone).
func localTime(t time.Time, zone string) string {
	if loc, err := input.Zone(zone); err == nil {
		t = t.In(loc)
	}
	return WireTime(t)
}

// LocalTime is t in zone, formatted for the wire (UTC for an unknown zone).
func LocalTime(t time.Time, zone string) string { return localTime(t, zone) }

// later is the later of two instants.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
