package bookings

import (
	"slices"
	"strings"
	"testing"
	"time"
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
		keyed = append(keyed, ranked(&rows[i]))
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

func TestFreeForAndOn(t *testing.T) {
	at := func(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, time.UTC) }
	mine := slot{ID: 1, Date: "2026-11-02", Start: at(2, 9), End: at(2, 17)}
	f := &supplierFacts{
		held: map[int64][]slot{
			10: {{ID: 1, Date: "2026-11-02", Start: at(2, 9), End: at(2, 17)}},   // this very placement
			11: {{ID: 2, Date: "2026-11-02", Start: at(2, 16), End: at(2, 20)}},  // overlaps its end
			12: {{ID: 3, Date: "2026-11-01", Start: at(1, 22), End: at(2, 9)}},   // ends as it starts
			13: {{ID: 4, Date: "2026-11-01", Start: at(1, 22), End: at(2, 9+1)}}, // overnight, overlaps
		},
		unavailable: map[int64][]string{14: {"2026-11-02"}},
	}
	for user, want := range map[int64]bool{10: true, 11: false, 12: true, 13: false, 14: false, 15: true} {
		if got := f.diaryOf(user).freeFor(mine); got != want {
			t.Errorf("user %d free for the placement: %v, want %v", user, got, want)
		}
	}
	for user, want := range map[int64]bool{10: false, 12: true, 13: true, 14: false, 15: true} {
		if got := f.diaryOf(user).freeOn("2026-11-02"); got != want {
			t.Errorf("user %d free on the 2nd: %v, want %v", user, got, want)
		}
	}
}

func TestHeldWindows(t *testing.T) {
	at := func(day, hour int) time.Time { return time.Date(2027, 1, day, hour, 0, 0, 0, time.UTC) }
	var booking []slot
	for d := 4; d <= 8; d++ { // five consecutive days merge into one range
		booking = append(booking, slot{Start: at(d, 9), End: at(d, 17)})
	}
	booking = append(booking, slot{Start: at(20, 9), End: at(20, 17)})
	ws := heldWindows(booking, []string{"2027-01-03", "2027-01-09"})
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
	ws = heldWindows(sparse, nil)
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
