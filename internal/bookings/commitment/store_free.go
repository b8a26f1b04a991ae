package commitment

import (
	"context"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/worktime"
	"github.com/hive/hive/internal/platform/database"
)

// BusyUsers reads who, among users (everyone when users is nil), is not free on every day of a
// range of local dates from to to (YYYY-MM-DD, both included): whoever marked one of its dates unavailable, or has a live instruction holding
// their time (HoldsTime: accepted or awaiting an answer, not rejected or cancelled by the client)
// on a placement whose local date is one of them. It is the rule available suppliers apply to
// the days either side of a selection (a placement holds the day of its local date; see
// suppliers.heldElsewhere and unavailableDays), for a range: the freelancer advanced search keeps the
// others. One query: for everyone, two index ranges (unavailability_date and
// instructions_held_near); for a few users (keep them to hundreds), their own rows.
func BusyUsers(ctx context.Context, q database.Reader, from, to string, users []int64) (map[int64]bool, error) {
	first, err := time.Parse(time.DateOnly, from)
	if err != nil {
		return nil, err
	}
	last, err := time.Parse(time.DateOnly, to)
	if err != nil {
		return nil, err
	}
	lo, hi := LocalDaysWindow(first, last)
	var amongU, amongI string // the users' condition on each branch
	var marks []any
	if users != nil {
		if len(users) == 0 {
			return map[int64]bool{}, nil
		}
		var in string
		in, marks = database.In(users)
		amongU, amongI = " AND user_id IN ("+in+")", " AND i.user_id IN ("+in+")"
	}
	args := append(append([]any{from, to}, marks...), lo, hi, from, to)
	var ids []int64
	if err := q.Select(ctx, &ids, `SELECT user_id FROM unavailability WHERE date >= ? AND date <= ?`+amongU+`
		UNION SELECT i.user_id FROM instructions i
		WHERE i.placement_start_at > ? AND i.placement_start_at < ?
		AND i.placement_local_date >= ? AND i.placement_local_date <= ? AND `+HoldsTime("i")+amongI,
		append(args, marks...)...); err != nil {
		return nil, err
	}
	busy := make(map[int64]bool, len(ids))
	for _, id := range ids {
		busy[id] = true
	}
	return busy, nil
}

// A local date's instants lie between its UTC midnight minus the earliest zone's offset
// (UTC+14) and the next UTC midnight plus the latest one's (UTC-12).
const zoneAhead, zoneBehind = 14 * time.Hour, 12 * time.Hour

// LocalDaysWindow is the range of placement starts of every placement whose local date lies
// between first and last (UTC midnights of those dates): from the earliest zone's start of the
// first to the latest zone's end of the last.
func LocalDaysWindow(first, last time.Time) (lo, hi time.Time) {
	return first.Add(-zoneAhead), last.Add(24*time.Hour + zoneBehind)
}

// RestWarnings marks, for a date range a search asks about (YYYY-MM-DD, from to to), the users
// among users whose accepted work would leave them too little rest to work those days: by user,
// the commitment rule's message naming the job in the way. A range has no hours, so the
// candidate shift is its whole days in the user's zone and only the weekly rest is judged (the
// daily rest depends on the hours, which the offer will have); the limits are the defaults (the
// search is for no one booking; the entity's own limits apply when the offer is accepted).
// One query whatever the number of users. The job is named only if reader, who asked, may see
// its booking (NameJobs).
func RestWarnings(ctx context.Context, q database.Reader, reader access.BookingReader, from, to string, users []int64) (map[int64]string, error) {
	out := map[int64]string{}
	first, err1 := time.Parse(time.DateOnly, from)
	last, err2 := time.Parse(time.DateOnly, to)
	if len(users) == 0 || err1 != nil || err2 != nil {
		return out, nil
	}
	limits := bookingrules.Defaults.Limits()
	limits.DailyRest = 0 // hours unknown: only an overlap could breach it, and that is not a rest
	lo, hi := LookAround(limits, first.Add(-zoneAhead), last.Add(24*time.Hour+zoneBehind))
	marks, ids := database.In(users)
	work, err := AcceptedShifts(ctx, q, `i.user_id IN (`+marks+`)`, ids, 0, lo, hi)
	if err != nil {
		return nil, err
	}
	if len(work) == 0 {
		return out, nil
	}
	busy := make([]int64, 0, len(work))
	for user := range work {
		busy = append(busy, user)
	}
	zones, err := ZonesOf(ctx, q, busy)
	if err != nil {
		return nil, err
	}
	found := map[int64]*worktime.Breach{}
	var ways []InTheWay
	for user, w := range work {
		zone := zoneOr(zones[user])
		y, m, d := first.Date()
		ly, lm, ld := last.Date()
		c := worktime.Shift{Start: time.Date(y, m, d, 0, 0, 0, 0, zone), End: time.Date(ly, lm, ld+1, 0, 0, 0, 0, zone)}
		f := Facts{Limits: limits, Work: ShiftsBut(w, 0), Zone: zone}
		if b := Judge(Accept, c, f).Breach; b != nil && b.Kind == worktime.WeeklyRest {
			found[user] = b
			ways = append(ways, InTheWay{User: user, Shift: &b.With})
		}
	}
	if err := NameJobs(ctx, q, reader, ways); err != nil {
		return nil, err
	}
	for user, b := range found {
		out[user] = b.Message(zoneOr(zones[user]))
	}
	return out, nil
}

// zoneOr is zone, or UTC for a user without one.
func zoneOr(zone *time.Location) *time.Location {
	if zone == nil {
		return time.UTC
	}
	return zone
}
