package deadlines

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/periodic"
)

// Sweep is one timed rule of bookings: it acts on whatever has come due by db.Now() and answers
// how many it acted on. A sweep must be safe to run on several nodes at once (a conditional
// update decides who acts).
type Sweep func(ctx context.Context, db *database.DB) (int, error)

// Each acts on each due record of a sweep in turn, one answering whether it acted (false
// when the record is no longer due or another node took it first), and answers how many it acted
// on. It stops at the first error: the records after it are left to the next round.
func Each(ids []int64, one func(id int64) (bool, error)) (int, error) {
	n := 0
	for _, id := range ids {
		did, err := one(id)
		if err != nil {
			return n, err
		}
		if did {
			n++
		}
	}
	return n, nil
}

// DefaultSweeps are the deadlines of offers, in order: expire the offers whose answer-by time
// has passed, then remind of those coming due (an offer already expired needs no reminder).
func DefaultSweeps() []Sweep { return []Sweep{ExpireDue, RemindDue} }

// Deadlines is the background worker of bookings' timed rules: each round runs every sweep,
// every Interval and at once after Wake (the test clock wakes it after it moves).
type Deadlines struct {
	DB       *database.DB
	Interval time.Duration
	Logger   *slog.Logger
	// Sweeps run in order each round; other features' timed rules append theirs.
	Sweeps []Sweep

	wakeOnce sync.Once
	wake     chan struct{}
}

// Wake asks a running worker to sweep now instead of at its next interval; it never blocks.
func (d *Deadlines) Wake() {
	select {
	case d.wakeChan() <- struct{}{}:
	default: // a round is already pending
	}
}

func (d *Deadlines) wakeChan() chan struct{} {
	d.wakeOnce.Do(func() { d.wake = make(chan struct{}, 1) })
	return d.wake
}

// Run sweeps until ctx is done.
func (d *Deadlines) Run(ctx context.Context) {
	logger := d.Logger
	if logger == nil {
		logger = slog.Default()
	}
	periodic.Every(ctx, d.Interval, d.wakeChan(), logger, "deadline sweep", d.Round)
}

// Round runs every sweep once; one sweep's failure does not keep the others from running.
func (d *Deadlines) Round(ctx context.Context) error {
	var errs []error
	for i, sweep := range d.Sweeps {
		if _, err := sweep(ctx, d.DB); err != nil {
			errs = append(errs, fmt.Errorf("sweep %d: %w", i, err))
		}
	}
	return errors.Join(errs...)
}
