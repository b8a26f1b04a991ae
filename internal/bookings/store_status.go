package bookings

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// SetStatuses applies every item or none. The actor of each item is the instruction's own
// freelancer or a manager of its booking's department (administrators included).
func (s *Store) SetStatuses(ctx context.Context, p *auth.Principal, items []StatusChange) (int, error) {
	return AllOrNone(ctx, s.DB, items,
		func(i int, it StatusChange) string { return fmt.Sprintf("Instruction %d (item %d)", it.ID, i+1) },
		func(tx *database.Tx, it StatusChange) error { return applyStatus(ctx, tx, p, it) })
}

func applyStatus(ctx context.Context, tx *database.Tx, p *auth.Principal, it StatusChange) error {
	c, err := it.change()
	if err != nil {
		return err
	}
	t, err := StatusTarget(ctx, tx, it.ID)
	if err != nil {
		return err
	}
	actor, err := ActorFor(p, t)
	if err != nil {
		return err
	}
	if it.Version != 0 && it.Version != t.Version {
		return apperror.Conflict(MsgInstructionStale)
	}
	if err := RefusedStatusChange(t.Kind); err != nil {
		return err
	}
	return ChangeStatus(ctx, tx, t, c, actor)
}

// MsgInstructionStale refuses a change of an instruction changed since it was read.
const MsgInstructionStale = "This instruction was changed by someone else. Reload and try again."
