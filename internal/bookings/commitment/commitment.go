// Package commitment is the one home of the commitment rule: whether a freelancer's time may be
// given to an instruction. The policy is one pure function over facts (Judge); the store reads
// the facts (store_facts.go) and names the work in the way for its reader (store_naming.go).
// Every write that commits time (an accept, a grant, a hold confirmed, a substitute, an
// accepted placement moved) and every warning that foretells a refusal (available suppliers'
// marks, search's rest warnings, the offer waterfall's next candidate) asks it, so a mark and a
// refusal never disagree.
package commitment

import (
	"fmt"
	"slices"
	"time"

	"github.com/hive/hive/internal/bookings/worktime"
)

// KindHold is the kind of a pencil: an instruction that asks for time without taking it until it
// is confirmed into an offer.
const KindHold = "hold"

// Ask is what would be given: a pencil, an offer awaiting the freelancer, or time committed.
type Ask int

// The asks, by how much of the rule they meet.
const (
	// Pencil takes no time until it is confirmed: never refused.
	Pencil Ask = iota
	// Offer awaits the freelancer's answer: refused only when they are booked then, for they
	// could not accept it.
	Offer
	// Accept commits the time: refused when booked then, or for too little rest unless a
	// manager overrode the rest rule for the instruction.
	Accept
)

// Facts are what the rule reads about one freelancer and the candidate time.
type Facts struct {
	// Overlap is the first of their other accepted work overlapping the candidate, nil when none.
	Overlap *worktime.Shift
	// Overridden says a manager recorded a rest override for the instruction being accepted.
	Overridden bool
	// Limits are the working-time limits of the booking's entity.
	Limits worktime.Limits
	// Work is their other accepted work near the candidate (within LookAround), by start.
	Work []worktime.Shift
	// Zone is the freelancer's zone, in which days are counted and times told.
	Zone *time.Location
}

// RestJudged reports whether ask meets the rest rule with facts f: only a commitment does, and
// not when it is refused for an overlap already or a manager overrode the rest rule. The store
// reads the rest's facts only then.
func RestJudged(ask Ask, f Facts) bool {
	return ask == Accept && f.Overlap == nil && !f.Overridden
}

// Verdict is the rule's answer: refused for an overlap (Overlap, the work in the way), for too
// little rest (Breach), or not at all (both nil).
type Verdict struct {
	Overlap *worktime.Shift
	Breach  *worktime.Breach
}

// Refused reports whether the verdict refuses.
func (v Verdict) Refused() bool { return v.Overlap != nil || v.Breach != nil }

// Judge is the commitment rule: a pencil is never refused; an overlap with other accepted work
// always refuses; a commitment that would leave too little rest (worktime.Check) is refused
// unless a manager overrode the rest rule for it.
func Judge(ask Ask, candidate worktime.Shift, f Facts) Verdict {
	if ask == Pencil {
		return Verdict{}
	}
	if f.Overlap != nil {
		return Verdict{Overlap: f.Overlap}
	}
	if !RestJudged(ask, f) || len(f.Work) == 0 {
		return Verdict{}
	}
	zone := f.Zone
	if zone == nil {
		zone = time.UTC
	}
	return Verdict{Breach: worktime.Check(f.Work, candidate, f.Limits, zone)}
}

// Placed is one accepted placement of a freelancer, as the rule sees it. Its Job holds the
// placement's id until a refusal or a mark names it (NameJobs).
type Placed struct {
	worktime.Shift
	Placement int64
}

// MaxPlacementSpan bounds a placement's length: clock times on one date, an overnight one ending
// the next day, a clock change adding an hour. Work is found by its start alone with it.
const MaxPlacementSpan = 26 * time.Hour

// LookAround is the instants around [start, end) whose work can take part in a breach: a run of
// MaxDaysInRow+1 days on either side. With a weekly rest of at most a day, a run cannot skip a
// calendar day, so it lies within MaxDaysInRow+1 days (and a placement's span); a longer weekly
// rest lets each step of the run reach a placement's span plus that rest further. The daily rest,
// at most a day, is inside either.
func LookAround(l worktime.Limits, start, end time.Time) (time.Time, time.Time) {
	step := MaxPlacementSpan + l.WeeklyRest
	if l.WeeklyRest <= 24*time.Hour {
		step = 24 * time.Hour
	}
	margin := time.Duration(l.MaxDaysInRow+1)*step + MaxPlacementSpan
	return start.Add(-margin), end.Add(margin)
}

// Worked is a freelancer's accepted work sorted by start, read once for many candidates: the
// shifts, and beside each its placement's id.
type Worked struct {
	Shifts     []worktime.Shift
	Placements []int64
}

// WorkedOf is work (sorted by start) as Worked.
func WorkedOf(work []Placed) Worked {
	w := Worked{Shifts: make([]worktime.Shift, len(work)), Placements: make([]int64, len(work))}
	for i, s := range work {
		w.Shifts[i], w.Placements[i] = s.Shift, s.Placement
	}
	return w
}

