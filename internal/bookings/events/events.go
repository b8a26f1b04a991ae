// Package events records the domain events of bookings, placements and instructions. Every
// change emits its event through Emit, inside the transaction of the change, so an event exists
// exactly when the change committed; notifications read and deliver them later without any
// booking code changing.
package events

import (
	"context"
)

// Kind names what happened.
type Kind string

// The event kinds.
const (
	BookingCreated        Kind = "booking.created"
	BookingUpdated        Kind = "booking.updated"
	PlacementAmended      Kind = "placement.amended"
	PlacementCancelled    Kind = "placement.cancelled"
	InstructionGranted    Kind = "instruction.granted"
	InstructionStatus     Kind = "instruction.status_changed"
	InstructionRate       Kind = "instruction.rate_amended"
	InstructionSubstitute Kind = "instruction.substituted"
	// WaterfallChanged: an offer waterfall started, changed state, was reordered (its offers are
	// instruction events of their own).
	WaterfallChanged Kind = "waterfall.changed"
	// WaterfallFilled and WaterfallRanOut: an offer in turn came to an end with every place
	// filled, or with nobody left to offer to and places still to fill (payload: waterfallId,
	// places, filled, and outcome, "0 of 1 filled"). Each is written once per time it gets there.
	WaterfallFilled Kind = "waterfall.filled"
	WaterfallRanOut Kind = "waterfall.ran_out"
	// InstructionAnswerBy is a manager setting or clearing an offer's answer-by time;
	// InstructionAnswerReminder the deadlines worker's reminder that the time is near.
	InstructionAnswerBy       Kind = "instruction.answer_by_changed"
	InstructionAnswerReminder Kind = "instruction.answer_reminder"
	// InstructionChangeAcknowledged is a freelancer acknowledging a change to their accepted
	// placement; InstructionChangeReminder the deadlines worker's reminder that one still waits,
	// and InstructionChangeUnacknowledged its word to the managers that it still waits later.
	InstructionChangeAcknowledged   Kind = "instruction.change_acknowledged"
	InstructionChangeReminder       Kind = "instruction.change_reminder"
	InstructionChangeUnacknowledged Kind = "instruction.change_unacknowledged"
	// InstructionRestOverride is a manager's override of the working-time guard.
	InstructionRestOverride Kind = "instruction.rest_overridden"
	// The steps of a pencil (a hold): placed, challenged by a lower hold, confirmed
	// into a booked instruction, released by either side, released at a challenge's deadline.
	HoldPlaced     Kind = "hold.placed"
	HoldChallenged Kind = "hold.challenged"
	HoldConfirmed  Kind = "hold.confirmed"
	HoldReleased   Kind = "hold.released"
	HoldExpired    Kind = "hold.expired"
	// The steps of an instruction's timesheet (written by package timesheets): due to fill once
	// its placement ended, submitted by its freelancer, approved (by a manager, or by Hive when
	// the dispute window passed: no actor), disputed with a reason (payload "reason").
	TimesheetDue       Kind = "timesheet.due"
	TimesheetSubmitted Kind = "timesheet.submitted"
	TimesheetApproved  Kind = "timesheet.approved"
	TimesheetDisputed  Kind = "timesheet.disputed"
	// An issued invoice's due date passed unpaid (written once per invoice by package invoices,
	// on the booking of its first line; payload "invoiceId", "invoiceNumber", "dueDate", and
	// whom it concerns: "userIds", the freelancers of its lines, and "departmentIds", the
	// departments of its lines, whose managers are told).
	InvoiceOverdue Kind = "invoice.overdue"
)

// Event is one domain event. BookingID is always set; the others when they apply. UserID is the
// freelancer the event concerns (the instruction's user), so delivery knows whom to tell.
type Event struct {
	Kind          Kind
	BookingID     int64
	PlacementID   int64
	InstructionID int64
	UserID        int64
	Payload       map[string]any
}

// Cause is someone's answer that Hive acts on in turn: an offer in turn (a waterfall) passing
// to the next candidate, and withdrawing the rest of an offer, after a candidate declined, let
// their offer expire, or accepted.
type Cause struct {
	UserID int64  `json:"userId"`
	Answer string `json:"answer"` // how the candidate's turn went: declined, expired, skipped, accepted
}

type causeKey struct{}

// InTurn marks the changes made with ctx as Hive's, made in turn for c: their events carry c
// (payload "inTurn"), and the notifications name Hive as the actor, after c's person and answer.
// The request's own user stays the event's actor_user_id: it was their action, so they are
// not told of it.
func InTurn(ctx context.Context, c Cause) context.Context {
	return context.WithValue(ctx, causeKey{}, c)
}
