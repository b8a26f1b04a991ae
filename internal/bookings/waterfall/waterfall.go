// Package waterfall offers a booking's placements in turn to a ranked list of freelancers (an
// offer waterfall, "offer in turn" to people). At most OpenAtOnce offers are open, never more
// than the places still to fill, each for OfferLifetime; a decline, an expiry or a withdrawal
// frees its place and the next pending candidate gets the offer in the same transaction
// (store_waterfall.go advance).
// The rules that need no database are here, the queries in store_*.go, the operations in
// http_waterfall.go. It registers with every status write of an instruction
// (bookings.AfterStatusChange), so an answer moves its waterfall in the same transaction.
package waterfall

import (
	"fmt"
	"slices"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
)

// Waterfall states. A waterfall is called an "offer in turn" wherever a person reads it (the
// dialog, the booking page, mails); "waterfall" stays the name of the code, the tables and the
// API's paths and fields.
const (
	WaterfallRunning = "running"
	WaterfallPaused  = "paused"
	// WaterfallStopped is final: the manager stopped offering, or every placement it offers was
	// cancelled, so nothing is left to fill.
	WaterfallStopped = "stopped"
	// WaterfallDone: every place is filled and no offer is open. A place freed later (an accepted
	// offer cancelled) runs it again.
	WaterfallDone = "done"
	// WaterfallRanOut: nobody is left to offer to and no offer is open, with places still to
	// fill. Candidates added run it again.
	WaterfallRanOut = "ran_out"
)

// Candidate states. Skipped is a candidate passed over (not hireable or instructed already when
// their turn came) or whose offer the client withdrew (the waterfall stopped, a manager cancelled).
const (
	CandidatePending  = "pending"
	CandidateOffered  = "offered"
	CandidateAccepted = "accepted"
	CandidateDeclined = "declined"
	CandidateExpired  = "expired"
	CandidateSkipped  = "skipped"
)

// The waterfall's refusals, written once; each calls it an offer in turn, as people know it.
const (
	MsgWaterfallPlaces       = "Places to fill must be at least 1."
	MsgWaterfallTooFew       = "Places to fill cannot be more than the freelancers listed."
	MsgWaterfallOpenAtOnce   = "Offers open at once must be at least 1."
	MsgWaterfallLifetime     = "An offer must stay open between 15 minutes and 14 days."
	MsgWaterfallNoCandidates = "List at least one freelancer to offer to."
	MsgWaterfallListedTwice  = "Each freelancer may be listed once."
	MsgWaterfallAnswered     = "Offers in turn are for bookings whose freelancers answer: this booking's instructions start accepted."
	MsgWaterfallStale        = "This offer in turn was changed by someone else. Reload and try again."
	MsgWaterfallFinished     = "This offer in turn was stopped; start a new one to offer again."
	// MsgWaterfallEnded refuses pausing, resuming or stopping an offer in turn that has nothing
	// left to offer: filled, or ran out (which takes more candidates instead).
	MsgWaterfallEnded  = "This offer in turn has finished: there is no offer to pause or stop."
	MsgWaterfallAction = "This offer in turn cannot do that now."
	MsgWaterfallListed = "Each freelancer may be listed once: some are on this offer in turn already."
	MsgWaterfallOrder  = "List every freelancer still waiting for an offer, each once."
	// MsgWaterfallWithdrawn is the cancellation reason of the offers a stopped waterfall withdraws.
	MsgWaterfallWithdrawn = "Offer withdrawn: the offer in turn was stopped"
	// MsgWaterfallTurnEnded is the cancellation reason of the rest of an offer of several
	// placements when one of them was declined, expired or withdrawn.
	MsgWaterfallTurnEnded = "Offer withdrawn: another placement of this offer was declined or expired"
)

// waterfallNoun is what a missing waterfall is called in its 404, "Offer in turn not found".
const waterfallNoun = "Offer in turn"

// The bounds of an offer's lifetime: long enough to answer, short enough that a list moves.
const (
	minOfferLifetime = 15 * time.Minute
	maxOfferLifetime = 14 * 24 * time.Hour
)

// NewWaterfall is a waterfall to start: the placements every offer covers, the freelancers in rank
// order and the limits.
type NewWaterfall struct {
	PlacementIDs         []int64 `json:"placementIds"`
	UserIDs              []int64 `json:"userIds"`
	Places               int     `json:"places"`
	OpenAtOnce           int     `json:"openAtOnce"`
	OfferLifetimeMinutes int     `json:"offerLifetimeMinutes"`
}

