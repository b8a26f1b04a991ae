package calendarsync

import (
	"slices"
	"time"

	"github.com/emersion/go-ical"
)

// busyBlocks are the busy times of one calendar object within [from, to), expanded in zone:
// every VEVENT that is not transparent or cancelled, its recurrences (RRULE, RDATE, EXDATE and
// overridden instances by RECURRENCE-ID) included. A date-only event is busy from midnight to
// midnight in zone, however long that day is. Titles and details are never read.
func busyBlocks(cal *ical.Calendar, zone *time.Location, from, to time.Time) []Block {
	var out []Block
	// Overridden instances, per UID: the master skips them, the override stands for itself.
	overridden := map[string][]time.Time{}
	for _, ev := range cal.Events() {
		if rid := ev.Props.Get(ical.PropRecurrenceID); rid != nil {
			if t, err := rid.DateTime(zone); err == nil {
				uid, _ := ev.Props.Text(ical.PropUID)
				overridden[uid] = append(overridden[uid], t)
			}
		}
	}
	for _, ev := range cal.Events() {
		if !isBusy(ev) {
			continue
		}
		start, err := ev.DateTimeStart(zone)
		if err != nil {
			continue
		}
		dated := isDate(ev.Props.Get(ical.PropDateTimeStart))
		end := endOf(ev, start, dated, zone)
		if ev.Props.Get(ical.PropRecurrenceID) != nil || ev.Props.Get(ical.PropRecurrenceRule) == nil {
			out = appendWithin(out, start, end, from, to)
			continue
		}
		set, err := ev.RecurrenceSet(zone)
		if err != nil || set == nil {
			out = appendWithin(out, start, end, from, to)
			continue
		}
		uid, _ := ev.Props.Text(ical.PropUID)
		length := end.Sub(start)
		days := 0
		if dated {
			days = int(end.Sub(start).Round(24*time.Hour) / (24 * time.Hour))
		}
		for _, s := range set.Between(from.Add(-length-24*time.Hour), to, true) {
			if slices.ContainsFunc(overridden[uid], s.Equal) {
				continue
			}
			e := s.Add(length)
			if dated {
				e = s.AddDate(0, 0, days)
			}
			out = appendWithin(out, s, e, from, to)
		}
	}
	return out
}

// isBusy reports whether an event takes its owner's time: not marked free (TRANSP:TRANSPARENT)
// and not cancelled.
func isBusy(ev ical.Event) bool {
	if p := ev.Props.Get(ical.PropTransparency); p != nil && p.Value == "TRANSPARENT" {
		return false
	}
	if st, err := ev.Status(); err == nil && st == ical.EventCancelled {
		return false
	}
	return true
}

func isDate(p *ical.Prop) bool {
	return p != nil && (p.ValueType() == ical.ValueDate || (p.Params.Get(ical.ParamValue) == "" && len(p.Value) == len("20060102")))
}

// endOf is an event's end: DTEND, else DTSTART plus DURATION, else the next midnight for a
// date-only event and the start itself otherwise (RFC 5545 §3.6.1).
func endOf(ev ical.Event, start time.Time, dated bool, zone *time.Location) time.Time {
	if p := ev.Props.Get(ical.PropDateTimeEnd); p != nil {
		if end, err := p.DateTime(zone); err == nil {
			return end
		}
	}
	if p := ev.Props.Get(ical.PropDuration); p != nil {
		if d, err := p.Duration(); err == nil {
			return start.Add(d)
		}
	}
	if dated {
		return start.AddDate(0, 0, 1)
	}
	return start
}

// appendWithin adds [start, end) to out when it has length and meets [from, to).
func appendWithin(out []Block, start, end, from, to time.Time) []Block {
	if !end.After(start) || !end.After(from) || !start.Before(to) {
		return out
	}
	return append(out, Block{Start: start.UTC(), End: end.UTC()})
}
