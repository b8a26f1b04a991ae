package departments

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// ChangeHook is another feature's part in every update of a department, in the update's
// transaction: called before the row is written, it reads what it needs and answers what to do
// once it is written (nil: nothing). Bookings' acknowledge package marks the accepted work whose
// department's address changed; departments know nothing of bookings.
type ChangeHook func(ctx context.Context, tx *database.Tx, department int64) (after func() error, err error)

var changeHooks []ChangeHook

// AfterChange registers hook with every department update; a feature registers from its
// package's init, so no request races the registration.
func AfterChange(hook ChangeHook) { changeHooks = append(changeHooks, hook) }

// beforeChange runs every hook's first part on department and answers their second parts.
func beforeChange(ctx context.Context, tx *database.Tx, department int64) ([]func() error, error) {
	var afters []func() error
	for _, hook := range changeHooks {
		after, err := hook(ctx, tx, department)
		if err != nil {
			return nil, err
		}
		if after != nil {
			afters = append(afters, after)
		}
	}
	return afters, nil
}
