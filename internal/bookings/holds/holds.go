// Package holds confirms, releases and challenges pencils (holds): instructions of kind
// bookings.KindHold on a freelancer's time, ranked by when they were placed. A hold of a
// freelancer in one booking (one instruction per day) is confirmed, released and challenged as
// one; a challenge gives the holds above a deadline (the client's challenge time), after which
// ReleaseExpiredHolds, a sweep of the deadlines worker, releases them. Placing a hold is a grant
// (package bookings); its kind and rank are read with every instruction (bookings.HoldColumns).
// The rules and messages are here, the queries in store_holds.go, the operations in
// http_holds.go.
package holds

// Refusals of the hold operations, written once (bookings.MsgHoldStatus refuses answering one).
const (
	MsgNotAHold          = "This instruction is not a live hold."
	MsgOnlyFirstHold     = "Only the first hold can be confirmed: a higher hold exists on these days."
	MsgAlreadyFirstHold  = "This hold is already the first hold on every day: there is nobody to challenge."
	MsgChallengeOpen     = "A challenge of the higher hold is already open."
	MsgChallengeByClient = "Only a manager of the hold's department can challenge a higher hold."
)

// The cancellation reasons a released hold gets.
const (
	HoldReleasedReason = "Hold released"
	HoldExpiredReason  = "Hold released: not confirmed within the challenge time"
)

// The outcomes of a challenge (hold_challenges.outcome).
const (
	OutcomeConfirmed = "confirmed"
	OutcomeReleased  = "released"
	OutcomeExpired   = "expired"
	OutcomeWithdrawn = "withdrawn" // the challenger's own hold ended first
)
