package calendarsync

import (
	"context"
	"sync"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/database"
)

// An instruction's status write makes its freelancer's connection due, so an accepted offer
// reaches the write calendar, and a rejected or cancelled one leaves it, at the next poll.
func init() { bookings.AfterStatusChange(statusHook) }

// wakers are the workers of this process, woken after a status write made a connection due.
var (
	wakersMu sync.Mutex
	wakers   []func()
)

func addWaker(wake func()) {
	wakersMu.Lock()
	defer wakersMu.Unlock()
	wakers = append(wakers, wake)
}

func statusHook(ctx context.Context, tx *database.Tx, t bookings.Target) (func() error, error) {
	return func() error {
		due, err := markUserDue(ctx, tx, t.UserID)
		if err != nil || !due {
			return err
		}
		// The write commits after its hooks: wake a moment later; a wake that comes too soon
		// finds nothing due, and the next poll syncs it.
		time.AfterFunc(500*time.Millisecond, func() {
			wakersMu.Lock()
			defer wakersMu.Unlock()
			for _, w := range wakers {
				w()
			}
		})
		return nil
	}, nil
}
