// Package amend is a manager's changes to a booking once it is made: its title, reference and
// flags; its instructions' rates; its placements' details (title, times, notes, unpaid breaks)
// and their cancellation; and the working-time override of one instruction. Each change is all
// or none, audited, and emits its event through the core's kernel. An amendment of placements'
// details runs the hooks other features register with AfterPlacementChange (change
// acknowledgement, calendar sync) in its transaction.
package amend

import (
	"time"

	"github.com/hive/hive/internal/bookings"
)

// BookingChange is what may change of a booking after creation (nil: unchanged), checked
// against the version read. The booking's type and job template may not (spec part 2 §2).
type BookingChange struct {
	Version             int
	Title               *string
	Reference           *string
	IR35                *bool
	SubstitutionAllowed *bool
}

// MsgBookingStale refuses a change of a booking changed since it was read.
const MsgBookingStale = "This booking was changed by someone else. Reload and try again."

// PlacementChange amends one placement: title, local times, notes and unpaid breaks, checked
// against the revision read (0: unchecked).
type PlacementChange struct {
	ID            int64
	Revision      int
	Title         string
	StartTime     string
	EndTime       string
	SupplierNotes string
	UnpaidBreaks  int
}

// MsgPlacementStale refuses an amendment of a placement changed since it was read.
const MsgPlacementStale = "This placement was changed by someone else. Reload and try again."

// The working-time override's messages.
const (
	MsgOverrideReason = "A reason is required to override the rest rule"
	MsgOverrideGone   = "This instruction has been cancelled; there is nothing to override."
)

// clockTime stores times as HH:mm; the web sends HH:mm:00 (spec part 2 §5).
func clockTime(s string) string { return s[:min(5, len(s))] }

// bookingFields are the editable fields of a booking as its history and its event name them.
func bookingFields(title, reference string, ir35, substitutionAllowed bool) map[string]any {
	return map[string]any{"title": title, "reference": reference, "ir35": ir35, "substitutionAllowed": substitutionAllowed}
}

// placementFields are what an amendment may change of a placement, as its event tells them: the
// period as its UTC instants, which the notifications show in the department's zone.
func placementFields(title, notes string, unpaidBreaks int, start, end time.Time) map[string]any {
	return map[string]any{"title": title, "supplierNotes": notes, "unpaidBreaks": unpaidBreaks,
		"period": map[string]any{"startAt": start.UTC(), "endAt": end.UTC()}}
}

// moved reports whether an amendment gives the placement another period. Only then are the
// accepted freelancers' other work and rest checked again: an edit of the title or the notes
// commits no one to anything new, and must not be refused for work accepted before (under an
// override, or under limits since tightened).
func moved(cur bookings.PlacementRow, p bookings.Period) bool {
	return !cur.StartAt.Equal(p.Start) || !cur.EndAt.Equal(p.End)
}
