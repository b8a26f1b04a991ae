package suppliers

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/worktime"
)

func TestCompareSuppliersRanks(t *testing.T) {
	row := func(name string, preferred bool, availability float64, title bool, adjacent float64) AvailableSupplier {
		return AvailableSupplier{User: AvailableSupplierUser{FullName: name}, PreferredUser: preferred,
			Availability: availability, MatchedJobTitle: title, AdjacentAvailability: adjacent}
	}
	rows := []AvailableSupplier{
		row("zed adjacent", false, 0.5, false, 1),
		row("Amy no adjacent", false, 0.5, false, 0),
		row("Bob titled", false, 0.5, true, 0),
		row("Cy free", false, 1, false, 0),
		row("Dee preferred but busy", true, 0, false, 0),
		row("amy no adjacent", false, 0.5, false, 0), // same name but case: kept apart by id
	}
	rows[5].User.ID = 1
	var keyed []rankedSupplier
	for i := range rows {
		keyed = append(keyed, ranked(&rows[i], i))
	}
	slices.SortFunc(keyed, compareSuppliers)
	var names []string
	for _, r := range keyed {
		names = append(names, r.row.User.FullName)
	}
	want := "Dee preferred but busy|Cy free|Bob titled|zed adjacent|Amy no adjacent|amy no adjacent"
	if got := strings.Join(names, "|"); got != want {
		t.Errorf("ranked %s\nwant     %s", got, want)
	}
}

func TestPhraseIn(t *testing.T) {
	for _, c := range []struct {
		phrase, text string
		want         bool
	}{
		{"Camera Operator", "camera operator", true},
		{"Camera Operator", "Senior Camera Operator (OB)", true},
		{"Camera Operator", "Camera Assistant", false},
		{"NDI", "Indie shoot", false},
		{"NDI", "NDI / SRT", true},
		{"Drone (GVC licence)", "drone gvc licence pilot", true},
		{"", "anything", false},
	} {
		if got := phraseIn(c.phrase, c.text); got != c.want {
			t.Errorf("phraseIn(%q, %q) = %v", c.phrase, c.text, got)
		}
	}
}

func TestCommitments(t *testing.T) {
	at := func(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, time.UTC) }
	mine := slot{ID: 1, Date: "2026-11-02", Start: at(2, 9), End: at(2, 17)}
	later := slot{ID: 5, Date: "2026-11-02", Start: at(2, 18), End: at(2, 22)} // the booking's second placement
	f := &supplierFacts{
		booking: []slot{mine, later}, before: "2026-11-01", after: "2026-11-03", candidates: candidatesNamed(10, 11, 12, 13, 14, 15, 16, 17),
		heldHere: map[int64][]slot{10: {mine}}, // holds this very placement: free for it
		heldElsewhere: []heldPeriod{
			{slot: slot{Date: "2026-11-02", Start: at(2, 16), End: at(2, 20)}, users: []int64{11}},    // overlaps both
			{slot: slot{Date: "2026-11-01", Start: at(1, 22), End: at(2, 9)}, users: []int64{12, 17}}, // ends as it starts
			{slot: slot{Date: "2026-11-01", Start: at(1, 22), End: at(2, 10)}, users: []int64{13}},    // overnight, overlaps
		},
		unavailable: []markedDay{{date: "2026-11-02", users: []int64{14}}, {date: "2026-11-03", users: []int64{15, 17}}},
	}
	c := f.commitmentsOf()
	for _, want := range []struct {
		user                       int64
		mine, later, before, after bool
	}{
		{10, true, true, true, true},
		{11, false, false, true, true},
		{12, true, true, false, true},
		{13, false, true, false, true},
		{14, false, false, true, true},
		{15, true, true, true, false},
		{16, true, true, true, true}, // no commitments at all
		{17, true, true, false, false},
	} {
		got := []bool{c.freeFor(want.user, 0), c.freeFor(want.user, 1), c.freeBefore(want.user), c.freeAfter(want.user)}
		if !slices.Equal(got, []bool{want.mine, want.later, want.before, want.after}) {
			t.Errorf("user %d free for mine, later, the day before, the day after: %v, want %+v", want.user, got, want)
		}
	}
	if got := c.freeShare(13); got != 0.5 {
		t.Errorf("user 13 free share %v, want 0.5", got)
	}
}

