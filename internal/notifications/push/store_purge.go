package push

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// keepSent is how long a push sent or given up stays in the outbox, without its payload, for
// reading what happened.
const keepSent = 7 * 24 * time.Hour

// PurgeExpired forgets what is no longer needed: spent answer tokens past their expiry (they no
// longer verify, so their record guards nothing) and pushes sent or given up over a week ago.
// The server's housekeeping runs it hourly.
func PurgeExpired(ctx context.Context, db *database.DB) error {
	err := db.InTx(ctx, func(tx *database.Tx) error {
		now := tx.Now.UTC()
		if _, err := tx.Exec(ctx, `DELETE FROM push_action_uses WHERE expires_at < ?`, now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM push_outbox WHERE status <> ? AND created_at < ?`, statusPending,
			now.Add(-keepSent))
		return err
	})
	if err != nil {
		return fmt.Errorf("purge pushes: %w", err)
	}
	return nil
}
