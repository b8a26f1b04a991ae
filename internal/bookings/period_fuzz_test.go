package bookings

import (
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/input"
)

// FuzzPlacementPeriod: for any date the API takes and any clock times ClockTime takes, in a
// sample of zones (DST both ways, half-hour offsets, the date line), the period starts at the
// given local time, lasts at most a day and an hour (an hour gained at the clock change) and
// never less than nothing (01:00-02:00 on the night the clocks skip that hour lasts nothing),
// and its wire form reads back as the same instant. `go test` runs the seeds.
func FuzzPlacementPeriod(f *testing.F) {
	zones := []string{"Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Kiritimati",
		"Pacific/Pago_Pago", "UTC"}
	for _, c := range [][3]string{
		{"2026-10-25", "01:30", "01:00"}, {"2026-03-29", "01:00", "02:00"}, {"2026-03-29", "00:30", "01:30"},
		{"2027-04-01", "09:00", "17:00"}, {"2027-04-01", "22:00", "06:00:00"}, {"2027-04-01", "08:00", "08:00"},
		{"2000-01-01", "00:00", "00:00"}, {"1900-01-01", "00:00", "00:00"}, {"2999-12-31", "23:59", "00:00"}, {"2027-02-29", "09:00", "17:00"},
		{"2027-04-01", "24:00", "09:00"}, {"2027-04-01", "9:00", "09:60"}, {"2027-04-01", "09:00:30", "10:00"},
	} {
		for i := range zones {
			f.Add(c[0], c[1], c[2], uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, date, start, end string, zone uint8) {
		name := zones[int(zone)%len(zones)]
		p, err := PlacementPeriod(date, start, end, name)
		_, dateOK := input.Date(date)
		sh, sm, startErr := ClockTime(start)
		_, _, endErr := ClockTime(end)
		if !dateOK {
			return // the API refuses it before a period is made
		}
		if (err == nil) != (startErr == nil && endErr == nil) {
			t.Fatalf("%s %s-%s: %v, clock times %v %v", date, start, end, err, startErr, endErr)
		}
		if err != nil {
			return
		}
		if d := p.End.Sub(p.Start); d < 0 || d > 25*time.Hour {
			t.Fatalf("%s %s-%s in %s lasts %v", date, start, end, name, d)
		}
		loc, _ := time.LoadLocation(name)
		local := p.Start.In(loc)
		// A start in the hour the clocks skip is moved forward by that hour, never back.
		if got := local.Hour()*60 + local.Minute(); got != sh*60+sm && got != sh*60+sm+60 && got != sh*60+sm+30 {
			t.Fatalf("%s %s in %s starts at %s", date, start, name, local)
		}
		for _, at := range []time.Time{p.Start, p.End} {
			back, err := time.Parse("2006-01-02T15:04:05.000-07:00", LocalTime(at, name))
			if err != nil || !back.Equal(at) {
				t.Fatalf("%v in %s: wire %q reads back as %v, %v", at, name, LocalTime(at, name), back, err)
			}
		}
	})
}
