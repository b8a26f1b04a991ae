package scheduler

import (
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
)

func TestSummaryDatesListsTheRangeUpToTheLimit(t *testing.T) {
	cases := []struct {
		start, end string
		days       int
		field, msg string
	}{
		{"2027-05-01", "2027-05-01", 1, "", ""},
		{"2027-03-27", "2027-03-29", 3, "", ""}, // over the clock change
		{"2027-05-01", "2027-07-02", 63, "", ""},
		{"2027-05-01", "2027-07-03", 0, "endDate", MsgRangeTooLong},
		{"2027-05-02", "2027-05-01", 0, "endDate", MsgDateOrder},
		{"2027-5-1", "2027-05-01", 0, "startDate", MsgDate},
		{"2027-05-01", "", 0, "endDate", MsgDate},
	}
	for _, c := range cases {
		dates, err := summaryDates(c.start, c.end)
		if c.msg == "" {
			if err != nil || len(dates) != c.days || dates[0] != c.start || dates[len(dates)-1] != c.end {
				t.Errorf("%s..%s: %d dates %v, %v", c.start, c.end, len(dates), dates, err)
			}
			continue
		}
		e := apperror.As(err)
		if e == nil || e.Kind != apperror.KindInvalid || e.Message != c.msg ||
			strings.Join(e.Fields[0].Loc, ".") != "query."+c.field {
			t.Errorf("%s..%s: %v", c.start, c.end, err)
		}
	}
}

func TestLateCancellationCountsWholeDaysBeforeTheStart(t *testing.T) {
	// 09:00 in London on Monday 29 March 2027, the day after the clock change (08:00 UTC).
	start := time.Date(2027, 3, 29, 8, 0, 0, 0, time.UTC)
	at := func(s string) time.Time {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			panic(err)
		}
		return t
	}
	cases := []struct {
		cancelled string
		window    int
		late      bool
	}{
		{"2027-03-29T07:59:00Z", 0, false},
		{"2027-03-29T08:01:00Z", 0, true},
		// Two days before is 09:00 on Saturday the 27th in London, still GMT: 09:00 UTC.
		{"2027-03-27T08:30:00Z", 2, false},
		{"2027-03-27T09:30:00Z", 2, true},
		{"2027-01-01T00:00:00Z", 365, true},
	}
	for _, c := range cases {
		if got := LateCancellation(at(c.cancelled), start, "Europe/London", c.window); got != c.late {
			t.Errorf("cancelled %s with a %d-day window: late %v, want %v", c.cancelled, c.window, got, c.late)
		}
	}
}
