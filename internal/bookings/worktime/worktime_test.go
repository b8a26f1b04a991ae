package worktime

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

var london, _ = time.LoadLocation("Europe/London")

// at is a London wall time in March 2027 (day 1 is a Monday).
func at(day, hour int) time.Time { return time.Date(2027, 3, day, hour, 0, 0, 0, london) }

func shift(job string, day, from, hours int) Shift {
	return Shift{Start: at(day, from), End: at(day, from).Add(time.Duration(hours) * time.Hour), Job: job}
}

// days are the same shift, 09:00 to 17:00, on each day.
func days(job string, ds ...int) []Shift {
	var out []Shift
	for _, d := range ds {
		out = append(out, shift(job, d, 9, 8))
	}
	return out
}

func TestCheck(t *testing.T) {
	eight := UK
	eight.DailyRest = 8 * time.Hour
	nights := []Shift{}
	for d := 1; d <= 5; d++ { // Monday to Friday nights, 20:00 to 04:00: they touch Monday to Saturday
		nights = append(nights, shift("Night shoot", d, 20, 8))
	}
	cases := []struct {
		name      string
		worked    []Shift
		candidate Shift
		limits    Limits
		want      string // the breach's message, "" for none
	}{
		{"nothing worked", nil, shift("Match", 2, 9, 8), UK, ""},
		{"nine hours after a shift", days("Cup Final", 1), shift("Match", 2, 2, 8), UK,
			"Less than 11 hours' rest after Cup Final, which ends Mon 1 Mar 17:00"},
		{"eleven hours after a shift is enough", days("Cup Final", 1), shift("Match", 2, 4, 8), UK, ""},
		{"an entity's own shorter rest", days("Cup Final", 1), shift("Match", 2, 2, 8), eight, ""},
		{"three hours before a shift", days("Cup Final", 2), shift("Match", 1, 22, 8), UK,
			"Less than 11 hours' rest before Cup Final, which starts Tue 2 Mar 09:00"},
		{"the nearest of two neighbours is named", append(days("Early", 1), shift("Late", 1, 20, 2)), shift("Match", 2, 6, 8), UK,
			"Less than 11 hours' rest after Late, which ends Mon 1 Mar 22:00"},
		{"a seventh day in a row", days("Series", 1, 2, 3, 4, 5, 6), shift("Match", 7, 9, 8), UK,
			"This would be 7 days in a row without 24 hours off, with Series on Mon 1 Mar"},
		{"a seventh day that starts the run names its end", days("Series", 2, 3, 4, 5, 6, 7), shift("Match", 1, 9, 8), UK,
			"This would be 7 days in a row without 24 hours off, with Series on Sun 7 Mar"},
		{"a day off ends the run", days("Series", 1, 2, 3, 4, 5, 6), shift("Match", 8, 9, 8), UK, ""},
		{"a sixth day is allowed", days("Series", 1, 2, 3, 4, 5), shift("Match", 6, 9, 8), UK, ""},
		{"night shifts count every day they touch", nights, shift("Match", 6, 20, 8), UK,
			"This would be 7 days in a row without 24 hours off, with Night shoot on Mon 1 Mar"},
		{"a candidate longer than the run allowed, with no work next to it, is no one's rest problem",
			days("Far", 20), Shift{Start: at(1, 0), End: at(11, 0)}, UK, ""},
		{"a run broken before the candidate is not counted", append(days("Old", 1, 2, 3, 4, 5, 6), days("New", 8, 9)...),
			shift("Match", 10, 9, 8), UK, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ""
			if b := Check(c.worked, c.candidate, c.limits, london); b != nil {
				got = b.Message(london)
			}
			if got != c.want {
				t.Errorf("got %q\nwant %q", got, c.want)
			}
		})
	}
}

// TestDaysAreCountedInTheFreelancersZone: the clock change at the end of March does not split or
// join days, and the same instants counted in another zone can fall on other days.
func TestDaysAreCountedInTheFreelancersZone(t *testing.T) {
	var worked []Shift
	for d := 22; d <= 27; d++ { // Monday 22 to Saturday 27 March, the clocks go forward on the 28th
		worked = append(worked, shift("Series", d, 9, 8))
	}
	if b := Check(worked, shift("Match", 28, 9, 8), UK, london); b == nil || b.Days != 7 {
		t.Fatalf("over the clock change: %+v", b)
	}
	late := []Shift{shift("Late", 1, 20, 3)} // 20:00 to 23:00 in London is 05:00 to 08:00 in Tokyo
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	if got := calendarDays(late, tokyo); len(got) != 1 || !got["2027-03-02"] {
		t.Errorf("in Tokyo the shift falls on %v", got)
	}
	if got := calendarDays(late, london); len(got) != 1 || !got["2027-03-01"] {
		t.Errorf("in London the shift falls on %v", got)
	}
}

