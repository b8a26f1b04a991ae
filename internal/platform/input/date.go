package input

import "time"

// FirstYear and LastYear bound the dates Hive takes. Wider than any booking or report needs,
// and narrow enough that a time on the last day (a placement that ends the next morning, an
// instant shifted by its zone) keeps a four-digit year: SQLite stores instants as text, and
// one in year 10000 was written but could not be read back (a booking dated 9999-12-31 answered
// 500 and stayed in the database).
const (
	FirstYear = 2000
	LastYear  = 2999
)

// MsgDate is the refusal of a date that is not one Date takes.
const MsgDate = "Dates must be YYYY-MM-DD, from 2000 to 2999"

// Date parses a calendar date as the API takes it: YYYY-MM-DD, a real day, from FirstYear to
// LastYear.
func Date(s string) (time.Time, bool) {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil || d.Year() < FirstYear || d.Year() > LastYear {
		return time.Time{}, false
	}
	return d, true
}
