// Package periodic is the loop of Hive's background jobs (mail delivery, notification
// delivery, housekeeping): a round now, then one every interval, until the context ends.
package periodic

import (
	"context"
	"log/slog"
	"time"
)

// Every runs round now, then every interval and at once on each receive from wake (nil: never),
// until ctx is done. A round's error is logged as msg, unless ctx has ended meanwhile (a
// shutdown is not a failure).
func Every(ctx context.Context, interval time.Duration, wake <-chan struct{}, logger *slog.Logger, msg string,
	round func(context.Context) error) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := round(ctx); err != nil && ctx.Err() == nil {
			logger.ErrorContext(ctx, msg, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-wake:
		}
	}
}
