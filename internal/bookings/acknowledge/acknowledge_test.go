package acknowledge

import (
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings"
)

func TestMaterial(t *testing.T) {
	london := "Europe/London"
	at := func(s string) time.Time {
		loc, _ := time.LoadLocation(london)
		v, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
		if err != nil {
			t.Fatal(err)
		}
		return v.UTC()
	}
	base := bookings.PlacementFacts{Title: "Camera", SupplierNotes: "Bring a tripod", UnpaidBreaks: 30,
		Address: "1 Media Way, Salford", Timezone: london, StartAt: at("2027-02-01 09:00"), EndAt: at("2027-02-01 17:00")}
	with := func(change func(*bookings.PlacementFacts)) bookings.PlacementFacts {
		f := base
		change(&f)
		return f
	}
	for _, c := range []struct {
		name  string
		after bookings.PlacementFacts
		want  []string
	}{
		{"nothing changed", base, nil},
		{"the start an hour earlier", with(func(f *bookings.PlacementFacts) { f.StartAt = at("2027-02-01 08:00") }), []string{FieldStartTime}},
		{"the end later", with(func(f *bookings.PlacementFacts) { f.EndAt = at("2027-02-01 18:30") }), []string{FieldEndTime}},
		{"moved to the next day, same times", with(func(f *bookings.PlacementFacts) {
			f.StartAt, f.EndAt = at("2027-02-02 09:00"), at("2027-02-02 17:00")
		}), []string{FieldDate}},
		{"the same clock across a clock change is no change", with(func(f *bookings.PlacementFacts) {
			f.StartAt, f.EndAt = at("2027-04-01 09:00"), at("2027-04-01 17:00")
		}), []string{FieldDate}},
		{"the end moved past midnight on the same clock", with(func(f *bookings.PlacementFacts) {
			f.StartAt, f.EndAt = at("2027-02-01 17:00"), at("2027-02-02 17:00")
		}), []string{FieldStartTime, FieldEndTime}},
		{"unpaid breaks", with(func(f *bookings.PlacementFacts) { f.UnpaidBreaks = 45 }), []string{FieldUnpaidBreaks}},
		{"title", with(func(f *bookings.PlacementFacts) { f.Title = "Sound" }), []string{FieldTitle}},
		{"title with space around only", with(func(f *bookings.PlacementFacts) { f.Title = " Camera \n" }), nil},
		{"notes", with(func(f *bookings.PlacementFacts) { f.SupplierNotes = "Bring two tripods" }), []string{FieldSupplierNotes}},
		{"notes with other line endings only", with(func(f *bookings.PlacementFacts) { f.SupplierNotes = "Bring a tripod\r\n" }), nil},
		{"address", with(func(f *bookings.PlacementFacts) { f.Address = "2 Media Way, Salford" }), []string{FieldAddress}},
		{"address spacing only", with(func(f *bookings.PlacementFacts) { f.Address = "1  Media Way,  Salford " }), nil},
		{"everything, in order", bookings.PlacementFacts{Title: "Sound", SupplierNotes: "", UnpaidBreaks: 0, Address: "Elsewhere",
			Timezone: london, StartAt: at("2027-02-03 07:00"), EndAt: at("2027-02-03 15:00")},
			[]string{FieldDate, FieldStartTime, FieldEndTime, FieldUnpaidBreaks, FieldTitle, FieldSupplierNotes, FieldAddress}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Material(base, c.after); !slices.Equal(got, c.want) {
				t.Errorf("Material = %v, want %v", got, c.want)
			}
		})
	}
}

func TestAddress(t *testing.T) {
	if got := Address(" 1 Media Way ", "", "Salford\nM50 2EQ", "  "); got != "1 Media Way, Salford M50 2EQ" {
		t.Errorf("Address = %q", got)
	}
}

func TestDue(t *testing.T) {
	since := time.Date(2027, 1, 20, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		after time.Duration
		want  bool
	}{{time.Hour + 59*time.Minute, false}, {2 * time.Hour, true}, {3 * time.Hour, true}} {
		if got := Due(since, since.Add(c.after), 2*time.Hour); got != c.want {
			t.Errorf("Due after %s = %v, want %v", c.after, got, c.want)
		}
	}
}
