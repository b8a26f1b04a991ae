package bookings

import (
	"context"
	"errors"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// sweepBatch bounds one sweep's work; the next round takes the rest.
const sweepBatch = 500

// ExpireDue cancels, on the client side with ReasonOfferExpired, every offer whose answer-by
// time has come while the freelancer has not answered, each in its own transaction through the
// status machine's write path (changeStatus, as a manager's cancellation but with no principal),
// so it is audited, emits instruction.status and runs whatever that path runs. With several
// nodes sweeping at once, the version check of the write lets one win; the others skip the
// offer quietly. It answers how many offers this call expired.
func ExpireDue(ctx context.Context, db *database.DB) (int, error) {
	var ids []int64
	if err := db.Select(ctx, &ids, `SELECT i.id FROM instructions i JOIN placements p ON p.id = i.placement_id
		WHERE i.answer_by IS NOT NULL AND i.supplier_status = 'awaiting_response' AND i.deleted_at IS NULL
		AND i.answer_by <= ? AND i.client_status NOT IN ('cancelled', 'rejected') AND p.deleted_at IS NULL
		ORDER BY i.answer_by, i.id LIMIT ?`, db.Now(), sweepBatch); err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		expired, err := expireOne(ctx, db, id)
		if err != nil {
			return n, err
		}
		if expired {
			n++
		}
	}
	return n, nil
}

// expireOne expires instruction id if it is still due when its transaction reads it; false
// when it is not (answered or cancelled meanwhile) or another node expired it first.
func expireOne(ctx context.Context, db *database.DB, id int64) (bool, error) {
	expired := false
	err := db.InTx(ctx, func(tx *database.Tx) error {
		t, err := readStatusTarget(ctx, tx, id)
		if err != nil || !t.expiresAt(tx.Now) {
			return err
		}
		expired = true
		return changeStatus(ctx, tx, t, status.Change{Side: status.Client, To: status.Cancelled,
			Reason: ReasonOfferExpired}, status.ActorManager)
	})
	if lostRace(err) {
		return false, nil
	}
	return expired && err == nil, err
}

// lostRace reports a refusal that means another transaction changed the row first: a stale
// version or a state no longer allowing the change.
func lostRace(err error) bool {
	var ae *apperror.Error
	return errors.As(err, &ae) && ae.Kind == apperror.KindConflict
}