// The shortcut never skips a run that touches more dates than allowed: every run of one shift
// from each half hour over the clock changes of 2027 (spring and autumn), of every length up to
// nine days, is compared with the dates counted, for every limit of days in a row, in London
// and in Antarctica/Troll (whose spring day lasts 22 hours).
func TestMayTouchMoreDaysNeverSkipsABreach(t *testing.T) {
	troll, err := time.LoadLocation("Antarctica/Troll")
	if err != nil {
		t.Fatal(err)
	}
	for _, zone := range []*time.Location{london, troll} {
		for _, month := range []time.Month{time.March, time.October} {
			for h := 0; h < 2*24*10; h++ {
				start := time.Date(2027, month, 24, 0, 0, 0, 0, zone).Add(time.Duration(h) * 30 * time.Minute)
				for length := 30 * time.Minute; length <= 9*24*time.Hour; length += 30 * time.Minute {
					run := []Shift{{Start: start, End: start.Add(length)}}
					touched := len(calendarDays(run, zone))
					for most := 2; most <= 7; most++ {
						if !mayTouchMoreDays(func(i int) Shift { return run[i] }, 0, len(run), most) && touched > most {
							t.Fatalf("%v for %v touches %d dates in %s but was skipped (at most %d)", start, length, touched, zone, most)
						}
					}
				}
			}
		}
	}
}

// TestNoBreachBeyondReach: whatever the work, a breach has a worked shift overlapping the
// candidate widened by Reach on both sides (the promise available suppliers' skip relies on).
func TestNoBreachBeyondReach(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 3))
	limits := []Limits{UK, {DailyRest: 11 * time.Hour, MaxDaysInRow: 2, WeeklyRest: 48 * time.Hour},
		{DailyRest: 24 * time.Hour, MaxDaysInRow: 1, WeeklyRest: 0}, {DailyRest: 0, MaxDaysInRow: 0, WeeklyRest: 36 * time.Hour}}
	hour := func(h int) time.Time { return at(1, 0).Add(time.Duration(h) * time.Hour) }
	breaches, weekly := 0, 0
	for i := 0; i < 20000; i++ {
		l := limits[i%len(limits)]
		var worked []Shift
		for range rng.IntN(12) {
			from := rng.IntN(24 * 20)
			worked = append(worked, Shift{Start: hour(from), End: hour(from + 1 + rng.IntN(26)), Job: "W"})
		}
		from := rng.IntN(24 * 20)
		c := Shift{Start: hour(from), End: hour(from + 1 + rng.IntN(26))}
		b := Check(worked, c, l, london)
		if b == nil {
			continue
		}
		breaches++
		if b.Kind == WeeklyRest {
			weekly++
		}
		lo, hi := c.Start.Add(-l.Reach()), c.End.Add(l.Reach())
		if !slices.ContainsFunc(worked, func(w Shift) bool { return w.Start.Before(hi) && w.End.After(lo) }) {
			t.Fatalf("%+v breaches %v with %+v, none of it within %v", c, worked, b, l.Reach())
		}
	}
	if breaches < 1000 || weekly < 100 {
		t.Fatalf("only %d breaches, %d weekly: the test tries too little", breaches, weekly)
	}
}

// A shift's times read with one date when it ends the day it starts, with both otherwise, in
// the zone given.
func TestShiftWhen(t *testing.T) {
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	day := Shift{Start: time.Date(2027, 3, 3, 9, 0, 0, 0, time.UTC), End: time.Date(2027, 3, 3, 17, 0, 0, 0, time.UTC)}
	night := Shift{Start: time.Date(2027, 6, 4, 21, 0, 0, 0, time.UTC), End: time.Date(2027, 6, 5, 5, 0, 0, 0, time.UTC)}
	for _, c := range []struct {
		s    Shift
		want string
	}{
		{day, "Wed 3 Mar 09:00–17:00"},
		{night, "Fri 4 Jun 22:00 – Sat 5 Jun 06:00"},
	} {
		if got := c.s.When(london); got != c.want {
			t.Errorf("When = %q, want %q", got, c.want)
		}
	}
}
