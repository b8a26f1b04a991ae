package suppliers

import (
	"time"

	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/worktime"
)

// restFacts are the commitment rule's facts for marking candidates: the limits, each user's
// accepted work near the placements in question and their zone; found is filled while ranking
// with each candidate's first breach, named and turned into marks afterwards (mark).
type restFacts struct {
	limits worktime.Limits
	work   map[int64]commitment.Worked
	zones  map[int64]*time.Location
	found  map[int64]*worktime.Breach
	// booked is, per user, the first of their accepted work overlapping a selected placement
	// (bookedOn), named and turned into marks with the breaches.
	booked map[int64]*worktime.Shift
	runs   []shiftRun // runsOf's buffer
	near   []near     // per placement of the booking, what check compares work with
}

// judgeWork is the commitment rule's verdict on ask for placement p of a user with work w in
// zone, from the work read once for every candidate (commitment.FactsFrom), so a mark and a
// refusal agree.
func (r *restFacts) judgeWork(ask commitment.Ask, w commitment.Worked, zone *time.Location, p slot) commitment.Verdict {
	shift := worktime.Shift{Start: p.Start, End: p.End}
	return commitment.Judge(ask, shift, commitment.FactsFrom(ask, w, p.ID, shift, r.limits, zone))
}

// bookedOn reports whether an offer of placement p to user, whose work is w (r.work's), would be
// refused for an overlap with their accepted work: they are booked then (the rule refuses an
// offer for nothing else). The first such work is kept for the mark.
func (r *restFacts) bookedOn(user int64, w commitment.Worked, p slot) bool {
	i := w.Overlapping(p.ID, p.Start, p.End)
	if i < 0 {
		return false
	}
	if r.booked == nil {
		r.booked = map[int64]*worktime.Shift{}
	}
	if r.booked[user] == nil {
		shift := w.Shifts[i]
		r.booked[user] = &shift
	}
	return true
}

// check records the first breach accepting one of the placements free (their places in booking,
// the booking's live placements, in its order) would cause user, if any: each placement is
// judged alone against the work the user has accepted already. Most placements cannot be
// refused, and are passed over without judging (mayBreach); the placements come by start, so
// one walk along the work (w, r.work's) finds the work near each.
func (r *restFacts) check(user int64, w commitment.Worked, booking []slot, free []int) {
	if len(w.Shifts) == 0 {
		return
	}
	if len(r.near) != len(booking) {
		r.near = nearOf(booking, r.limits)
	}
	runs := r.runsOf(w)
	k := 0 // the first shift starting no earlier than a placement's span before the reach
	var last time.Time
	for _, i := range free {
		p, near := booking[i], &r.near[i]
		if p.Start.Before(last) { // not by start after all: walk again from the first
			k = 0
		}
		last = p.Start
		for k < len(w.Shifts) && w.Shifts[k].Start.Before(near.from) {
			k++
		}
		if !r.mayBreach(w, runs, k, p.ID, near) {
			continue
		}
		if b := r.judgeWork(commitment.Accept, w, r.zone(user), p).Breach; b != nil {
			if r.found == nil {
				r.found = map[int64]*worktime.Breach{}
			}
			r.found[user] = b
			return
		}
	}
}

// near is what mayBreach compares a placement's neighbours with, the same for every candidate:
// the limits' Reach either side of it [lo, hi), the daily rest either side [dailyLo, dailyHi),
// where a shift that may end after lo starts at the earliest (from), and its own span.
type near struct {
	from, lo, hi, dailyLo, dailyHi, start, end time.Time
}

func nearOf(booking []slot, l worktime.Limits) []near {
	out := make([]near, len(booking))
	for i, p := range booking {
		lo := p.Start.Add(-l.Reach())
		out[i] = near{from: lo.Add(-commitment.MaxPlacementSpan), lo: lo, hi: p.End.Add(l.Reach()),
			dailyLo: p.Start.Add(-l.DailyRest), dailyHi: p.End.Add(l.DailyRest), start: p.Start, end: p.End}
	}
	return out
}

