package accounts

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// Exported helpers for the people/profile feature (assisted account creation and the history
// of profile edits), which must not reach into this package's unexported internals.

// CreateUser inserts u inside tx (ID, timestamps and version are set) and records it in the
// history; a taken address is a 409.
func CreateUser(ctx context.Context, tx *database.Tx, u *User) error { return createUser(ctx, tx, u) }

// FindUser reads one account inside tx; not found is a 404.
func FindUser(ctx context.Context, tx *database.Tx, id int64) (User, error) {
	return findUser(ctx, tx, id)
}
