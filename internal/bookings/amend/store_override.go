package amend

import (
	"context"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/input"
)

// OverrideRest records a manager's justified override of the working-time guard for
// instruction id (the caller checked they manage its department): its accept is then not refused
// for too little rest; overlaps still are. A second override replaces the reason. The
// instruction's version moves on, so the override is an entry of its history (audited) with
// its event.
func (s *Store) OverrideRest(ctx context.Context, id int64, reason string) error {
	reason = input.Text(reason)
	if reason == "" {
		return apperror.Field("reason", MsgOverrideReason)
	}
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		var t bookings.InstructionRow
		err := tx.Get(ctx, &t, `SELECT `+bookings.InstructionColumns+` FROM instructions i JOIN users u ON u.id = i.user_id
			WHERE i.id = ?`, id)
		if err = database.NotFound(err, "Instruction"); err != nil {
			return err
		}
		if t.DeletedAt != nil {
			return apperror.Conflict(MsgOverrideGone)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO working_time_overrides (instruction_id, reason, created_by, created_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (instruction_id) DO UPDATE SET reason = excluded.reason,
			created_by = excluded.created_by, created_at = excluded.created_at`, id, reason, bookings.ActorID(ctx), tx.Now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE instructions SET modified_by = ?, updated_at = ?, version = version + 1
			WHERE id = ?`, bookings.ActorID(ctx), tx.Now, id); err != nil {
			return err
		}
		row := map[string]any{"workingTimeOverride": reason, "version": t.Version + 1}
		if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, id, row); err != nil {
			return err
		}
		return bookings.Emit(ctx, tx, events.Event{Kind: events.InstructionRestOverride, BookingID: t.BookingID,
			PlacementID: t.PlacementID, InstructionID: id, UserID: t.UserID, Payload: row})
	})
}
