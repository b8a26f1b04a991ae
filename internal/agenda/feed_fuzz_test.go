package agenda

import (
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/hive/hive/internal/platform/textsafe"
)

// FuzzFeed: whatever managers type into titles, names and notes, the calendar feed parses
// with the iCalendar library Hive uses into exactly the events written, with their own UIDs,
// and the summary and notes read back as the text Hive meant to show (textsafe's one-line and
// line-broken forms). `go test` runs the seeds.
func FuzzFeed(f *testing.F) {
	for _, s := range [][4]string{
		{"Camera", "Cup Final", "Bring a tripod", "Alpha"},
		{"Camera\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil@x", "x", "a\rBEGIN:VEVENT", "b\nEND:VCALENDAR"},
		{"a,b;c\\d", "\\n", "line\\nnot a break", "comma, semi; back\\slash"},
		{"\u2028\u2029\u0085", "\x00\x07", "\t tab", "ünïcødé ✓ 🎥"},
		{strings.Repeat("long title ", 40), strings.Repeat("é", 200), strings.Repeat("x", 1000), ""},
		{"", "", "", ""}, {" ", "CAMERA", "   ", "\xff\xfe"}, {"DESCRIPTION:x", "SUMMARY:y", ":", ";"},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	at := time.Date(2027, 4, 1, 8, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, placement, booking, notes, client string) {
		events := []feedEvent{
			{ID: 1, Supplier: "accepted", Client: "accepted", Version: 1, UpdatedAt: at, PlacementTitle: placement,
				StartAt: at, EndAt: at.Add(8 * time.Hour), PlacementVersion: 1, PlacementUpdated: at, SupplierNotes: notes,
				BookingID: 7, PlacementID: 9, BookingTitle: booking, DepartmentName: "News", ClientName: client},
			{ID: 2, Supplier: "awaiting_response", Client: "accepted", Version: 1, UpdatedAt: at, PlacementTitle: "Sound",
				StartAt: at, EndAt: at.Add(time.Hour), PlacementVersion: 1, PlacementUpdated: at, BookingID: 7, PlacementID: 10},
		}
		out := renderFeed(events, "https://hive.example")
		cal, err := ics.ParseCalendar(strings.NewReader(out))
		if err != nil {
			t.Fatalf("the feed does not parse: %v\n%q", err, out)
		}
		got := cal.Events()
		if len(got) != 2 {
			t.Fatalf("%d events, want 2:\n%q", len(got), out)
		}
		for i, want := range []string{"instruction-1@hive", "instruction-2@hive"} {
			if uid := feedText(got[i], ics.ComponentPropertyUniqueId); uid != want {
				t.Fatalf("event %d has UID %q:\n%q", i, uid, out)
			}
		}
		if s, want := feedText(got[0], ics.ComponentPropertySummary), textsafe.Line(summary(placement, booking)); s != want {
			t.Fatalf("summary reads back as %q, want %q:\n%q", s, want, out)
		}
		if d, want := feedText(got[0], ics.ComponentPropertyDescription), description(events[0]); d != want {
			t.Fatalf("description reads back as %q, want %q:\n%q", d, want, out)
		}
	})
}

// feedText is the text of a property as a calendar shows it (the library's parser undoes the
// TEXT escapes of RFC 5545 3.3.11).
func feedText(e *ics.VEvent, p ics.ComponentProperty) string {
	if prop := e.GetProperty(p); prop != nil {
		return prop.Value
	}
	return ""
}