// mayBreach is false when accepting placement p (near n) cannot leave too little rest after w
// (by start, from its shift k on: none before starts in n), so that judging it would find no
// breach. It looks at the shifts (other than p) overlapping the limits' Reach either side of p:
// with none, nothing is near (commitment.FactsFrom's first look); one closer than the daily rest
// may breach it; else only a run of the weekly rest's rule can, and the run p would join is
// within the runs of w (runs) that those shifts belong to, which together with p span too little
// to touch more than MaxDaysInRow dates (as worktime.Check's own first look). The rule itself
// judges whatever this does not rule out.
func (r *restFacts) mayBreach(w commitment.Worked, runs []shiftRun, k int, p int64, n *near) bool {
	from, to := n.start, n.end // the span of p and the runs near it
	reached := false
	for j := k; j < len(w.Shifts) && w.Shifts[j].Start.Before(n.hi); j++ {
		s := &w.Shifts[j]
		if !s.End.After(n.lo) {
			continue
		}
		from, to = earlier(from, runs[j].start), later(to, runs[j].end)
		if w.Placements[j] == p {
			continue
		}
		if s.End.After(n.dailyLo) && s.Start.Before(n.dailyHi) {
			return true
		}
		reached = true
	}
	return reached && (r.limits.MaxDaysInRow < 2 || to.Sub(from) > time.Duration(r.limits.MaxDaysInRow-1)*worktime.ShortestDay)
}

// shiftRun is the run of the weekly rest's rule a shift belongs to: the shifts chained by each
// starting less than the weekly rest after the run so far ends, from the first's start to the
// latest end.
type shiftRun struct{ start, end time.Time }

// runsOf is, beside each shift of w (by start), its run, in a buffer reused from one candidate to
// the next.
func (r *restFacts) runsOf(w commitment.Worked) []shiftRun {
	if cap(r.runs) < len(w.Shifts) {
		r.runs = make([]shiftRun, len(w.Shifts), 2*len(w.Shifts))
	}
	runs := r.runs[:len(w.Shifts)]
	for first := 0; first < len(w.Shifts); {
		run := shiftRun{w.Shifts[first].Start, w.Shifts[first].End}
		next := first + 1
		for ; next < len(w.Shifts) && w.Shifts[next].Start.Sub(run.end) < r.limits.WeeklyRest; next++ {
			run.end = later(run.end, w.Shifts[next].End)
		}
		for j := first; j < next; j++ {
			runs[j] = run
		}
		first = next
	}
	return runs
}

// inTheWay is the work in the way of the breaches found and of the bookings, for
// commitment.NameJobs.
func (r *restFacts) inTheWay() []commitment.InTheWay {
	out := make([]commitment.InTheWay, 0, len(r.found)+len(r.booked))
	for user, b := range r.found {
		out = append(out, commitment.InTheWay{User: user, Shift: &b.With})
	}
	for user, s := range r.booked {
		out = append(out, commitment.InTheWay{User: user, Shift: s})
	}
	return out
}

// mark sets each item's rest warning from its breach and its booked mark from the work it
// overlaps (both named by then).
func (r *restFacts) mark(items []AvailableSupplier) {
	told := map[toldAt]string{} // the booked marks' times, told once per period and zone
	for i := range items {
		user := items[i].User.ID
		if b := r.found[user]; b != nil {
			items[i].RestWarning = b.Message(r.zone(user))
		}
		if s := r.booked[user]; s != nil {
			at := toldAt{s.Start.UnixNano(), s.End.UnixNano(), r.zone(user)}
			when, ok := told[at]
			if !ok {
				when = s.When(at.zone)
				told[at] = when
			}
			items[i].BookedWarning = commitment.MsgBookedMarkAt(s.Job, when)
		}
	}
}

// toldAt is a period told in a zone.
type toldAt struct {
	start, end int64 // Unix nanoseconds
	zone       *time.Location
}

func (r *restFacts) zone(user int64) *time.Location {
	if loc := r.zones[user]; loc != nil {
		return loc
	}
	return time.UTC
}
