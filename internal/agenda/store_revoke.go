package agenda

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// RevokeFeedIn deletes the user's calendar feed inside tx. Accounts calls it (wired in app.go,
// since agenda imports accounts) when a password is reset, set or changed: the feed's address
// is a credential that must not outlive the password.
func RevokeFeedIn(ctx context.Context, tx *database.Tx, user int64) error {
	_, err := tx.Exec(ctx, `DELETE FROM calendar_feeds WHERE user_id = ?`, user)
	return err
}
