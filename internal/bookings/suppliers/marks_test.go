package suppliers

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/worktime"
)

// TestRestMarksFilter checks on random work, bookings, limits and zones that mayBreach is sound:
// wherever it rules a placement out, the commitment rule finds no breach, and check marks the
// same first breach as judging every free placement in order. The benchmark's data has day
// shifts only; here come night shifts, shifts of up to a placement's longest span, chains of
// days, gaps of nothing to days, the clock changes of 2027 (Europe/London's hour,
// Australia/Lord_Howe's half hour) and runs whose dates turn on a changed day's length
// (edgeRestCase). It fails if mayBreach bounds a day by 23 hours and a half, or never says true.
func TestRestMarksFilter(t *testing.T) {
	const cases = 20000
	rng := rand.New(rand.NewPCG(20270328, 1))
	var ruledOut, ruledOutNear, judged, daily, weekly int
	for c := range cases {
		tc := randomRestCase(rng)
		r := &restFacts{limits: tc.limits, zones: map[int64]*time.Location{restUser: tc.zone}}
		runs := r.runsOf(tc.work)
		for i, n := range nearOf(tc.booking, tc.limits) {
			p := tc.booking[i]
			k := firstStartingFrom(tc.work, n.from)
			v := r.judgeWork(commitment.Accept, tc.work, tc.zone, p)
			if v.Breach != nil {
				if v.Breach.Kind == worktime.DailyRest {
					daily++
				} else {
					weekly++
				}
			}
			if r.mayBreach(tc.work, runs, k, p.ID, &n) {
				judged++
				continue
			}
			ruledOut++
			if f := commitment.FactsFrom(commitment.Accept, tc.work, p.ID, worktime.Shift{Start: p.Start, End: p.End}, tc.limits, tc.zone); len(f.Work) > 0 {
				ruledOutNear++ // work within reach, ruled out by the run's span
			}
			if v.Breach != nil {
				t.Fatalf("case %d: mayBreach rules out placement %d, which breaches %+v\n%s", c, p.ID, *v.Breach, tc)
			}
		}

		var want *worktime.Breach // judging every free placement in order, unfiltered
		for _, i := range tc.free {
			if b := r.judgeWork(commitment.Accept, tc.work, tc.zone, tc.booking[i]).Breach; b != nil {
				want = b
				break
			}
		}
		r = &restFacts{limits: tc.limits, zones: map[int64]*time.Location{restUser: tc.zone}}
		r.check(restUser, tc.work, tc.booking, tc.free)
		if got := r.found[restUser]; !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: check found %+v, judging every free placement %+v\n%s", c, got, want, tc)
		}
	}
	t.Logf("%d placements ruled out (%d with work within reach), %d judged; %d daily and %d weekly breaches",
		ruledOut, ruledOutNear, judged, daily, weekly)
	// The cases must reach both rests and both answers of the filter, or they prove nothing.
	if ruledOut < cases/2 || ruledOutNear < cases/10 || judged < cases || daily < cases/4 || weekly < cases/10 {
		t.Fatalf("too few cases of a kind: %d ruled out (%d near), %d judged, %d daily, %d weekly",
			ruledOut, ruledOutNear, judged, daily, weekly)
	}
}

const restUser = 7

// restCase is one random case: a freelancer's accepted work (by start, as read), a booking's
// placements (by start), the places of the free ones, the limits and the freelancer's zone.
type restCase struct {
	work    commitment.Worked
	booking []slot
	free    []int
	limits  worktime.Limits
	zone    *time.Location
}

func (tc restCase) String() string {
	s := fmt.Sprintf("limits %+v, zone %s\nwork:\n", tc.limits, tc.zone)
	for i, sh := range tc.work.Shifts {
		s += fmt.Sprintf("  %d %s\n", tc.work.Placements[i], sh.When(tc.zone))
	}
	s += "booking:\n"
	for i, p := range tc.booking {
		s += fmt.Sprintf("  %d %s free=%v\n", p.ID, worktime.Shift{Start: p.Start, End: p.End}.When(tc.zone), slices.Contains(tc.free, i))
	}
	return s
}

