package mail

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/periodic"
)

const (
	// batchSize is how many messages one claim leases.
	batchSize = 20
	// lease is how long a claimed message is hidden from other workers. A worker starts no send
	// after half of it has passed and bounds each send by the other half, so a message is never
	// in two workers' hands while both are healthy.
	lease = time.Minute
	// retryBase is the first step of the exponential back-off between attempts.
	retryBase = 10 * time.Second
	// maxRetryDelay caps the back-off when MaxAttempts is set very high.
	maxRetryDelay = 24 * time.Hour
	// writeTimeout bounds recording an outcome once the worker's context is cancelled.
	writeTimeout = 5 * time.Second
)

// Worker delivers the outbox's due messages through Sender. Run any number of them, in one
// process or many: each message is claimed by one worker at a time.
type Worker struct {
	DB          *database.DB
	Sender      Sender
	Logger      *slog.Logger  // nil means slog.Default()
	Interval    time.Duration // between polls; 0 means 1s
	MaxAttempts int           // attempts before a message is failed; 0 means 8
	// Host is the deployment's host name (HIVE_BASE_URL's), the domain part of every
	// Message-ID (MessageIDFor); empty means localhost.
	Host string

	wakeOnce sync.Once
	wake     chan struct{}
}

// Wake asks a running worker to deliver now instead of at its next poll; it never blocks.
func (w *Worker) Wake() {
	select {
	case w.wakeChan() <- struct{}{}:
	default: // a wake-up is already pending
	}
}

func (w *Worker) wakeChan() chan struct{} {
	w.wakeOnce.Do(func() { w.wake = make(chan struct{}, 1) })
	return w.wake
}

// Run delivers due messages every Interval, or at once after Wake, until ctx is done.
func (w *Worker) Run(ctx context.Context) {
	interval := w.Interval
	if interval <= 0 {
		interval = time.Second
	}
	periodic.Every(ctx, interval, w.wakeChan(), w.logger(), "mail delivery", func(ctx context.Context) error {
		_, err := w.DeliverDue(ctx)
		return err
	})
}

// DeliverDue claims due messages in batches, oldest first, and sends each one until a claim
// comes back short. It returns how many were sent; a send that fails is recorded for a later
// retry and is not an error, only a database failure is.
func (w *Worker) DeliverDue(ctx context.Context) (sent int, err error) {
	for ctx.Err() == nil {
		start := time.Now()
		batch, err := claimDue(ctx, w.DB, batchSize, lease)
		if err != nil {
			return sent, err
		}
		for i, c := range batch {
			if ctx.Err() != nil || time.Since(start) > lease/2 {
				return sent, w.releaseAll(ctx, batch[i:])
			}
			ok, err := w.deliver(ctx, c)
			if err != nil {
				return sent, err
			}
			if ok {
				sent++
			}
		}
		if len(batch) < batchSize {
			break
		}
	}
	return sent, nil
}

// deliver sends one claimed message and records the outcome; ok reports a successful send.
func (w *Worker) deliver(ctx context.Context, c claimed) (ok bool, err error) {
	log := w.logger().With("mailId", c.ID, "to", c.To, "attempt", c.Attempts)
	sendCtx, cancel := context.WithTimeout(ctx, lease/2)
	sendErr := w.Sender.Send(sendCtx, Message{To: c.To, Subject: c.Subject, Text: c.Text, HTML: c.HTML,
		MessageID: MessageIDFor(c.ID, c.CreatedAt.Unix(), w.Host)})
	cancel()

	// Record the outcome even when ctx was cancelled during the send.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
	defer cancel()
	var held bool
	if sendErr == nil {
		held, err = markSent(wctx, w.DB, c)
		log.InfoContext(ctx, "mail sent", "subject", c.Subject)
	} else {
		final := c.Attempts >= w.maxAttempts()
		held, err = markFailed(wctx, w.DB, c, sendErr, func(now time.Time) time.Time {
			if final {
				return time.Time{}
			}
			return now.Add(backoff(c.Attempts))
		})
		if final {
			log.ErrorContext(ctx, "mail failed, giving up", "err", sendErr)
		} else {
			log.WarnContext(ctx, "mail failed, will retry", "err", sendErr)
		}
	}
	if err == nil && !held {
		log.WarnContext(ctx, "mail lease expired before its outcome was recorded")
	}
	return sendErr == nil, err
}

// releaseAll hands back messages this worker claimed but will not try in the current round.
func (w *Worker) releaseAll(ctx context.Context, rest []claimed) error {
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
	defer cancel()
	var errs []error
	for _, c := range rest {
		if _, err := release(wctx, w.DB, c); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// backoff is the wait after the given number of failed attempts: 2^attempts × 10s, capped.
func backoff(attempts int) time.Duration {
	if attempts > 20 {
		return maxRetryDelay
	}
	return min(retryBase<<attempts, maxRetryDelay)
}

func (w *Worker) maxAttempts() int {
	if w.MaxAttempts <= 0 {
		return 8
	}
	return w.MaxAttempts
}

func (w *Worker) logger() *slog.Logger {
	if w.Logger == nil {
		return slog.Default()
	}
	return w.Logger
}
