// Package ratelimit counts hits per key in fixed windows kept in the database, so the limits
// hold across every hive node behind a load balancer.
package ratelimit

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Rule allows Limit hits per Window.
type Rule struct {
	Limit  int
	Window time.Duration
}

// Hit counts one hit on key under rule inside tx and returns a 503 S-503 error with
// Retry-After when the key is over its limit for the current window.
func Hit(ctx context.Context, tx *database.Tx, key string, rule Rule) error {
	window := tx.Now.Truncate(rule.Window)
	var hits int
	err := tx.Get(ctx, &hits, `
		INSERT INTO rate_limits (key, window_start, hits) VALUES (?, ?, 1)
		ON CONFLICT (key) DO UPDATE SET
			hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + 1 ELSE 1 END,
			window_start = excluded.window_start
		RETURNING hits`, key, window)
	if err != nil {
		return err
	}
	if hits > rule.Limit {
		retry := int(window.Add(rule.Window).Sub(tx.Now).Seconds()) + 1
		return &apperror.Error{Kind: apperror.KindTooMany, Code: apperror.CodeTooManyRequests,
			Message: "Too many requests. Slow down, and try again in a bit.", RetryAfter: retry}
	}
	return nil
}

// Purge deletes windows that ended before now, so the table stays small.
func Purge(ctx context.Context, db *database.DB, olderThan time.Duration) error {
	return db.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM rate_limits WHERE window_start < ?`, tx.Now.Add(-olderThan))
		return err
	})
}
