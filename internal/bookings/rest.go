package bookings

import (
	"slices"
	"time"

	"github.com/hive/hive/internal/bookings/worktime"
)

// restFacts are what marking candidates with the working-time guard reads: the limits, each
// user's accepted work near the placements in question and their zone; found is filled while
// ranking with each candidate's first breach, named and turned into marks afterwards (mark).
type restFacts struct {
	limits worktime.Limits
	work   map[int64][]restShift
	zones  map[int64]*time.Location
	found  map[int64]*worktime.Breach
}

// check records the first breach working one of the placements ids (of booking, the booking's
// live placements) would cause user, if any. Each placement is checked alone against the work
// the user has accepted already, by the rule an accept applies (refusedCommitment), so the mark
// and the refusal agree.
func (r *restFacts) check(user int64, booking []slot, ids []int64) {
	work, ok := r.work[user]
	if !ok {
		return
	}
	for _, p := range booking {
		if !slices.Contains(ids, p.ID) {
			continue
		}
		// Only the work that can take part in a breach is checked (the read is sorted by start).
		lo, hi := lookAround(r.limits, p.Start, p.End)
		from, _ := slices.BinarySearchFunc(work, lo.Add(-maxPlacementSpan), func(s restShift, t time.Time) int { return s.Start.Compare(t) })
		to, _ := slices.BinarySearchFunc(work, hi, func(s restShift, t time.Time) int { return s.Start.Compare(t) })
		if from == to {
			continue
		}
		near := shiftsBut(work[from:to], p.ID)
		if b := worktime.Check(near, worktime.Shift{Start: p.Start, End: p.End}, r.limits, r.zone(user)); b != nil {
			if r.found == nil {
				r.found = map[int64]*worktime.Breach{}
			}
			r.found[user] = b
			return
		}
	}
}

// breaches are the breaches found, for nameJobs.
func (r *restFacts) breaches() []*worktime.Breach {
	out := make([]*worktime.Breach, 0, len(r.found))
	for _, b := range r.found {
		out = append(out, b)
	}
	return out
}

// mark sets each item's rest warning from its breach (named by then).
func (r *restFacts) mark(items []AvailableSupplier) {
	for i := range items {
		if b := r.found[items[i].User.ID]; b != nil {
			items[i].RestWarning = b.Message(r.zone(items[i].User.ID))
		}
	}
}

func (r *restFacts) zone(user int64) *time.Location {
	if loc := r.zones[user]; loc != nil {
		return loc
	}
	return time.UTC
}

// span is the instants from the earliest start to the latest end of slots (not empty).
func span(slots []slot) (time.Time, time.Time) {
	lo, hi := slots[0].Start, slots[0].End
	for _, s := range slots[1:] {
		if s.Start.Before(lo) {
			lo = s.Start
		}
		hi = later(hi, s.End)
	}
	return lo, hi
}
