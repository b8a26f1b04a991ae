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

// RunAfters runs the second parts BeforePlacementWrite answered, in order.
func RunAfters(afters []func() error) error {
	for _, after := range afters {
		if err := after(); err != nil {
			return err
		}
	}
	return nil
}
