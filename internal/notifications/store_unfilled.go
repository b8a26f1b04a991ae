package notifications

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// UnfilledWindow is how soon before its start an unfilled placement is told to its managers
// ('Unfilled within 24 hours').
const UnfilledWindow = 24 * time.Hour

// kindUnfilled marks the events delivery makes itself for unfilled placements: no write
// happens when a placement's start comes near, so no domain event says so.
const kindUnfilled events.Kind = "notifications.placement_unfilled"

// candidate is a live placement starting within the window whose managers were not told yet.
type candidate = reads.StartingPlacement

// unfilled returns the placements starting in (now, now+UnfilledWindow] that are not filled,
// by bookings.Critical's rule (no instruction accepted on both sides), and whose managers were
// not told yet. It reads on q, a reader or the delivery's transaction.
func unfilled(ctx context.Context, q database.Reader, now time.Time) ([]candidate, error) {
	notTold := `NOT EXISTS (SELECT 1 FROM notifications n
			WHERE n.type = '` + ClientUnfilled + `' AND n.placement_id = p.id)`
	cs, err := reads.PlacementsStarting(ctx, q, now.UTC(), now.Add(UnfilledWindow).UTC(), notTold, 500)
	if err != nil {
		return nil, fmt.Errorf("placements starting soon: %w", err)
	}
	if len(cs) == 0 {
		return nil, nil
	}
	ids := make([]int64, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	states, err := reads.InstructionStates(ctx, q, ids)
	if err != nil {
		return nil, fmt.Errorf("instructions of placements starting soon: %w", err)
	}
	var out []candidate
	for _, c := range cs {
		if critical, _ := bookings.Critical(now, c.StartAt, states[c.ID]); critical {
			out = append(out, c)
		}
	}
	return out, nil
}

// tellUnfilled tells the managers of each unfilled placement starting within UnfilledWindow,
// once per placement and manager (the unique index notifications_unfilled keeps two workers
// from both telling), in transactions of about the worker's MaxDeliveries notifications.
func (w *Worker) tellUnfilled(ctx context.Context) (Round, error) {
	now := w.DB.Now()
	// Look on a reader first, so a poll with nothing to tell takes no write lock.
	if cs, err := unfilled(ctx, w.DB, now); err != nil || len(cs) == 0 {
		return Round{}, err
	}
	var total Round
	for more := true; more && ctx.Err() == nil; {
		var r Round
		err := w.DB.InTx(ctx, func(tx *database.Tx) error {
			cs, err := unfilled(ctx, tx, now)
			if err != nil || len(cs) == 0 {
				r, more = Round{}, false
				return err
			}
			evs := make([]Event, len(cs))
			for i, c := range cs {
				evs[i] = Event{Kind: string(kindUnfilled), BookingID: c.BookingID, PlacementID: &cs[i].ID, CreatedAt: now}
			}
			var told []Event
			r, told, err = w.tell(ctx, tx, evs)
			// Placements left for the next transaction, if this one told anybody (one whose
			// managers have all gone would be read again and again).
			more = len(told) < len(evs) && r.Notifications > 0
			return err
		})
		if err != nil {
			return total, fmt.Errorf("tell unfilled placements: %w", err)
		}
		total.Events, total.Notifications, total.Mails = total.Events+r.Events, total.Notifications+r.Notifications, total.Mails+r.Mails
	}
	return total, nil
}
