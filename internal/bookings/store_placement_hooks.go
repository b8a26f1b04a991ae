package bookings

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// PlacementHook is a sub-feature's part in every change of placements' details, in the change's
// transaction: called with the placements before they are written, it reads what it needs and
// answers what to do once the change is written (nil: nothing). Package amend runs them. Package acknowledge marks the
// accepted instructions whose placement changed materially.
type PlacementHook func(ctx context.Context, tx *database.Tx, placements []int64) (after func() error, err error)

// placementHooks are the registered hooks, in the order they registered.
var placementHooks []PlacementHook

// AfterPlacementChange registers hook with every amendment of a placement's details. A
// sub-feature registers from its package's init, as with AfterStatusChange.
func AfterPlacementChange(hook PlacementHook) { placementHooks = append(placementHooks, hook) }

// BeforePlacementWrite runs every hook's first part on placements and answers their second parts.
func BeforePlacementWrite(ctx context.Context, tx *database.Tx, placements []int64) ([]func() error, error) {
	var afters []func() error
	for _, hook := range placementHooks {
		after, err := hook(ctx, tx, placements)
		if err != nil {
			return nil, err
		}
		if after != nil {
			afters = append(afters, after)
		}
	}
	return afters, nil
}

// BookingHook is a sub-feature's part in every change of a booking's own fields (its title,
// reference and flags), in the change's transaction, as PlacementHook is for placements: called
// before the booking is written, it answers what to do once it is (nil: nothing). Package
// calendarsync rewrites the events named after the booking's title.
type BookingHook func(ctx context.Context, tx *database.Tx, booking int64) (after func() error, err error)

// bookingHooks are the registered hooks, in the order they registered.
var bookingHooks []BookingHook

// AfterBookingChange registers hook with every change of a booking's fields.
func AfterBookingChange(hook BookingHook) { bookingHooks = append(bookingHooks, hook) }

// BeforeBookingWrite runs every booking hook's first part and answers their second parts.
func BeforeBookingWrite(ctx context.Context, tx *database.Tx, booking int64) ([]func() error, error) {
	var afters []func() error
	for _, hook := range bookingHooks {
		after, err := hook(ctx, tx, booking)
		if err != nil {
			return nil, err
		}
		if after != nil {
			afters = append(afters, after)
		}
	}
	return afters, nil
}

// RunAfters runs the second parts BeforePlacementWrite or BeforeBookingWrite answered, in order.
func RunAfters(afters []func() error) error {
	for _, after := range afters {
		if err := after(); err != nil {
			return err
		}
	}
	return nil
}