// check refuses limits and lists a waterfall cannot run with; hireability is the store's.
func (w NewWaterfall) check(b bookings.BookingRow) error {
	switch {
	case status.Initial(status.BookingType(b.Type), b.Direct).Supplier != status.Awaiting:
		return apperror.Field("placementIds", MsgWaterfallAnswered)
	case len(w.UserIDs) == 0:
		return apperror.Field("userIds", MsgWaterfallNoCandidates)
	case len(slices.Compact(slices.Sorted(slices.Values(w.UserIDs)))) != len(w.UserIDs):
		return apperror.Field("userIds", MsgWaterfallListedTwice)
	case w.Places < 1:
		return apperror.Field("places", MsgWaterfallPlaces)
	case w.Places > len(w.UserIDs):
		return apperror.Field("places", MsgWaterfallTooFew)
	case w.OpenAtOnce < 1:
		return apperror.Field("openAtOnce", MsgWaterfallOpenAtOnce)
	}
	lifetime := time.Duration(w.OfferLifetimeMinutes) * time.Minute
	if lifetime < minOfferLifetime || lifetime > maxOfferLifetime {
		return apperror.Field("offerLifetimeMinutes", MsgWaterfallLifetime)
	}
	return nil
}

// Waterfall actions.
const (
	ActionPause  = "pause"
	ActionResume = "resume"
	ActionStop   = "stop"
)

// nextState is the state action moves a waterfall in state from to. Only a waterfall that may
// still offer is paused or stopped: a stopped one is final, and a filled or ran-out one has no
// offer to hold back (a ran-out one takes more candidates instead, AddCandidates).
func nextState(from, action string) (string, error) {
	switch {
	case from == WaterfallStopped:
		return "", apperror.Conflict(MsgWaterfallFinished)
	case from == WaterfallDone || from == WaterfallRanOut:
		return "", apperror.Conflict(MsgWaterfallEnded)
	case action == ActionStop:
		return WaterfallStopped, nil
	case action == ActionPause && from == WaterfallRunning:
		return WaterfallPaused, nil
	case action == ActionResume && from == WaterfallPaused:
		return WaterfallRunning, nil
	}
	return "", apperror.Conflict(MsgWaterfallAction)
}

// actionsIn are the actions nextState allows from state, for the view: the web shows exactly
// these buttons.
func actionsIn(state string) []string {
	out := []string{}
	for _, a := range []string{ActionPause, ActionResume, ActionStop} {
		if _, err := nextState(state, a); err == nil {
			out = append(out, a)
		}
	}
	return out
}

// takesCandidates reports whether a waterfall in state may be given more candidates or a new
// order: any but a stopped one.
func takesCandidates(state string) bool { return state != WaterfallStopped }

// settledState is where a waterfall that advanced stands, given its places, how many of its
// placements are live and its candidates by state: stopped when no placement is left to fill;
// running while an offer is open or someone waits for one with places to fill; otherwise done
// when every place is filled, ran out when not.
func settledState(places, livePlacements int, count map[string]int) string {
	switch {
	case livePlacements == 0:
		return WaterfallStopped
	case count[CandidateOffered] > 0:
		return WaterfallRunning
	case count[CandidateAccepted] >= places:
		return WaterfallDone
	case count[CandidatePending] == 0:
		return WaterfallRanOut
	}
	return WaterfallRunning
}

// filledOf is how a finished waterfall's result reads, "0 of 1 filled": in its notifications,
// as the booking page's panel says it.
func filledOf(filled, places int) string { return fmt.Sprintf("%d of %d filled", filled, places) }

// offerPart is one instruction of a candidate's offer, as the candidate's state reads it.
type offerPart struct {
	Supplier status.Status `db:"supplier_status"`
	Client   status.Status `db:"client_status"`
	Reason   string        `db:"cancellation_reason"`
}

// candidateState is where a candidate stands given the instructions of their offer (one per live
// placement of the waterfall) and their state before. A refusal or expiry of any part ends their
// turn; they have accepted when every part is accepted. A supplier side cancelled is a
// substitution: someone took their place, so the place stays filled. No part left (every
// placement cancelled) ends the offer as withdrawn.
func candidateState(parts []offerPart) string {
	if len(parts) == 0 {
		return CandidateSkipped
	}
	accepted := 0
	for _, p := range parts {
		switch {
		case p.Supplier == status.Rejected || p.Client == status.Rejected:
			return CandidateDeclined
		case p.Supplier == status.Cancelled:
			return CandidateAccepted
		case p.Client == status.Cancelled && p.Reason == bookings.ReasonOfferExpired:
			return CandidateExpired
		case p.Client == status.Cancelled:
			return CandidateSkipped
		case p.Supplier == status.Accepted:
			accepted++
		}
	}
	if accepted == len(parts) {
		return CandidateAccepted
	}
	return CandidateOffered
}

// toOffer is how many more offers a waterfall may open: at most openAtOnce open, and never more
// open than places still to fill, so a filled waterfall has no offer left open.
func toOffer(places, openAtOnce, accepted, open int) int {
	return max(0, min(openAtOnce, places-accepted)-open)
}

// answerByFor is when an offer made at now must be answered: after its lifetime, but no later
// than the first placement starts (the answer-by rule, bookings.AnswerByWithin), unless that start has
// passed already.
func answerByFor(now time.Time, lifetime time.Duration, placements []bookings.GrantPlacement) time.Time {
	by := now.Add(lifetime)
	for _, p := range placements {
		if p.StartAt.After(now) && p.StartAt.Before(by) {
			by = p.StartAt
		}
	}
	return by
}
