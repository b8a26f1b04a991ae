// Package people holds what the people features share. Each area lives in a sub-package:
// directory (All Users), profile (create and edit users), notes (internal notes, bookmarks,
// follows, freelancer stats), files (profile images and documents).
package people

import (
	"context"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/feature"
)

// Deps is what the people features need from the application: what every feature gets, and the
// accounts service.
type Deps struct {
	feature.Deps
	Accounts *accounts.Service
	// CompletedInstructions counts a freelancer's instructions completed in (since, now] for the
	// Freelancer Stats panel; the bookings feature provides it. Nil counts zero.
	CompletedInstructions func(ctx context.Context, userID int64, since, now time.Time) (int, error)
}
