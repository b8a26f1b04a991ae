// Package worktime is the working-time guard: whether one more shift would leave a
// freelancer too little rest, by the daily and weekly rest of the UK's Working Time Regulations
// (or an entity's own limits). It is a pure rule over shifts as instants: the caller reads the
// freelancer's accepted placements and decides what a breach stops (an accept, a confirmation)
// or marks (a candidate in available suppliers or search), so every path asks the same rule.
package worktime

import (
	"fmt"
	"slices"
	"time"
)

// Limits are the rest a freelancer must have.
type Limits struct {
	DailyRest    time.Duration // between the end of one shift and the start of the next
	MaxDaysInRow int           // calendar days worked in a row, at most, without WeeklyRest
	WeeklyRest   time.Duration // the break that ends a run of working days
}

// UK is the default: 11 hours between shifts (regulation 10), and no more than 6 days in a row
// without 24 hours off (regulation 11's 24 hours in each 7 days).
var UK = Limits{DailyRest: 11 * time.Hour, MaxDaysInRow: 6, WeeklyRest: 24 * time.Hour}

// Shift is one placement a freelancer works: its instants and the job it belongs to, named in a
// breach's message.
type Shift struct {
	Start, End time.Time
	Job        string
}

// Kind says which rest a breach cuts short.
type Kind string

// The two rests.
const (
	DailyRest  Kind = "daily_rest"
	WeeklyRest Kind = "weekly_rest"
)

// Breach is the first rest the candidate shift would cut short, and the shift in the way.
type Breach struct {
	Kind   Kind
	Limits Limits
	With   Shift         // the shift in the way: the neighbour (daily), the run's other end (weekly)
	Rest   time.Duration // daily: the rest that would be left
	Days   int           // weekly: the days the run would have
	After  bool          // daily: the candidate comes after With
}

// Message says why, naming the job in the way, with times in loc (the freelancer's zone).
func (b Breach) Message(loc *time.Location) string {
	const when = "Mon 2 Jan 15:04"
	switch {
	case b.Kind == WeeklyRest:
		return fmt.Sprintf("This would be %d days in a row without %s off, with %s on %s",
			b.Days, hours(b.Limits.WeeklyRest), b.With.Job, b.With.Start.In(loc).Format("Mon 2 Jan"))
	case b.After:
		return fmt.Sprintf("Less than %s' rest after %s, which ends %s", hours(b.Limits.DailyRest), b.With.Job,
			b.With.End.In(loc).Format(when))
	default:
		return fmt.Sprintf("Less than %s' rest before %s, which starts %s", hours(b.Limits.DailyRest), b.With.Job,
			b.With.Start.In(loc).Format(when))
	}
}

// When is the shift's times in loc, as messages give them: "Mon 1 Mar 14:00–23:00", or with
// both dates when it ends on another day ("Mon 1 Mar 22:00 – Tue 2 Mar 06:00").
func (s Shift) When(loc *time.Location) string {
	start, end := s.Start.In(loc), s.End.In(loc)
	if y, m, d := start.Date(); end.Day() == d && end.Month() == m && end.Year() == y {
		return start.Format("Mon 2 Jan 15:04") + "–" + end.Format("15:04")
	}
	return start.Format("Mon 2 Jan 15:04") + " – " + end.Format("Mon 2 Jan 15:04")
}

func hours(d time.Duration) string {
	if d%time.Hour == 0 {
		return fmt.Sprintf("%d hours", int(d/time.Hour))
	}
	return d.String()
}

// Reach is how far from a candidate shift work can take part in its breach: Check finds one only
// when some worked shift overlaps [candidate.Start-Reach, candidate.End+Reach), for only such a
// shift can cut the daily rest or join the candidate's run (a run's next shift starts less than
// the weekly rest after the run ends). Callers with many candidates skip those with no such work.
func (l Limits) Reach() time.Duration { return max(l.DailyRest, l.WeeklyRest) }

// Check is the first breach adding candidate to worked would cause (nil when none). Days are
// counted in loc, the freelancer's zone. Overlaps are the overlap rule's business and not
// reported here; an overlapping shift leaves no rest and so breaches the daily rest too.
func Check(worked []Shift, candidate Shift, l Limits, loc *time.Location) *Breach {
	if b := dailyRest(worked, candidate, l); b != nil {
		return b
	}
	return weeklyRest(worked, candidate, l, loc)
}

