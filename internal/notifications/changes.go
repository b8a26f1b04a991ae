package notifications

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/waterfall"
	"github.com/hive/hive/internal/jobs"
)

// What a notification says of a change: the fields it changed, before → after (the event's
// changes, audit.Changes), times in the department's zone, rates as people read them. Buy
// rates are left out: a freelancer and a manager who is no administrator never see them.

// fieldLabels name the fields a change may carry, in the words of the screens and the order
// of their forms.
var fieldLabels = []struct{ field, label string }{
	{"title", "title"}, {"reference", "reference"}, {"ir35", "IR35"}, {"substitutionAllowed", "substitution allowed"},
	{"supplierNotes", "notes"}, {"unpaidBreaks", "unpaid breaks"},
}

// longestValue bounds a value quoted in a sentence (notes can be long).
const longestValue = 80

// describe fills m from changes, in zone: Was (the period before) and When (the period after)
// for a move, Rate for a sell rate amended, Changed for the other fields.
func (m *message) describe(changes []fieldChange, zone string) {
	said := make([]string, len(fieldLabels))
	for _, c := range changes {
		switch c.Field {
		case "period":
			var before, after struct{ StartAt, EndAt time.Time }
			if json.Unmarshal(c.Before, &before) == nil && json.Unmarshal(c.After, &after) == nil {
				m.Was, m.When = period(before.StartAt, before.EndAt, zone), period(after.StartAt, after.EndAt, zone)
			}
		case "sellRate":
			var before, after jobs.Rate
			if json.Unmarshal(c.Before, &before) == nil && json.Unmarshal(c.After, &after) == nil {
				m.Rate = before.Display() + " → " + after.Display()
			}
		case "buyRate":
		default:
			i := slices.IndexFunc(fieldLabels, func(l struct{ field, label string }) bool { return l.field == c.Field })
			if i >= 0 {
				said[i] = fieldLabels[i].label + " " + fieldValue(c.Field, c.Before) + " → " + fieldValue(c.Field, c.After)
			}
		}
	}
	m.Changed = strings.Join(slices.DeleteFunc(said, func(s string) bool { return s == "" }), ", ")
}

// fieldValue is one value of a change as a sentence quotes it: Yes or No, "none" for an empty
// text, minutes, or the text in quotes on one line.
func fieldValue(field string, raw json.RawMessage) string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "?"
	}
	switch v := v.(type) {
	case nil:
		return "none"
	case bool:
		if v {
			return "Yes"
		}
		return "No"
	case float64:
		if field == "unpaidBreaks" {
			return strconv.FormatFloat(v, 'f', -1, 64) + " min"
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	case string:
		s := oneLine(v)
		if s == "" {
			return "none"
		}
		if r := []rune(s); len(r) > longestValue {
			s = string(r[:longestValue-1]) + "…"
		}
		return "'" + s + "'"
	}
	return "?"
}

// causeOf says what Hive acted on in turn: 'Alex Smith declined'.
func causeOf(c events.Cause, who string) string {
	switch c.Answer {
	case waterfall.CandidateDeclined:
		return who + " declined"
	case waterfall.CandidateExpired:
		return who + "'s offer expired"
	case waterfall.CandidateAccepted:
		return who + " accepted"
	}
	return who + "'s offer ended"
}
