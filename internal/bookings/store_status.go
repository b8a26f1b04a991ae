package bookings

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/input"
)

// SetStatuses applies every item or none. The actor of each item is the instruction's own
// freelancer or a manager of its booking's department (administrators included).
func (s *Store) SetStatuses(ctx context.Context, p *auth.Principal, items []StatusChange) (int, error) {
	return allOrNone(ctx, s.DB, items,
		func(i int, it StatusChange) string { return fmt.Sprintf("Instruction %d (item %d)", it.ID, i+1) },
		func(tx *database.Tx, it StatusChange) error { return applyStatus(ctx, tx, p, it) })
}

func applyStatus(ctx context.Context, tx *database.Tx, p *auth.Principal, it StatusChange) error {
	c, err := it.change()
	if err != nil {
		return err
	}
	t, err := readStatusTarget(ctx, tx, it.ID)
	if err != nil {
		return err
	}
	actor, err := actorFor(p, t)
	if err != nil {
		return err
	}
	if it.Version != 0 && it.Version != t.Version {
		return apperror.Conflict(MsgInstructionStale)
	}
	if err := refusedStatusChange(t.Kind); err != nil {
		return err
	}
	return changeStatus(ctx, tx, t, c, actor)
}

// MsgInstructionStale refuses a change of an instruction changed since it was read.
const MsgInstructionStale = "This instruction was changed by someone else. Reload and try again."

// readStatusTarget reads instruction id with its department and period; 404 when there is none.
func readStatusTarget(ctx context.Context, tx *database.Tx, id int64) (statusTarget, error) {
	var t statusTarget
	err := tx.Get(ctx, &t, targetQuery+` WHERE i.id = ?`, id)
	return t, database.NotFound(err, "Instruction")
}

// targetQuery reads statusTargets: instructions i with their department and placement period.
var targetQuery = `SELECT ` + InstructionColumns + `, b.department_id, pl.start_at, pl.end_at
	FROM instructions i JOIN users u ON u.id = i.user_id JOIN placements pl ON pl.id = i.placement_id
	JOIN bookings b ON b.id = i.booking_id`

// changeStatus is the status machine's one write path, for people (applyStatus) and for the
// system (expiry, with actor manager and no principal in ctx): the rules, the accept checks,
// then the write with its audit and event.
func changeStatus(ctx context.Context, tx *database.Tx, t statusTarget, c status.Change, actor status.Actor) error {
	res, err := status.Apply(t.State(), c, actor)
	if err != nil {
		return err
	}
	if c.Side == status.Supplier && c.To == status.Accepted {
		if err := lockUser(ctx, tx, t.UserID); err != nil {
			return err
		}
		if refusal, err := refusedCommitment(ctx, tx, t.UserID, t.ID, t.StartAt, t.EndAt); err != nil {
			return err
		} else if refusal != "" {
			return apperror.Conflict(refusal)
		}
	}
	return writeStatus(ctx, tx, t, c, res)
}

func writeStatus(ctx context.Context, tx *database.Tx, t statusTarget, c status.Change, res status.Result) error {
	return writeStatusAs(ctx, tx, t, c, res, events.InstructionStatus)
}

// writeStatusAs writes change c's result, audited, and emits it as kind (a hold's release is
// told as its own event).
func writeStatusAs(ctx context.Context, tx *database.Tx, t statusTarget, c status.Change, res status.Result, kind events.Kind) error {
	// The waterfalls this instruction is an offer of are locked before it is written (lock order).
	turns, err := turnsOf(ctx, tx, t.PlacementID, t.UserID)
	if err != nil {
		return err
	}
	column, previous := "supplier_status", "previous_supplier_status"
	if c.Side == status.Client {
		column, previous = "client_status", "previous_client_status"
	}
	reason := t.CancellationReason
	if c.To == status.Cancelled {
		reason = input.Text(c.Reason)
	}
	n, err := tx.Exec(ctx, `UPDATE instructions SET `+column+` = ?, `+previous+` = ?, cancellation_reason = ?,
		modified_by = ?, updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
		string(c.To), string(res.Previous), reason, actorID(ctx), tx.Now, t.ID, t.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(MsgInstructionStale)
	}
	row := map[string]any{"supplierStatus": res.State.Supplier, "clientStatus": res.State.Client,
		"cancellationReason": reason, "version": t.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, t.ID, row); err != nil {
		return err
	}
	if err := emit(ctx, tx, events.Event{Kind: kind, BookingID: t.BookingID,
		PlacementID: t.PlacementID, InstructionID: t.ID, UserID: t.UserID, Payload: row}); err != nil {
		return err
	}
	// An answer that frees or fills a waterfall's place moves the waterfall in this transaction.
	return afterAnswer(ctx, tx, turns)
}

// actorID is the signed-in user, or nil for system work.
func actorID(ctx context.Context) *int64 {
	if p := auth.FromContext(ctx); p != nil {
		return &p.UserID
	}
	return nil
}
