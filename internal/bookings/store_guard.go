package bookings

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// refusedCommitment is the one rule for giving a freelancer's time [start, end) to an accepted
// instruction (an accept, a grant that starts accepted, a hold confirmed): the reason it is
// refused, or "" when it may go ahead. except is the instruction being accepted, left out of
// the freelancer's other work. The caller holds the freelancer's lock (lockUser), so two
// commitments of one freelancer take turns.
func refusedCommitment(ctx context.Context, tx *database.Tx, user, except int64, start, end time.Time) (string, error) {
	clash, err := overlaps(ctx, tx, user, except, start, end)
	if err != nil || !clash {
		return "", err
	}
	return MsgOverlap, nil
}
