package notifications

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// The delivery worker's SQL for invitation_events, which organisations/invitations writes (in
// the transaction of the invitation) and this package delivers, as it does booking_events. An
// event carries everything its notification says, so delivery reads no invitations or
// entities table; only users and preferences, through readPeople.

// claimInvitationEvents locks up to limit undelivered invitation events created at or before
// cutoff, oldest first, as claimEvents does booking events: FOR UPDATE SKIP LOCKED on
// PostgreSQL, SQLite's one write transaction otherwise.
func claimInvitationEvents(ctx context.Context, tx *database.Tx, cutoff time.Time, limit int) ([]InvitationEvent, error) {
	q := `SELECT id, kind, invitation_id, entity_id, user_id, actor_user_id, payload_json, created_at
		FROM invitation_events WHERE delivered_at IS NULL AND created_at <= ? ORDER BY id LIMIT ?`
	if tx.Dialect() == database.Postgres {
		q += ` FOR UPDATE SKIP LOCKED`
	}
	var evs []InvitationEvent
	if err := tx.Select(ctx, &evs, q, cutoff.UTC(), limit); err != nil {
		return nil, fmt.Errorf("claim invitation events: %w", err)
	}
	return evs, nil
}

// anyInvitationDue reports, on a reader, whether an invitation event waits.
func anyInvitationDue(ctx context.Context, db *database.DB, cutoff time.Time) (bool, error) {
	var n int
	err := db.Get(ctx, &n, `SELECT COUNT(*) FROM (SELECT 1 FROM invitation_events WHERE delivered_at IS NULL
		AND created_at <= ? LIMIT 1) due`, cutoff.UTC())
	return n > 0, err
}

func markInvitationsDelivered(ctx context.Context, tx *database.Tx, ids []int64) error {
	marks, args := database.In(ids)
	_, err := tx.Exec(ctx, `UPDATE invitation_events SET delivered_at = ? WHERE id IN (`+marks+`)`,
		append([]any{tx.Now.UTC()}, args...)...)
	return err
}