// candidatesNamed are candidates with ids: commitments are kept for candidates only.
func candidatesNamed(ids ...int64) []candidate {
	out := make([]candidate, len(ids))
	for i, id := range ids {
		out[i] = candidate{ID: id}
	}
	return out
}

// A booking longer than one word of bits keeps each placement's bit apart.
func TestCommitmentsPastSixtyFourPlacements(t *testing.T) {
	var booking []slot
	for i := range 70 {
		d := time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC).AddDate(0, 0, i)
		booking = append(booking, slot{ID: int64(i + 1), Date: d.Format(time.DateOnly), Start: d, End: d.Add(8 * time.Hour)})
	}
	f := &supplierFacts{booking: booking, before: "2026-12-31", after: "2027-03-12", candidates: candidatesNamed(7),
		unavailable: []markedDay{{date: booking[66].Date, users: []int64{7}}, {date: "2027-03-12", users: []int64{7}}}}
	c := f.commitmentsOf()
	for i := range booking {
		if got := c.freeFor(7, i); got != (i != 66) {
			t.Errorf("placement %d: free %v", i, got)
		}
	}
	if !c.freeBefore(7) || c.freeAfter(7) {
		t.Errorf("adjacent days: before %v after %v", c.freeBefore(7), c.freeAfter(7))
	}
}

func TestHeldWindows(t *testing.T) {
	at := func(day, hour int) time.Time { return time.Date(2027, 1, day, hour, 0, 0, 0, time.UTC) }
	var booking []slot
	for d := 4; d <= 8; d++ { // five consecutive days merge into one range
		booking = append(booking, slot{Start: at(d, 9), End: at(d, 17)})
	}
	booking = append(booking, slot{Start: at(20, 9), End: at(20, 17)})
	ws := heldWindows(booking, []string{"2027-01-03", "2027-01-09"}, nil)
	if len(ws) != 2 {
		t.Fatalf("windows %v", ws)
	}
	// From the day before (its UTC midnight less 14 h) to the day after (next midnight plus 12 h).
	if !ws[0].lo.Equal(at(3, 0).Add(-14*time.Hour)) || !ws[0].hi.Equal(at(10, 12)) {
		t.Errorf("first window %v", ws[0])
	}
	if !ws[1].lo.Equal(at(20, 9).Add(-maxPlacementSpan)) || !ws[1].hi.Equal(at(20, 17)) {
		t.Errorf("second window %v", ws[1])
	}

	// A sparse booking keeps its widest gaps and merges across the narrowest.
	var sparse []slot
	for i := 0; i < 40; i++ {
		d := time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC).AddDate(0, 0, i*3+i%2) // gaps of 2 and 3 days
		sparse = append(sparse, slot{Start: d, End: d.Add(8 * time.Hour)})
	}
	ws = heldWindows(sparse, nil, nil)
	if len(ws) != maxWindows {
		t.Fatalf("%d windows, want %d", len(ws), maxWindows)
	}
	for _, p := range sparse {
		if !slices.ContainsFunc(ws, func(w window) bool { return w.lo.Before(p.Start) && !w.hi.Before(p.End) }) {
			t.Errorf("placement at %v is outside every window", p.Start)
		}
	}
}

func TestTagMatches(t *testing.T) {
	const placement, job = "Camera Operator (Steadicam)", "Cup Final - Outside Broadcast"
	for _, c := range []struct {
		category, name string
		want           bool
	}{
		{"job_title", "camera operator", true},
		{"job_title", "Outside Broadcast", false}, // a job title is matched to the placement template only
		{"skills", "Steadicam", true},
		{"skills", "Outside broadcast", true}, // a skill may be named by the job template
		{"skills", "Sony FX9", false},
		{"other", "Steadicam", false},
	} {
		if got := tagMatches(c.category, c.name, placement, job); got != c.want {
			t.Errorf("tagMatches(%s %q) = %v", c.category, c.name, got)
		}
	}
}