// startingIn is the part of the work starting in [lo, hi).
func (w Worked) startingIn(lo, hi time.Time) (from, to int) {
	from = w.firstStartingFrom(lo, 0)
	return from, w.firstStartingFrom(hi, from)
}

// firstStartingFrom is the index of the first shift at or after i starting at t or later (the
// shifts are by start): a plain binary search, as available suppliers asks it of every candidate
// and placement.
func (w Worked) firstStartingFrom(t time.Time, i int) int {
	j := len(w.Shifts)
	for i < j {
		h := int(uint(i+j) >> 1)
		if w.Shifts[h].Start.Before(t) {
			i = h + 1
		} else {
			j = h
		}
	}
	return i
}

// FactsFrom are the facts of ask for placement p (its id, or 0 for a candidate not yet a
// placement) from w: the first of the work overlapping p and, when the rest is judged, the work
// near it, p itself left out. No override is recorded for an instruction not yet made. Most
// candidates have no work within the limits' reach of most placements (worktime.Limits.Reach):
// then there is neither an overlap nor a breach to find, and nothing more is looked at.
func FactsFrom(ask Ask, w Worked, p int64, candidate worktime.Shift, limits worktime.Limits, zone *time.Location) Facts {
	f := Facts{Limits: limits, Zone: zone}
	lo := candidate.Start.Add(-limits.Reach())
	from, to := w.startingIn(lo.Add(-MaxPlacementSpan), candidate.End.Add(limits.Reach()))
	reached := false
	for i := from; i < to && !reached; i++ {
		reached = w.Placements[i] != p && w.Shifts[i].End.After(lo)
	}
	if !reached {
		return f
	}
	if i := w.Overlapping(p, candidate.Start, candidate.End); i >= 0 {
		shift := w.Shifts[i]
		f.Overlap = &shift
	}
	if !RestJudged(ask, f) {
		return f
	}
	near, far := LookAround(limits, candidate.Start, candidate.End)
	from, to = w.startingIn(near.Add(-MaxPlacementSpan), far)
	if !slices.Contains(w.Placements[from:to], p) {
		f.Work = w.Shifts[from:to:to] // shared, not copied: the rule only reads it
		return f
	}
	for i := from; i < to; i++ {
		if w.Placements[i] != p {
			f.Work = append(f.Work, w.Shifts[i])
		}
	}
	return f
}

// Overlapping is the index of the first shift of w (by start) other than placement p's that
// overlaps [start, end), -1 when none: the overlap FactsFrom reports for any shift near enough
// to be looked at, which one overlapping always is.
func (w Worked) Overlapping(p int64, start, end time.Time) int {
	from, to := w.startingIn(start.Add(-MaxPlacementSpan), end)
	for i := from; i < to; i++ {
		if w.Placements[i] != p && w.Shifts[i].End.After(start) {
			return i
		}
	}
	return -1
}

// ShiftsBut is the work as worktime shifts, without placement skip (a placement is not its own
// neighbour).
func ShiftsBut(work []Placed, skip int64) []worktime.Shift {
	out := make([]worktime.Shift, 0, len(work))
	for _, s := range work {
		if s.Placement != skip {
			out = append(out, s.Shift)
		}
	}
	return out
}

// MsgBooked refuses a second accepted instruction whose period overlaps (the spec is silent; see
// docs/decisions.md), and an offer of it: subject ("You are", "This freelancer is", "Ada
// Lovelace is") is already booked for with, the work in the way, named for the reader (NameJobs)
// with its times in loc, the freelancer's zone.
func MsgBooked(subject string, with worktime.Shift, loc *time.Location) string {
	return fmt.Sprintf("%s already booked at an overlapping time: %s, %s.", subject, with.Job, with.When(loc))
}

// MsgBookedMark marks a candidate already booked at the time of a selected placement (available
// suppliers): with, the work in the way, named for the reader, and its times in loc.
func MsgBookedMark(with worktime.Shift, loc *time.Location) string {
	return MsgBookedMarkAt(with.Job, with.When(loc))
}

// MsgBookedMarkAt is MsgBookedMark with the work's times told already (worktime.Shift.When), for
// a caller that marks many candidates booked at the same times.
func MsgBookedMarkAt(job, when string) string {
	return "Already booked at an overlapping time: " + job + ", " + when + "."
}

// MsgPencilInstead follows an offer's refusal for an overlap: a pencil is how to ask for someone
// already booked (it takes none of their time until it is confirmed).
const MsgPencilInstead = "To ask for them anyway, send a pencil (hold) instead of an offer."

// Reason words a verdict for its reader, once the work in the way is named: the overlap's
// refusal speaking of subject, or the breach's message; "" when nothing is refused.
func (v Verdict) Reason(subject string, zone *time.Location) string {
	switch {
	case v.Overlap != nil:
		return MsgBooked(subject, *v.Overlap, zone)
	case v.Breach != nil:
		return v.Breach.Message(zone)
	}
	return ""
}
