// Package deadlines runs bookings' clock: the worker that sweeps what has come due (Deadlines),
// the offers whose answer-by time has passed (ExpireDue) or comes soon (RemindDue), and the
// manager's change of an answer-by time (PATCH /instruction/answer-by). The answer-by rule a
// grant checks is bookings.AnswerByWithin; a hold challenge's deadline is swept by package holds
// (holds.ReleaseExpiredHolds, a Sweep internal/app appends). The rules are here, the queries in
// store_*.go, the operation in http_answerby.go.
package deadlines

import (
	"errors"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
)

// expiresAt reports whether instruction r is an offer still awaiting the freelancer's answer
// whose answer-by time has come at now.
func expiresAt(r bookings.InstructionRow, now time.Time) bool {
	return r.AnswerBy != nil && !r.AnswerBy.After(now) && r.State().Live() &&
		status.Status(r.SupplierStatus) == status.Awaiting
}

// lostRace reports a refusal that means another transaction changed the row first: a stale
// version or a state no longer allowing the change.
func lostRace(err error) bool {
	var ae *apperror.Error
	return errors.As(err, &ae) && ae.Kind == apperror.KindConflict
}
