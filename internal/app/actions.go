package app

import (
	"context"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/organisations/invitations"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/timesheets"
)

// actionCountsSQL reads whoami's three counts of what awaits the user, each written by the feature
// that owns its table, in one statement: whoami is on every page, and on PostgreSQL each
// statement is a round trip. Its arguments: the user, now (for the offers), the user again
// (invitations), the user four times (timesheets).
var actionCountsSQL = `SELECT (` + bookings.AwaitingAnswerCountSQL + `) AS offers, (` +
	invitations.PendingCountSQL + `) AS invitations, (` + timesheets.ActionsCountSQL + `) AS timesheets`

// actionCounter is accounts.Service.CountActions on db.
func actionCounter(db *database.DB) func(ctx context.Context, userID int64) (accounts.ActionCounts, error) {
	return func(ctx context.Context, userID int64) (accounts.ActionCounts, error) {
		var n accounts.ActionCounts
		err := db.Get(ctx, &n, actionCountsSQL, userID, db.Now(), userID, userID, userID, userID, userID)
		return n, err
	}
}
