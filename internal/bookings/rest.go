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
	// booked is, per user, the first of their accepted work overlapping a selected placement
	// (bookedOn), named and turned into marks with the breaches.
	booked map[int64]*worktime.Shift
}

// bookedOn reports whether user's accepted work overlaps placement p (other than p itself): they
// are booked then, so an offer of p would be refused (grantRefusal). The first such work is kept
// for the mark.
func (r *restFacts) bookedOn(user int64, p slot) bool {
	work := r.work[user]
	from, to := startingIn(work, p.Start.Add(-maxPlacementSpan), p.End)
	for _, s := range work[from:to] {
		if s.placement != p.ID && s.End.After(p.Start) {
			if r.booked == nil {
				r.booked = map[int64]*worktime.Shift{}
			}
			if r.booked[user] == nil {
				shift := s.Shift
				r.booked[user] = &shift
			}
			return true
		}
	}
	return false
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
		if !slices.Contains(ids, p.ID) || !workWithinReach(work, p, r.limits) {
			continue
		}
		// Only the work that can take part in a breach is checked (the read is sorted by start).
		lo, hi := lookAround(r.limits, p.Start, p.End)
		from, to := startingIn(work, lo.Add(-maxPlacementSpan), hi)
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

// workWithinReach reports whether some of work (sorted by start), other than p itself, lies
// within the limits' reach of p: most candidates have none near most placements, and without it
// there is no breach to find (worktime.Limits.Reach), so the rule need not run.
func workWithinReach(work []restShift, p slot, l worktime.Limits) bool {
	lo, hi := p.Start.Add(-l.Reach()), p.End.Add(l.Reach())
	from, to := startingIn(work, lo.Add(-maxPlacementSpan), hi)
	for _, s := range work[from:to] {
		if s.placement != p.ID && s.End.After(lo) {
			return true
		}
	}
	return false
}

// startingIn is the part of work (sorted by start) starting in [lo, hi).
func startingIn(work []restShift, lo, hi time.Time) (from, to int) {
	byStart := func(s restShift, t time.Time) int { return s.Start.Compare(t) }
	from, _ = slices.BinarySearchFunc(work, lo, byStart)
	to, _ = slices.BinarySearchFunc(work, hi, byStart)
	return from, max(from, to)
}

// inTheWay is the work in the way of the breaches found and of the bookings, for nameJobs.
func (r *restFacts) inTheWay() []inTheWay {
	out := make([]inTheWay, 0, len(r.found)+len(r.booked))
	for user, b := range r.found {
		out = append(out, inTheWay{user: user, shift: &b.With})
	}
	for user, s := range r.booked {
		out = append(out, inTheWay{user: user, shift: s})
	}
	return out
}

// mark sets each item's rest warning from its breach and its booked mark from the work it
// overlaps (both named by then).
func (r *restFacts) mark(items []AvailableSupplier) {
	for i := range items {
		user := items[i].User.ID
		if b := r.found[user]; b != nil {
			items[i].RestWarning = b.Message(r.zone(user))
		}
		if s := r.booked[user]; s != nil {
			items[i].BookedWarning = MsgBookedMark(*s, r.zone(user))
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
