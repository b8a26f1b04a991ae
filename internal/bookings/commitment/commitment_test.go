package commitment

import (
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/worktime"
)

func at(day, hour int) time.Time { return time.Date(2027, 3, day, hour, 0, 0, 0, time.UTC) }

func shift(day, from, to int, job string) worktime.Shift {
	return worktime.Shift{Start: at(day, from), End: at(day, to), Job: job}
}

// TestJudge is the commitment rule as a table over facts, no database: what each ask is refused
// for.
func TestJudge(t *testing.T) {
	candidate := shift(10, 9, 17, "")
	clash := shift(10, 12, 20, "7")
	lateBefore := shift(9, 14, 23, "8") // ends 10 hours before the candidate starts
	week := []worktime.Shift{shift(4, 9, 17, "1"), shift(5, 9, 17, "2"), shift(6, 9, 17, "3"),
		shift(7, 9, 17, "4"), shift(8, 9, 17, "5"), shift(9, 9, 17, "6")} // six days in a row before
	tests := []struct {
		name     string
		ask      Ask
		facts    Facts
		overlap  bool
		breach   worktime.Kind
		restRead bool
	}{
		{"a pencil is never refused", Pencil, Facts{Overlap: &clash, Limits: worktime.UK, Work: []worktime.Shift{lateBefore}}, false, "", false},
		{"an offer is refused for an overlap", Offer, Facts{Overlap: &clash, Limits: worktime.UK}, true, "", false},
		{"an offer is not refused for too little rest", Offer, Facts{Limits: worktime.UK, Work: []worktime.Shift{lateBefore}}, false, "", false},
		{"an accept is refused for an overlap", Accept, Facts{Overlap: &clash, Limits: worktime.UK}, true, "", false},
		{"an overlap refuses even when the rest is overridden", Accept, Facts{Overlap: &clash, Overridden: true, Limits: worktime.UK}, true, "", false},
		{"an accept is refused for too little daily rest", Accept, Facts{Limits: worktime.UK, Work: []worktime.Shift{lateBefore}}, false, worktime.DailyRest, true},
		{"an accept is refused for a seventh day in a row", Accept, Facts{Limits: worktime.UK, Work: week}, false, worktime.WeeklyRest, true},
		{"an override lifts the rest rule", Accept, Facts{Overridden: true, Limits: worktime.UK, Work: []worktime.Shift{lateBefore}}, false, "", false},
		{"an entity's own limits apply", Accept, Facts{Limits: worktime.Limits{DailyRest: 8 * time.Hour, MaxDaysInRow: 6, WeeklyRest: 24 * time.Hour}, Work: []worktime.Shift{lateBefore}}, false, "", true},
		{"no work near: nothing to rest from", Accept, Facts{Limits: worktime.UK}, false, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Judge(tt.ask, candidate, tt.facts)
			if (v.Overlap != nil) != tt.overlap {
				t.Errorf("overlap %v, want %v", v.Overlap, tt.overlap)
			}
			var kind worktime.Kind
			if v.Breach != nil {
				kind = v.Breach.Kind
			}
			if kind != tt.breach {
				t.Errorf("breach %q, want %q", kind, tt.breach)
			}
			if v.Refused() != (tt.overlap || tt.breach != "") {
				t.Errorf("refused %v", v.Refused())
			}
			if got := RestJudged(tt.ask, tt.facts); got != tt.restRead {
				t.Errorf("rest judged %v, want %v", got, tt.restRead)
			}
		})
	}
}

// TestVerdictReason words each verdict: the overlap's refusal speaks of its subject, a breach
// says which rest, nothing refused says nothing.
func TestVerdictReason(t *testing.T) {
	clash := shift(10, 12, 20, "Cup Final")
	if got, want := (Verdict{Overlap: &clash}).Reason("You are", time.UTC),
		"You are already booked at an overlapping time: Cup Final, Wed 10 Mar 12:00–20:00."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	b := worktime.Check([]worktime.Shift{shift(9, 14, 23, "Late Show")}, shift(10, 9, 17, ""), worktime.UK, time.UTC)
	if got, want := (Verdict{Breach: b}).Reason("You are", time.UTC),
		"Less than 11 hours' rest after Late Show, which ends Tue 9 Mar 23:00"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := (Verdict{}).Reason("You are", time.UTC); got != "" {
		t.Errorf("got %q for no refusal", got)
	}
}

// TestFactsFrom derives one placement's facts from work read once for many: the overlap and
// the work near, the placement itself left out, and nothing near when no work is within reach.
func TestFactsFrom(t *testing.T) {
	work := []Placed{
		{Shift: shift(1, 9, 17, "1"), Placement: 1},
		{Shift: shift(9, 14, 23, "2"), Placement: 2},
		{Shift: shift(10, 9, 17, "3"), Placement: 3}, // the candidate's own placement
		{Shift: shift(10, 15, 22, "4"), Placement: 4},
		{Shift: shift(30, 9, 17, "5"), Placement: 5},
	}
	f := FactsFrom(Accept, WorkedOf(work), 3, shift(10, 9, 17, ""), worktime.UK, time.UTC)
	if f.Overlap == nil || f.Overlap.Job != "4" || f.Work != nil {
		t.Fatalf("overlap %v and work %v, want placement 4 alone: an overlap needs no rest judged", f.Overlap, f.Work)
	}
	free := append(work[:3:3], work[4])
	f = FactsFrom(Accept, WorkedOf(free), 3, shift(10, 9, 17, ""), worktime.UK, time.UTC)
	var near []string
	for _, s := range f.Work {
		near = append(near, s.Job)
	}
	if f.Overlap != nil || !slices.Equal(near, []string{"1", "2"}) {
		t.Errorf("overlap %v, work near %v, want none and [1 2]", f.Overlap, near)
	}
	if f := FactsFrom(Offer, WorkedOf(work), 2, shift(9, 14, 23, ""), worktime.UK, time.UTC); f.Overlap != nil || f.Work != nil {
		t.Errorf("an offer of the 9th: %+v", f)
	}
	if f := FactsFrom(Accept, WorkedOf(work), 5, shift(30, 9, 17, ""), worktime.UK, time.UTC); f.Overlap != nil || f.Work != nil {
		t.Errorf("alone on the 30th: %+v", f)
	}
}