// The zones' clock changes in 2027, local dates: Europe/London 28 Mar and 31 Oct,
// Australia/Lord_Howe (half an hour) 4 Apr and 3 Oct, America/New_York 14 Mar and 7 Nov,
// Pacific/Chatham 4 Apr and 26 Sep, Antarctica/Troll (two hours) 28 Mar and 31 Oct.
var restZones = []struct {
	name    string
	changes [][3]int
}{
	{"UTC", [][3]int{{2027, 6, 1}}},
	{"Europe/London", [][3]int{{2027, 3, 28}, {2027, 10, 31}}},
	{"Australia/Lord_Howe", [][3]int{{2027, 4, 4}, {2027, 10, 3}}},
	{"America/New_York", [][3]int{{2027, 3, 14}, {2027, 11, 7}}},
	{"Asia/Kolkata", [][3]int{{2027, 3, 28}}},
	{"Pacific/Chatham", [][3]int{{2027, 4, 4}, {2027, 9, 26}}},
	{"Antarctica/Troll", [][3]int{{2027, 3, 28}, {2027, 10, 31}}}, // two hours: a day of 22 hours
}

func randomRestCase(rng *rand.Rand) restCase {
	z := restZones[rng.IntN(len(restZones))]
	tc := restCase{zone: commitment.ZoneOf(z.name), limits: randomLimits(rng)}
	change := z.changes[rng.IntN(len(z.changes))]
	at := func(d, minute int) time.Time { // minute of local day d from the clock change
		return time.Date(change[0], time.Month(change[1]), change[2]+d, 0, minute, 0, 0, tc.zone)
	}
	if rng.IntN(4) == 0 {
		return edgeRestCase(rng, tc, at)
	}
	minute := func() int { // a clock time on the half hour, often about midnight
		if rng.IntN(2) == 0 {
			return []int{0, 30, 60, 120, 180, 1200, 1260, 1320, 1380, 1410}[rng.IntN(10)]
		}
		return 30 * rng.IntN(48)
	}
	// A shift starting on day d at clock time m: half of them end at a clock time (the next day
	// when not after the start, as a placement's times are given), so that a clock change makes
	// them an hour or half an hour longer or shorter; the others last 30 minutes to a placement's
	// longest span, mostly a working day.
	shiftAt := func(d, m int) (time.Time, time.Time) {
		start := at(d, m)
		if rng.IntN(2) == 0 {
			end := minute()
			if end <= m {
				end += 24 * 60
			}
			return start, at(d, end)
		}
		if rng.IntN(3) > 0 {
			return start, start.Add(time.Duration(6+rng.IntN(7)) * time.Hour)
		}
		return start, start.Add(time.Duration(1+rng.IntN(int(commitment.MaxPlacementSpan/(30*time.Minute)))) * 30 * time.Minute)
	}

	var placed []commitment.Placed
	add := func(id int64, start, end time.Time) {
		placed = append(placed, commitment.Placed{Shift: worktime.Shift{Start: start, End: end, Job: fmt.Sprint(id)}, Placement: id})
	}
	id := int64(1000)
	for d := -12 + rng.IntN(4); d < 12; {
		if rng.IntN(3) == 0 { // a chain of 5 to 9 days at the same clock time
			n, m := 5+rng.IntN(5), minute()
			for i := range n {
				id++
				start, end := shiftAt(d+i, m)
				add(id, start, end)
			}
			d += n
		} else {
			id++
			start, end := shiftAt(d, minute())
			add(id, start, end)
			d++
		}
		d += []int{0, 0, 0, 1, 1, 2, 3, 5}[rng.IntN(8)] // the gap, in days
	}

	for i := range 1 + rng.IntN(8) {
		p := slot{ID: int64(i + 1)}
		switch rng.IntN(4) {
		case 0: // on a day of the work, just after or before a shift, or on it
			s := placed[rng.IntN(len(placed))]
			gap := time.Duration(rng.IntN(30*2)) * 30 * time.Minute
			length := durationOf(shiftAt(0, minute()))
			switch rng.IntN(3) {
			case 0:
				p.Start = s.End.Add(gap)
			case 1:
				p.Start = s.Start.Add(-gap - length)
			default:
				p.Start = s.Start
			}
			p.End = p.Start.Add(length)
		default: // anywhere near
			p.Start, p.End = shiftAt(-14+rng.IntN(28), minute())
		}
		tc.booking = append(tc.booking, p)
	}
	slices.SortStableFunc(tc.booking, func(a, b slot) int { return a.Start.Compare(b.Start) })
	for i, p := range tc.booking {
		switch rng.IntN(4) {
		case 0: // accepted already: its own shift is in the work
			add(p.ID, p.Start, p.End)
		case 1:
		default:
			tc.free = append(tc.free, i)
		}
	}
	if rng.IntN(8) == 0 { // not by start after all: check walks the work again
		rng.Shuffle(len(tc.free), func(i, j int) { tc.free[i], tc.free[j] = tc.free[j], tc.free[i] })
	}
	slices.SortStableFunc(placed, comparePlaced)
	tc.work = inOrder(commitment.WorkedOf(placed))
	return tc
}

