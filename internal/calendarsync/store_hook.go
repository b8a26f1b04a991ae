package calendarsync

import (
	"context"
	"sync"
	"time"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

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

// AfterStatusChange is what an instruction's status write runs in its transaction (internal/app
// registers it with bookings' kernel, which this package does not import: the commitment rule
// and available suppliers read this package): it makes the freelancer's connection due, so an
// accepted offer reaches the write calendar, and a rejected or cancelled one leaves it, at once.
func AfterStatusChange(ctx context.Context, tx *database.Tx, user int64) (func() error, error) {
	return func() error { return markDue(ctx, tx, []int64{user}) }, nil
}

// AfterPlacementChange is what an amendment of placements' details (a move or a new title) runs
// in its transaction (internal/app registers it with bookings' placement hooks): it makes the
// connections of the freelancers with an instruction of those placements due, so the events
// written for them move or are renamed at once.
func AfterPlacementChange(ctx context.Context, tx *database.Tx, placements []int64) (func() error, error) {
	users, err := reads.PlacementFreelancers(ctx, tx, placements)
	if err != nil || len(users) == 0 {
		return nil, err
	}
	return func() error { return markDue(ctx, tx, users) }, nil
}

// AfterBookingChange is what a change of a booking's fields runs in its transaction (internal/app
// registers it with bookings' booking hooks): the events written for its work are named after
// the booking's title, so the connections of the freelancers with an instruction on it are made
// due and the events renamed at once.
func AfterBookingChange(ctx context.Context, tx *database.Tx, booking int64) (func() error, error) {
	users, err := reads.BookingFreelancers(ctx, tx, booking)
	if err != nil || len(users) == 0 {
		return nil, err
	}
	return func() error { return markDue(ctx, tx, users) }, nil
}

// markDue makes users' connections due now and, when one was not, wakes this process's workers.
func markDue(ctx context.Context, tx *database.Tx, users []int64) error {
	woke := false
	for _, user := range users {
		due, err := markUserDue(ctx, tx, user)
		if err != nil {
			return err
		}
		woke = woke || due
	}
	if !woke {
		return nil
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
}
