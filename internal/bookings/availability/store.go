package availability

import (
	"context"
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// CompletedInstructions counts, for the Freelancer Stats panel (people.Deps.CompletedInstructions),
// the user's live instructions accepted on both sides whose live placement ended in (since, now].
// The panel owns the window (notes.StatsWindow).
func CompletedInstructions(db *database.DB) func(ctx context.Context, userID int64, since, now time.Time) (int, error) {
	return func(ctx context.Context, userID int64, since, now time.Time) (int, error) {
		var completed int
		err := db.Get(ctx, &completed, `SELECT COUNT(*) FROM instructions i JOIN placements p ON p.id = i.placement_id
			WHERE i.user_id = ? AND i.deleted_at IS NULL AND p.deleted_at IS NULL
			AND i.supplier_status = ? AND i.client_status = ? AND p.end_at > ? AND p.end_at <= ?`,
			userID, string(status.Accepted), string(status.Accepted), since, now)
		return completed, err
	}
}