// The candidate index finds each candidate and no one else, dense ids or sparse.
func TestCandidateIndex(t *testing.T) {
	for _, ids := range [][]int64{{5, 3, 9, 4}, {7, 1_000_000_007, 12}} {
		x := newCandidateIndex(candidatesNamed(ids...))
		for i, id := range ids {
			if at, ok := x.place(id); !ok || at != i {
				t.Errorf("%v: %d at %d, %v; want %d", ids, id, at, ok, i)
			}
		}
		for _, id := range []int64{0, 2, 6, 8, 10, 1_000_000_008, -1} {
			if _, ok := x.place(id); ok {
				t.Errorf("%v: %d found", ids, id)
			}
		}
	}
	if x := newCandidateIndex(nil); func() bool { _, ok := x.place(1); return ok }() {
		t.Error("no candidates: 1 found")
	}
}

// heldNear's entries are parsed into the periods held elsewhere and each candidate's work,
// others' left out; a period held only in this booking is held elsewhere by no one.
func TestHeldByParsesTheEntries(t *testing.T) {
	at := func(day int) time.Time { return time.Date(2027, 1, day, 9, 0, 0, 0, time.UTC) }
	period := func(day int) slot {
		return slot{Date: at(day).Format(time.DateOnly), Start: at(day), End: at(day).Add(time.Hour)}
	}
	f := &supplierFacts{candidates: candidatesNamed(7, 12), heldRows: []heldRow{
		{slot: period(3), Entries: "12:44*"},
		{slot: period(2), Entries: "12,7:41,300:42,12:43*"},
	}}
	if err := f.heldBy(); err != nil {
		t.Fatal(err)
	}
	if len(f.heldElsewhere) != 1 || !slices.Equal(f.heldElsewhere[0].users, []int64{12, 7}) || !f.heldElsewhere[0].Start.Equal(at(2)) {
		t.Errorf("held elsewhere %+v", f.heldElsewhere)
	}
	if w := f.rest.work[7]; !slices.Equal(w.Placements, []int64{41}) || w.Shifts[0].Job != "41" || !w.Shifts[0].Start.Equal(at(2)) {
		t.Errorf("7's work %+v", w)
	}
	if w := f.rest.work[12]; !slices.Equal(w.Placements, []int64{43, 44}) || w.Shifts[0].Job != "43" || w.Shifts[1].Job != "44" {
		t.Errorf("12's work %+v", w)
	}
	if _, ok := f.rest.work[300]; ok {
		t.Error("a non-candidate's work kept")
	}
	for _, bad := range []string{"7:x", "7;41", "x"} {
		f.heldRows = []heldRow{{slot: period(2), Entries: bad}}
		if err := f.heldBy(); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// A freelancer's work beyond the days read for everyone is read only when a run of work, with
// the selection, reaches out of them: then a weekly rest mark may name work further out.
func TestCarriedOut(t *testing.T) {
	day := func(d, hour int) time.Time { return time.Date(2027, 3, d, hour, 0, 0, 0, time.UTC) }
	worked := func(days ...int) commitment.Worked {
		var w commitment.Worked
		for _, d := range days {
			w.Shifts = append(w.Shifts, worktime.Shift{Start: day(d, 9), End: day(d, 17)})
			w.Placements = append(w.Placements, int64(d))
		}
		return w
	}
	selection := []slot{{ID: 100, Start: day(15, 9), End: day(15, 17)}, {ID: 101, Start: day(16, 9), End: day(16, 17)}}
	inner := innerRange(&supplierFacts{selection: selection}, worktime.UK)
	for _, c := range []struct {
		name string
		work commitment.Worked
		want bool
	}{
		{"no work", worked(), false},
		{"the day before and after", worked(14, 17), false},
		{"a week apart", worked(5, 6, 7, 8, 25, 26), false},
		{"three days in a row before", worked(12, 13, 14), true},
		{"three days in a row after, the last read whole", worked(17, 18, 19), false},
		{"four days in a row after", worked(17, 18, 19, 20), true},
		{"three days before, a day off between", worked(11, 12, 13), false},
	} {
		if got := carriedOut(c.work, selection, inner, worktime.UK); got != c.want {
			t.Errorf("%s: carried out %v, want %v (inner %v to %v)", c.name, got, c.want, inner.lo, inner.hi)
		}
	}
}
