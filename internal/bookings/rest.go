package bookings

import (
	"slices"
	"time"

	"github.com/hive/hive/internal/bookings/worktime"
)

// restFacts are what marking candidates with the working-time guard reads: the limits, and
// each user's accepted work near the placements in question with their zone.
type restFacts struct {
	limits worktime.Limits
	work   map[int64]workOf
}

// warning is the first breach working one of the placements ids (of booking, the booking's live
// placements) would cause user, as its message; "" when none would. Each placement is checked
// alone against the work the user has accepted already, by the rule an accept applies
// (refusedCommitment), so the mark and the refusal agree.
func (r restFacts) warning(user int64, booking []slot, ids []int64) string {
	w, ok := r.work[user]
	if !ok {
		return ""
	}
	for _, p := range booking {
		if !slices.Contains(ids, p.ID) {
			continue
		}
		if b := worktime.Check(w.shifts(p.ID), worktime.Shift{Start: p.Start, End: p.End}, r.limits, w.zone); b != nil {
			return b.Message(w.zone)
		}
	}
	return ""
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
