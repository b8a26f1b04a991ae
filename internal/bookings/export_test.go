package bookings

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// AdvanceWaterfall runs advance on waterfall id in a transaction of its own, as each node's
// answer or expiry does: the race tests run several at once.
func AdvanceWaterfall(ctx context.Context, db *database.DB, id int64) error {
	return db.InTx(ctx, func(tx *database.Tx) error { return advance(ctx, tx, id) })
}
