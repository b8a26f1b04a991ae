package push

import (
	"context"
	"fmt"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/hive/hive/internal/platform/database"
)

// Keys are the deployment's VAPID key pair, base64url: the public key is the browsers'
// applicationServerKey, the private key signs every push's VAPID token.
type Keys struct{ Public, Private string }

// EnsureKeys returns the key pair from the settings (HIVE_VAPID_PUBLIC_KEY and
// HIVE_VAPID_PRIVATE_KEY) when both are set; otherwise the pair stored in the database, made
// and stored by the first node to start. Two nodes starting at once both try to store theirs;
// the first insert wins and both read it, so every node signs with one pair and the browsers'
// subscriptions stay valid.
func EnsureKeys(ctx context.Context, db *database.DB, settings Keys) (Keys, error) {
	if settings.Public != "" && settings.Private != "" {
		return settings, nil
	}
	var k Keys
	read := func() (bool, error) {
		var rows []struct {
			Public  string `db:"public_key"`
			Private string `db:"private_key"`
		}
		if err := db.Select(ctx, &rows, `SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`); err != nil {
			return false, fmt.Errorf("read VAPID keys: %w", err)
		}
		if len(rows) == 0 {
			return false, nil
		}
		k = Keys{Public: rows[0].Public, Private: rows[0].Private}
		return true, nil
	}
	if found, err := read(); err != nil || found {
		return k, err
	}
	private, public, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return Keys{}, fmt.Errorf("make VAPID keys: %w", err)
	}
	err = db.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO push_vapid_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?)
			ON CONFLICT (id) DO NOTHING`, public, private, tx.Now.UTC())
		return err
	})
	if err != nil {
		return Keys{}, fmt.Errorf("store VAPID keys: %w", err)
	}
	if found, err := read(); err != nil || !found {
		return k, fmt.Errorf("VAPID keys not stored: %w", err)
	}
	return k, nil
}
