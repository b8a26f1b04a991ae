package suppliers

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/worktime"
	"github.com/hive/hive/internal/platform/database"
)

// The rest marks judge each free selected placement against the candidate's accepted work within
// the commitment rule's reach (commitment.LookAround: for the weekly rest, a week and more either
// side). Most of that work cannot matter: the daily rest, an overlap and whether any work is near
// at all look no further than the limits' Reach and a placement's span from the placement, and
// work further out takes part only through a run of days worked without the weekly rest between
// them that reaches it. So heldNear reads everyone's work only near the selection (innerRange),
// and workBeyond reads the rest of the reach for the few candidates a run may carry out of it
// (carriedOut), by their own index; the marks come out as if everyone's had been read.

// innerReach is how far from a selected placement heldNear reads everyone's work: the limits'
// Reach and a placement's span (commitment.FactsFrom's nearest look), and two days more, so that
// only a run of work on the two days before the selection (or after it) sends its freelancer to
// workBeyond: with a shorter reach, every freelancer who works the day before would be sent.
func innerReach(l worktime.Limits) time.Duration { return l.Reach() + maxPlacementSpan + 48*time.Hour }

// innerRange is the range of placement starts, exclusive at both ends, in which heldNear reads
// everyone's work for the marks: one range from the first selected placement to the last, each
// widened by innerReach, so that a run of work is read whole until it leaves the range.
func innerRange(f *supplierFacts, l worktime.Limits) window {
	w := window{f.selection[0].Start, f.selection[0].End}
	for _, p := range f.selection {
		w.lo, w.hi = earlier(w.lo, p.Start), later(w.hi, p.End)
	}
	return window{w.lo.Add(-innerReach(l)).UTC(), w.hi.Add(innerReach(l)).UTC()}
}

// outerRange is the whole reach of the rule around the selection (commitment.LookAround, and
// FactsFrom's nearest look for unusual limits), as a range of starts [lo, hi).
func outerRange(f *supplierFacts, l worktime.Limits) (time.Time, time.Time) {
	var lo, hi time.Time
	for i, p := range f.selection {
		near, far := commitment.LookAround(l, p.Start, p.End)
		near, far = earlier(near, p.Start.Add(-l.Reach())), later(far, p.End.Add(l.Reach()))
		if i == 0 || near.Before(lo) {
			lo = near
		}
		if i == 0 || far.After(hi) {
			hi = far
		}
	}
	return lo, hi
}

// heldNearWindows are the ranges of placement starts heldNear reads: every placement that can
// overlap one of the booking's or fall on the days either side of the selection, and the inner
// range of the marks' work (innerRange).
func heldNearWindows(f *supplierFacts, limits worktime.Limits) []window {
	inner := innerRange(f, limits)
	inner.lo = inner.lo.Add(-time.Nanosecond)
	return heldWindows(f.booking, []string{f.before, f.after}, []window{inner})
}

// workBeyond reads the whole reach of the rule (outerRange) of the candidates whose work a run
// may carry out of the inner range (carriedOut), in one query by the users' index, and puts it
// in place of what heldNear read of theirs.
func (s *Store) workBeyond(ctx context.Context, f *supplierFacts) error {
	if len(f.selection) == 0 {
		return nil
	}
	inner := innerRange(f, f.rest.limits)
	var users []int64
	for _, c := range f.candidates {
		if carriedOut(f.rest.work[c.ID], f.selection, inner, f.rest.limits) {
			users = append(users, c.ID)
		}
	}
	if len(users) == 0 {
		return nil
	}
	lo, hi := outerRange(f, f.rest.limits)
	for len(users) > 0 {
		batch := users[:min(len(users), beyondBatch)]
		users = users[len(batch):]
		marks, args := database.In(batch)
		// From a placement's span before lo, as heldNear's windows (commitment.AcceptedShifts).
		work, err := commitment.AcceptedShifts(ctx, s.DB, `i.user_id IN (`+marks+`)`, args, 0, lo, hi)
		if err != nil {
			return fmt.Errorf("work beyond the selection: %w", err)
		}
		for _, user := range batch {
			delete(f.rest.work, user)
			if placed := work[user]; len(placed) > 0 {
				f.rest.work[user] = inOrder(commitment.WorkedOf(placed))
			}
		}
	}
	return nil
}

