// Package status is the one home of an instruction's two statuses: which changes are allowed
// to whom (the state machine of spec part 2 §4), the combined colour every view shows, and the
// sort priority. The web app has a TypeScript twin of Colour and SortPriority, tested against
// the same table of cases (testdata/colour_cases.json).
package status

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/input"
)

// Status is one side's status of an instruction.
type Status string

// The statuses of spec part 2 §4 (unknown appears in old data and is never set).
const (
	Awaiting  Status = "awaiting_response"
	Accepted  Status = "accepted"
	Rejected  Status = "rejected"
	Cancelled Status = "cancelled"
	Unknown   Status = "unknown"
)

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
	switch s {
	case Awaiting, Accepted, Rejected, Cancelled, Unknown:
		return true
	}
	return false
}

// Side says whose status a change sets.
type Side string

// The two sides of an instruction.
const (
	Supplier Side = "supplier"
	Client   Side = "client"
)

// Colour is the combined colour of an instruction (and, as the worst case, of a placement group).
type Colour string

// The status colours of spec part 2 §9.
const (
	Green  Colour = "green"
	Purple Colour = "purple"
	Orange Colour = "orange"
	Red    Colour = "red"
	Gray   Colour = "gray"
)

// Colours lists the colours in the order the status filter shows them.
var Colours = []Colour{Red, Orange, Purple, Green, Gray}

// State is what the rules read of an instruction.
type State struct {
	Supplier Status
	Client   Status
	Deleted  bool
	// ChangeAwaiting: the placement changed materially after the freelancer accepted, and they
	// have not acknowledged the change yet (package acknowledge); they may still reject it.
	ChangeAwaiting bool
}

// ColourOf is the combined colour: both accepted green; supplier accepted and client awaiting
// purple; any cancelled or rejected red; awaiting on either side (no rejection) orange;
// otherwise, and for a deleted instruction, gray.
func ColourOf(s State) Colour {
	switch {
	case s.Deleted:
		return Gray
	case s.Supplier == Accepted && s.Client == Accepted:
		return Green
	case s.Supplier == Accepted && s.Client == Awaiting:
		return Purple
	case s.closed():
		return Red
	case s.Supplier == Awaiting || s.Client == Awaiting:
		return Orange
	}
	return Gray
}

// SortPriority orders instructions in every list: both accepted first, then any cancelled or
// rejected, then supplier awaiting, then client awaiting, then the rest. Lower sorts first.
func SortPriority(s State) int {
	switch {
	case s.Supplier == Accepted && s.Client == Accepted:
		return 0
	case s.closed():
		return 1
	case s.Supplier == Awaiting:
		return 2
	case s.Client == Awaiting:
		return 3
	}
	return 4
}

// Worst is the colour of a group: red over orange over purple over green over gray, so one
// problem in a placement group shows on the group.
func Worst(colours ...Colour) Colour {
	rank := map[Colour]int{Gray: 0, Green: 1, Purple: 2, Orange: 3, Red: 4}
	worst := Gray
	for _, c := range colours {
		if rank[c] > rank[worst] {
			worst = c
		}
	}
	return worst
}

// Cancelled reports whether either side is cancelled (the instruction counts as cancelled).
func (s State) Cancelled() bool { return s.Supplier == Cancelled || s.Client == Cancelled }

func (s State) closed() bool {
	return s.Cancelled() || s.Supplier == Rejected || s.Client == Rejected
}

// Live reports whether the instruction still holds the freelancer's time: not deleted and not
// cancelled or rejected on either side.
func (s State) Live() bool { return !s.Deleted && !s.closed() }

// AnswerAwaited is, per side, the statuses of an offer that waits for its freelancer's answer
// (State.AwaitingAnswer): their (supplier) side still awaits a response and the client side has
// not refused it.
var AnswerAwaited = struct{ Supplier, Client []Status }{
	Supplier: []Status{Awaiting},
	Client:   []Status{Accepted, Awaiting},
}

// AwaitingAnswer reports whether the instruction is an offer that waits for its freelancer's
// answer: not deleted and its statuses among AnswerAwaited. It is the one rule of the
// freelancer's Outstanding tab of the agenda (with its placement not ended), of the offers
// whoami counts for the freelancer, and of the offers the notifications still mail
// (AwaitingAnswerSQL).
func (s State) AwaitingAnswer() bool {
	return !s.Deleted && slices.Contains(AnswerAwaited.Supplier, s.Supplier) && slices.Contains(AnswerAwaited.Client, s.Client)
}

// BookingType decides the statuses a new instruction starts with.
type BookingType string

