package scheduler

import (
	"strings"
	"testing"

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