// dailyRest finds the nearest shift on either side closer than the daily rest.
func dailyRest(worked []Shift, c Shift, l Limits) *Breach {
	var found *Breach
	for _, w := range worked {
		after := !w.Start.After(c.Start)
		rest := c.Start.Sub(w.End)
		if !after {
			rest = w.Start.Sub(c.End)
		}
		if rest < l.DailyRest && (found == nil || rest > found.Rest) {
			found = &Breach{Kind: DailyRest, Limits: l, With: w, Rest: max(rest, 0), After: after}
		}
	}
	return found
}

// weeklyRest finds the run of shifts the candidate joins (each starting less than WeeklyRest after
// the run so far ends) and counts the calendar days the run touches. The candidate is placed
// among the worked shifts by start without copying them (the shift at i of the run is at(i)):
// available suppliers asks this of every candidate and placement, and most runs are short.
func weeklyRest(worked []Shift, c Shift, l Limits, loc *time.Location) *Breach {
	byStart := func(a, b Shift) int { return a.Start.Compare(b.Start) }
	// Callers mostly pass work read in order of start: sorting is then only a check.
	if !slices.IsSortedFunc(worked, byStart) {
		worked = slices.SortedFunc(slices.Values(worked), byStart)
	}
	at, _ := slices.BinarySearchFunc(worked, c, byStart)
	shift := func(i int) Shift {
		switch {
		case i < at:
			return worked[i]
		case i == at:
			return c
		}
		return worked[i-1]
	}
	n := len(worked) + 1
	first, stop, end := 0, n, shift(0).End
	for i := 1; i < n; i++ {
		s := shift(i)
		if s.Start.Sub(end) >= l.WeeklyRest {
			if i > at {
				stop = i
				break
			}
			first = i
		}
		end = later(end, s.End)
	}
	if !mayTouchMoreDays(shift, first, stop, l.MaxDaysInRow) {
		return nil
	}
	if stop-first == 1 {
		// The candidate alone: no work of theirs is in the way. Only a search's range of whole
		// days can be this long (a placement spans at most two days); the asker chose it, and a
		// breach must name the job in the way.
		return nil
	}
	run := make([]Shift, 0, stop-first)
	for i := first; i < stop; i++ {
		run = append(run, shift(i))
	}
	days := calendarDays(run, loc)
	if len(days) > l.MaxDaysInRow {
		in := run[0] // the job that starts the run, or ends it when the candidate starts it
		if first == at {
			in = run[len(run)-1]
		}
		return &Breach{Kind: WeeklyRest, Limits: l, With: in, Days: len(days)}
	}
	return nil
}

// ShortestDay is the shortest a calendar day lasts in any zone a freelancer may choose: 22 hours,
// Antarctica/Troll's spring change of two hours (elsewhere it is at least 23).
const ShortestDay = 22 * time.Hour

// mayTouchMoreDays is false when a run (shift(first) to shift(stop-1)) is too short to touch
// more than max calendar dates in any zone: k dates need the k-2 whole days between the first
// and the last, each at least ShortestDay. Most runs are, so the dates are counted only for the
// few long ones (available suppliers checks every candidate against every placement).
func mayTouchMoreDays(shift func(int) Shift, first, stop, max int) bool {
	if max < 2 {
		return true
	}
	end := shift(first).End
	for i := first + 1; i < stop; i++ {
		end = later(end, shift(i).End)
	}
	return end.Sub(shift(first).Start) > time.Duration(max-1)*ShortestDay
}

// calendarDays are the dates in loc that the shifts touch.
func calendarDays(shifts []Shift, loc *time.Location) map[string]bool {
	days := map[string]bool{}
	for _, s := range shifts {
		for d := s.Start.In(loc); d.Before(s.End); d = nextDay(d) {
			days[d.Format(time.DateOnly)] = true
		}
	}
	return days
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// nextDay is the start of the calendar day after d, in d's zone.
func nextDay(d time.Time) time.Time {
	y, m, day := d.Date()
	return time.Date(y, m, day+1, 0, 0, 0, 0, d.Location())
}