// The booking types of spec part 2 §3.
const (
	TypeDefault      BookingType = "default"
	TypePreConfirmed BookingType = "pre_confirmed"
)

// Initial is the state of a new instruction: a default booking asks both sides; a
// pre_confirmed booking accepts for the supplier at once (the client still confirms); a direct
// booking is accepted on both sides.
func Initial(t BookingType, direct bool) State {
	switch {
	case direct:
		return State{Supplier: Accepted, Client: Accepted}
	case t == TypePreConfirmed:
		return State{Supplier: Accepted, Client: Awaiting}
	}
	return State{Supplier: Awaiting, Client: Awaiting}
}

// Actor is who asks for a change.
type Actor string

// The actors: the instruction's own freelancer, or a manager of the booking's department
// (administrators act as managers).
const (
	ActorFreelancer Actor = "freelancer"
	ActorManager    Actor = "manager"
)

// Change is one requested status change (an item of PATCH /instruction/status).
type Change struct {
	Side   Side
	To     Status
	Reason string
}

// Result is the state after a change, with the side's previous status.
type Result struct {
	State    State
	Previous Status
}

// MaxReasonLength bounds a cancellation reason.
const MaxReasonLength = 500

// Apply checks change c by actor on the current state (Check, then the cancellation reason)
// and returns the new state. Refusals are conflicts (409) with a message the UI shows as it is;
// a missing reason is a validation error.
func Apply(cur State, c Change, actor Actor) (Result, error) {
	if err := Check(cur, c.Side, c.To, actor); err != nil {
		return Result{}, err
	}
	if c.To == Cancelled {
		reason := input.Text(c.Reason)
		if reason == "" {
			return Result{}, apperror.Field("cancellationReason", "A cancellation reason is required")
		}
		if len(reason) > MaxReasonLength {
			return Result{}, apperror.Field("cancellationReason", fmt.Sprintf("At most %d characters", MaxReasonLength))
		}
	}
	next := cur
	if c.Side == Supplier {
		next.Supplier = c.To
	} else {
		next.Client = c.To
	}
	return Result{State: next, Previous: cur.of(c.Side)}, nil
}

// Check is the state machine alone: may actor set side to status to on the current state? It
// is what Apply checks before the reason, and what the views ask to tell the web which actions
// to offer (bookings.InstructionActions), so the two cannot disagree.
//
//	freelancer: own supplier side, awaiting → accepted | rejected;
//	            accepted → rejected while a change awaits their acknowledgement
//	manager:    client side, awaiting → accepted | rejected
//	            supplier side ("as supplier"), awaiting → accepted | rejected
//	            either side → cancelled (with a reason) while the instruction is live
func Check(cur State, side Side, to Status, actor Actor) error {
	if side != Supplier && side != Client {
		return apperror.Field("side", "Set supplierStatus or clientStatus")
	}
	switch to {
	case Accepted, Rejected, Cancelled:
	default:
		return apperror.Field(string(side)+"Status", "Status must be accepted, rejected or cancelled")
	}
	if cur.Deleted {
		return apperror.Conflict("This instruction's placement has been cancelled.")
	}
	if cur.closed() {
		return apperror.Conflict("This instruction has already been cancelled or rejected.")
	}
	if to == Cancelled {
		if actor != ActorManager {
			return apperror.Forbidden()
		}
		return nil
	}
	if actor == ActorFreelancer && side != Supplier {
		return apperror.Forbidden()
	}
	if from := cur.of(side); from != Awaiting && !rejectsChange(cur, side, to, actor) {
		return apperror.Conflict(fmt.Sprintf("This instruction is already %s.", label(from)))
	}
	return nil
}

// rejectsChange is a freelancer rejecting work they accepted whose placement has changed since,
// in a way they have not acknowledged: they accepted other terms, so they may still say no.
func rejectsChange(cur State, side Side, to Status, actor Actor) bool {
	return cur.ChangeAwaiting && actor == ActorFreelancer && side == Supplier && cur.Supplier == Accepted && to == Rejected
}

func (s State) of(side Side) Status {
	if side == Client {
		return s.Client
	}
	return s.Supplier
}

// Side is the side an actor's plain Accept and Reject set: the supplier's for the freelancer,
// the client's for a manager.
func (a Actor) Side() Side {
	if a == ActorFreelancer {
		return Supplier
	}
	return Client
}

func label(s Status) string { return strings.ReplaceAll(string(s), "_", " ") }

// CancellationReasons are the preset reasons of spec part 2 §9; the last is the default.
var CancellationReasons = []string{
	"Supplier - Not Available",
	"Supplier - Failed to Find Substitute",
	"Client - Accidental Booking",
	"Client - Placement Not Needed",
	"Other",
}