// edgeRestCase is a run of MaxDaysInRow+1 dates whose span is within half an hour of
// MaxDaysInRow-1 days, across a clock change: from 23:00 to 00:00 on its first date to 00:00 to 01:00 on
// its last, with a shift on each date between. Whether it touches too many dates turns on the
// length of the days, which mayBreach must bound no more loosely than worktime.Check does. One of
// its shifts is the placement judged, the rest are the work.
func edgeRestCase(rng *rand.Rand, tc restCase, at func(d, minute int) time.Time) restCase {
	days := 2 + rng.IntN(3)
	tc.limits = worktime.Limits{DailyRest: time.Duration(rng.IntN(5)) * 30 * time.Minute, MaxDaysInRow: days,
		WeeklyRest: time.Duration(24+rng.IntN(25)) * time.Hour}
	first := -rng.IntN(days) // the first whole date, day 0 the clock change's
	jitter := func() int { return 15 * (rng.IntN(5) - 2) }
	shifts := []worktime.Shift{{Start: at(first, -30+jitter()), End: at(first, 8*60)}}
	for d := first; d < first+days-1; d++ {
		shifts = append(shifts, worktime.Shift{Start: at(d, 10*60), End: at(d, 18*60)})
	}
	last := first + days - 2
	shifts = append(shifts, worktime.Shift{Start: at(last, 20*60), End: at(last, 24*60+30+jitter())})
	judged := rng.IntN(len(shifts))
	var placed []commitment.Placed
	for i, s := range shifts {
		if i == judged {
			tc.booking = []slot{{ID: 1, Start: s.Start, End: s.End}}
			tc.free = []int{0}
			continue
		}
		s.Job = fmt.Sprint(1001 + i)
		placed = append(placed, commitment.Placed{Shift: s, Placement: int64(1001 + i)})
	}
	tc.work = inOrder(commitment.WorkedOf(placed))
	return tc
}

func randomLimits(rng *rand.Rand) worktime.Limits {
	switch rng.IntN(4) {
	case 0:
		return worktime.UK
	case 1: // a week of nights: a short daily rest, two days off
		return worktime.Limits{DailyRest: 8 * time.Hour, MaxDaysInRow: 5, WeeklyRest: 48 * time.Hour}
	}
	return worktime.Limits{
		DailyRest:    time.Duration(rng.IntN(25)) * 30 * time.Minute, // 0 to 12 hours
		MaxDaysInRow: 1 + rng.IntN(7),
		WeeklyRest:   time.Duration(rng.IntN(49)) * time.Hour, // 0 to 48 hours
	}
}

// firstStartingFrom is the first shift of w starting at t or later, as check's walk finds it.
func firstStartingFrom(w commitment.Worked, t time.Time) int {
	k, _ := slices.BinarySearchFunc(w.Shifts, t, func(s worktime.Shift, t time.Time) int { return s.Start.Compare(t) })
	return k
}

func durationOf(start, end time.Time) time.Duration { return end.Sub(start) }
