// Package acknowledge is change acknowledgement: a material change to a placement whose
// freelancer had accepted (its date, start or end time, unpaid breaks, title, notes, or the
// department's address) marks that instruction as changed, awaiting their acknowledgement, with
// what they last saw and what it is now; both answers stay as they were. The freelancer
// acknowledges (POST /instruction/acknowledge) or rejects through the status path, which clears
// the mark, as does a change reverted before it was acknowledged. The deadlines worker reminds
// the freelancer, then tells the managers, after the times of the client's booking rules.
//
// The rule of what is material is here (Material, pure); the marks are kept by hooks the core
// and departments call in their writes' transactions (store_marks.go); the acknowledgement and
// the sweeps are in store_*.go, the operation in http.go.
package acknowledge

import (
	"strings"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/input"
)

// The fields a change may change materially, in the order they are listed.
const (
	FieldDate          = "date"
	FieldStartTime     = "startTime"
	FieldEndTime       = "endTime"
	FieldUnpaidBreaks  = "unpaidBreaks"
	FieldTitle         = "title"
	FieldSupplierNotes = "supplierNotes"
	FieldAddress       = "address"
)

// The messages of an acknowledgement.
const (
	MsgOnlyFreelancer = "Only the freelancer of this instruction can acknowledge a change to it."
	MsgNothingToAck   = "There is no change to acknowledge on this instruction."
)

// Material answers the fields in which a placement as the freelancer last saw it (before) and
// as it is now (after) differ in a way they must hear of, in the order of the Field constants;
// none when nothing material differs. Times are compared as the freelancer reads them, on the
// clock of the placement's zone: a period moved to another day is a new date, its start or end
// on another clock (or the end on another day than before, relative to its start) a new start
// or end time. Texts are compared as they read (surrounding space and line endings aside).
func Material(before, after bookings.PlacementFacts) []string {
	var out []string
	bs, be := localOf(before.StartAt, before.Timezone), localOf(before.EndAt, before.Timezone)
	as, ae := localOf(after.StartAt, after.Timezone), localOf(after.EndAt, after.Timezone)
	if bs.Format(time.DateOnly) != as.Format(time.DateOnly) {
		out = append(out, FieldDate)
	}
	if bs.Format("15:04") != as.Format("15:04") {
		out = append(out, FieldStartTime)
	}
	if be.Format("15:04") != ae.Format("15:04") || daysBetween(bs, be) != daysBetween(as, ae) {
		out = append(out, FieldEndTime)
	}
	if before.UnpaidBreaks != after.UnpaidBreaks {
		out = append(out, FieldUnpaidBreaks)
	}
	if text(before.Title) != text(after.Title) {
		out = append(out, FieldTitle)
	}
	if text(before.SupplierNotes) != text(after.SupplierNotes) {
		out = append(out, FieldSupplierNotes)
	}
	if oneLine(before.Address) != oneLine(after.Address) {
		out = append(out, FieldAddress)
	}
	return out
}

// localOf is t on the clock of zone (UTC for an unknown zone).
func localOf(t time.Time, zone string) time.Time {
	loc, err := input.Zone(zone)
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc)
}

// daysBetween is how many calendar days the end falls after the start (0 or 1 for a placement).
func daysBetween(start, end time.Time) int {
	s := time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, time.UTC)
	e := time.Date(end.Year(), end.Month(), end.Day(), 0, 0, 0, 0, time.UTC)
	return int(e.Sub(s).Hours() / 24)
}

func text(s string) string { return strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n")) }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Address is a department's address lines as one line: the non-empty ones joined with commas.
func Address(lines ...string) string {
	var parts []string
	for _, l := range lines {
		if l = oneLine(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, ", ")
}

// Due reports whether a change waiting since has waited wait at now.
func Due(since, now time.Time, wait time.Duration) bool { return !now.Before(since.Add(wait)) }