// beyondBatch is how many users workBeyond reads at once, well within both engines' limits on a
// statement's arguments.
const beyondBatch = 1000

// carriedOut reports whether a run of w (the user's work read in inner and near it) with the
// selected placements, as worktime's weekly rest chains them (each shift starting less than the
// weekly rest after the run so far ends), may reach work outside inner: starting less than a
// placement's span and the weekly rest after inner's start, or ending less than the weekly rest
// before its end. Taking every selected placement as worked at once only joins more runs, so a
// user it does not flag has no run of any one placement that leaves inner. Work and selection
// are each by start.
func carriedOut(w commitment.Worked, selection []slot, inner window, l worktime.Limits) bool {
	from, to := inner.lo.Add(maxPlacementSpan+l.WeeklyRest), inner.hi.Add(-l.WeeklyRest)
	if within(w.Shifts, selection, from, to) { // no run can leave what its members do not
		return false
	}
	i, j := 0, 0
	var start, end time.Time // the run so far
	selected, begun := false, false
	for i < len(w.Shifts) || j < len(selection) {
		var s, e time.Time
		isSelected := false
		if j < len(selection) && (i >= len(w.Shifts) || selection[j].Start.Before(w.Shifts[i].Start)) {
			s, e, isSelected = selection[j].Start, selection[j].End, true
			j++
		} else {
			s, e = w.Shifts[i].Start, w.Shifts[i].End
			i++
		}
		if begun && s.Sub(end) >= l.WeeklyRest { // the run ends
			if selected && (start.Before(from) || end.After(to)) {
				return true
			}
			start, end, selected = s, e, false
		}
		if !begun {
			start, end, begun = s, e, true
		}
		end, selected = later(end, e), selected || isSelected
	}
	return selected && (start.Before(from) || end.After(to))
}

// within reports whether every shift and selected placement starts at from or later and ends by
// to.
func within(shifts []worktime.Shift, selection []slot, from, to time.Time) bool {
	for _, s := range shifts {
		if s.Start.Before(from) || s.End.After(to) {
			return false
		}
	}
	for _, p := range selection {
		if p.Start.Before(from) || p.End.After(to) {
			return false
		}
	}
	return true
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// leadingDigits is the decimal number s starts with (at most 18 digits) and how many bytes it
// takes: 0 when s starts with none.
func leadingDigits(s string) (int64, int) {
	var id int64
	i := 0
	for ; i < len(s) && i < 18 && s[i] >= '0' && s[i] <= '9'; i++ {
		id = id*10 + int64(s[i]-'0')
	}
	return id, i
}

// candidateIndex finds a candidate's place among the candidates by id: a table over the range
// of ids when they are dense enough (a department's freelancers mostly are), else a map.
type candidateIndex struct {
	lo     int64
	dense  []int32 // place+1 by id-lo; 0: not a candidate
	sparse map[int64]int32
}

func newCandidateIndex(cs []candidate) candidateIndex {
	if len(cs) == 0 {
		return candidateIndex{}
	}
	lo, hi := cs[0].ID, cs[0].ID
	for _, c := range cs {
		lo, hi = min(lo, c.ID), max(hi, c.ID)
	}
	if hi-lo < int64(8*len(cs)+1024) {
		x := candidateIndex{lo: lo, dense: make([]int32, hi-lo+1)}
		for i, c := range cs {
			x.dense[c.ID-lo] = int32(i + 1)
		}
		return x
	}
	x := candidateIndex{sparse: make(map[int64]int32, len(cs))}
	for i, c := range cs {
		x.sparse[c.ID] = int32(i)
	}
	return x
}

func (x candidateIndex) place(id int64) (int, bool) {
	if x.sparse == nil {
		if id < x.lo || id-x.lo >= int64(len(x.dense)) || x.dense[id-x.lo] == 0 {
			return 0, false
		}
		return int(x.dense[id-x.lo] - 1), true
	}
	i, ok := x.sparse[id]
	return int(i), ok
}
