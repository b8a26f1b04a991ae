package bookings

import (
	"context"
	"time"

	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// refusedCommitment is the core's entry to the commitment rule (package commitment) for giving
// a freelancer's time [start, end) to accepted instruction except (an accept, a hold confirmed):
// the reason it is refused, or "" when it may go ahead. The instruction's booking's entity sets
// the working-time limits. The caller holds the freelancer's lock (lockUser), so two commitments
// of one freelancer take turns. The reason names the work in the way only to a reader who may
// see it (commitment.NameJobs).
func refusedCommitment(ctx context.Context, tx *database.Tx, user, except int64, start, end time.Time) (string, error) {
	reason, _, err := commitment.Refusal(ctx, tx, commitment.Question{Ask: commitment.Accept, User: user,
		Except: except, Start: start, End: end})
	return reason, err
}

// askOf is what an instruction of kind starting in state initial asks of its freelancer's time:
// a pencil takes none, an offer awaits their answer, one that starts accepted (a pre-confirmed
// or direct booking) commits it.
func askOf(kind string, initial status.State) commitment.Ask {
	switch {
	case kind == KindHold:
		return commitment.Pencil
	case initial.Supplier == status.Accepted:
		return commitment.Accept
	}
	return commitment.Offer
}

// rulesOfBooking is the booking rules of the client entity whose department holds booking
// (commitment.RulesOfBooking); the holds' challenges and the answer-by reminders read it.
func rulesOfBooking(ctx context.Context, q database.Reader, booking int64) (bookingrules.Rules, error) {
	return commitment.RulesOfBooking(ctx, q, booking)
}

// holdsTime is the SQL rule for a live instruction that holds its freelancer's time
// (commitment.HoldsTime) on the instructions aliased a.
func holdsTime(a string) string { return commitment.HoldsTime(a) }
