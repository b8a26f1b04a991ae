package bookings

import (
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
)

// An answer-by time is when an offer the freelancer has not answered expires: the deadlines
// worker (package deadlines) cancels it on the client side with ReasonOfferExpired, after
// reminding the freelancer the client's reminder lead before (bookingrules). A grant sets it,
// so its rule is here.

// The answer-by refusals, for the grant and for PATCH /instruction/answer-by.
const (
	MsgAnswerByPast        = "The answer-by time must be in the future."
	MsgAnswerByAfterStart  = "The answer-by time must not be after the placement starts."
	MsgAnswerByNotAwaiting = "An answer-by time is only for offers the freelancer has yet to answer."
)

// ReasonOfferExpired is the cancellation reason of an offer unanswered at its answer-by time.
const ReasonOfferExpired = "Offer expired"

// checkAnswerBy refuses answerBy (nil: none, always fine) unless it is after now, no later than
// every start, and the instructions it is for start awaiting the freelancer's answer.
func checkAnswerBy(answerBy *time.Time, now time.Time, initial status.State, ps []GrantPlacement) error {
	if answerBy == nil {
		return nil
	}
	if initial.Supplier != status.Awaiting {
		return apperror.Field("answerBy", MsgAnswerByNotAwaiting)
	}
	for _, p := range ps {
		if err := AnswerByWithin(*answerBy, now, p.StartAt); err != nil {
			return err
		}
	}
	return nil
}

// AnswerByWithin refuses an answer-by time not after now or after the placement's start.
func AnswerByWithin(answerBy, now, start time.Time) error {
	if !answerBy.After(now) {
		return apperror.Field("answerBy", MsgAnswerByPast)
	}
	if answerBy.After(start) {
		return apperror.Field("answerBy", MsgAnswerByAfterStart)
	}
	return nil
}
