package bookings

import (
	"sync"
	"time"
)

// WireTime formats an instant as the spec's timestamp (milliseconds and a numeric offset), for
// other features that show placements the way bookings does (the agenda).
func WireTime(t time.Time) string { return wireTime(t) }

// zones caches loaded time zones by name. time.LoadLocation reads and parses the zone's data
// on every call (about 30 µs here), which a page of agenda cards would pay a hundred times.
var zones sync.Map

// LocalTime is t in zone, formatted for the wire (UTC for an unknown zone, as localTime).
func LocalTime(t time.Time, zone string) string {
	if loc, ok := zones.Load(zone); ok {
		return wireTime(t.In(loc.(*time.Location)))
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return localTime(t, zone)
	}
	zones.Store(zone, loc)
	return wireTime(t.In(loc))
}
