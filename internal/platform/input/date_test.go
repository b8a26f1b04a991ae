package input

import (
	"testing"
	"time"
)

func TestDate(t *testing.T) {
	for s, ok := range map[string]bool{
		"2027-04-01": true, "2000-01-01": true, "2999-12-31": true, "2028-02-29": true,
		"2027-02-29": false, "1999-12-31": false, "1900-01-01": false, "3000-01-01": false, "9999-12-31": false, "0000-01-01": false,
		"2027-4-1": false, "2027-04-01T00:00:00Z": false, " 2027-04-01": false, "+2027-04-01": false, "": false,
	} {
		if _, got := Date(s); got != ok {
			t.Errorf("Date(%q) ok %v, want %v", s, got, ok)
		}
	}
}

// FuzzDate: whatever Date takes is the day it names, printed back the same, and a day later
// (the end of an overnight placement) still has a four-digit year. `go test` runs the seeds.
func FuzzDate(f *testing.F) {
	for _, s := range []string{"2027-04-01", "2000-01-01", "1900-01-01", "2999-12-31", "9999-12-31", "0000-01-01", "2027-02-29",
		"2028-02-29", "2027-13-01", "2027-00-10", "2027-04-31", "-001-01-01", "2027-04-01\x00", "２０２７-04-01", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := Date(s)
		if !ok {
			return
		}
		if d.Format(time.DateOnly) != s {
			t.Fatalf("%q parsed as %v", s, d)
		}
		if next := d.AddDate(0, 0, 1).Add(14 * time.Hour); next.Year() < 1000 || next.Year() > 9999 {
			t.Fatalf("%q: a day later is %v", s, next)
		}
	})
}
