package acknowledge

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Store writes acknowledgements and runs the sweeps of changes left unacknowledged.
type Store struct{ DB *database.DB }

// Acknowledge acknowledges the change to acknowledge of every instruction of ids, all or none,
// for p, who must be each instruction's freelancer.
func (s *Store) Acknowledge(ctx context.Context, p *auth.Principal, ids []int64) (int, error) {
	return bookings.AllOrNone(ctx, s.DB, ids, func(_ int, id int64) string { return fmt.Sprintf("Instruction %d", id) },
		func(tx *database.Tx, id int64) error { return acknowledgeOne(ctx, tx, p, id) })
}

// acknowledgeOne drops instruction id's mark, audited on the instruction, whose version it
// raises (the freelancer's calendar sees the event changed back), and emits
// instruction.change_acknowledged. Only its own freelancer may: a manager who may see it is
// refused (403) with the reason, anyone else as for any instruction they cannot see (404).
func acknowledgeOne(ctx context.Context, tx *database.Tx, p *auth.Principal, id int64) error {
	t, err := bookings.StatusTarget(ctx, tx, id)
	if err != nil {
		return err
	}
	if t.UserID != p.UserID {
		if _, err := bookings.ActorFor(p, t); err != nil {
			return err
		}
		return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgOnlyFreelancer)
	}
	change := t.Change.Change
	if change == nil {
		return apperror.Conflict(MsgNothingToAck)
	}
	n, err := tx.Exec(ctx, `DELETE FROM instruction_acknowledgements WHERE instruction_id = ?`, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(MsgNothingToAck)
	}
	if _, err := tx.Exec(ctx, `UPDATE instructions SET modified_by = ?, updated_at = ?, version = version + 1 WHERE id = ?`,
		p.UserID, tx.Now, id); err != nil {
		return err
	}
	row := map[string]any{"changeAcknowledged": change.Fields, "version": t.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, id, row); err != nil {
		return err
	}
	return bookings.Emit(ctx, tx, events.Event{Kind: events.InstructionChangeAcknowledged, BookingID: t.BookingID,
		PlacementID: t.PlacementID, InstructionID: id, UserID: t.UserID, Payload: row})
}
