package bookings

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// StatusItem is one item of PATCH /instruction/status: exactly one of the two statuses.
type StatusItem struct {
	ID                 int64  `json:"id" minimum:"1"`
	Version            int    `json:"version,omitempty" doc:"The version read; a stale one is refused (409)"`
	SupplierStatus     string `json:"supplierStatus,omitempty" enum:"accepted,rejected,cancelled,"`
	ClientStatus       string `json:"clientStatus,omitempty" enum:"accepted,rejected,cancelled,"`
	CancellationReason string `json:"cancellationReason,omitempty" maxLength:"500"`
}

func (it StatusItem) change() (status.Change, error) {
	switch {
	case it.SupplierStatus != "" && it.ClientStatus == "":
		return status.Change{Side: status.Supplier, To: status.Status(it.SupplierStatus), Reason: it.CancellationReason}, nil
	case it.ClientStatus != "" && it.SupplierStatus == "":
		return status.Change{Side: status.Client, To: status.Status(it.ClientStatus), Reason: it.CancellationReason}, nil
	}
	return status.Change{}, apperror.Field("supplierStatus", "Set exactly one of supplierStatus and clientStatus")
}

// statusTarget is what a status change reads of an instruction.
type statusTarget struct {
	InstructionRow
	DepartmentID int64     `db:"department_id"`
	StartAt      time.Time `db:"start_at"`
	EndAt        time.Time `db:"end_at"`
}

// SetStatuses applies every item or none. The actor of each item is the instruction's own
// freelancer or a manager of its booking's department (administrators included).
func (s *Store) SetStatuses(ctx context.Context, p *auth.Principal, items []StatusItem) (int, error) {
	updated := 0
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		updated = 0
		for i, it := range items {
			if err := applyStatus(ctx, tx, p, it); err != nil {
				if ae := apperror.As(err); ae != nil && len(items) > 1 {
					ae.Message = fmt.Sprintf("Instruction %d (item %d): %s", it.ID, i+1, ae.Message)
				}
				return err
			}
			updated++
		}
		return nil
	})
	return updated, err
}

func applyStatus(ctx context.Context, tx *database.Tx, p *auth.Principal, it StatusItem) error {
	c, err := it.change()
	if err != nil {
		return err
	}
	var t statusTarget
	err = tx.Get(ctx, &t, `SELECT `+InstructionColumns+`, b.department_id, pl.start_at, pl.end_at
		FROM instructions i JOIN users u ON u.id = i.user_id JOIN placements pl ON pl.id = i.placement_id
		JOIN bookings b ON b.id = i.booking_id WHERE i.id = ?`, it.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return apperror.NotFound("Instruction")
	}
	if err != nil {
		return err
	}
	actor, err := actorFor(p, t)
	if err != nil {
		return err
	}
	if it.Version != 0 && it.Version != t.Version {
		return apperror.Conflict("This instruction was changed by someone else. Reload and try again.")
	}
	res, err := status.Apply(t.State(), c, actor)
	if err != nil {
		return err
	}
	if c.Side == status.Supplier && c.To == status.Accepted {
		if err := lockUser(ctx, tx, t.UserID); err != nil {
			return err
		}
		if clash, err := overlaps(ctx, tx, t.UserID, t.ID, t.StartAt, t.EndAt); err != nil {
			return err
		} else if clash {
			return apperror.Conflict(MsgOverlap)
		}
	}
	return writeStatus(ctx, tx, t, c, res)
}

// actorFor decides who p is for this instruction: a manager of its department, or its own
// freelancer. Others may not see it (404) unless they may view the department (403).
func actorFor(p *auth.Principal, t statusTarget) (status.Actor, error) {
	switch {
	case access.CanManageDepartment(p, t.DepartmentID):
		return status.ActorManager, nil
	case p.UserID == t.UserID:
		return status.ActorFreelancer, nil
	case access.CanViewDepartment(p, t.DepartmentID):
		return "", apperror.Forbidden()
	}
	return "", apperror.NotFound("Instruction")
}

func writeStatus(ctx context.Context, tx *database.Tx, t statusTarget, c status.Change, res status.Result) error {
	column, previous := "supplier_status", "previous_supplier_status"
	if c.Side == status.Client {
		column, previous = "client_status", "previous_client_status"
	}
	reason := t.CancellationReason
	if c.To == status.Cancelled {
		reason = trimmed(c.Reason)
	}
	n, err := tx.Exec(ctx, `UPDATE instructions SET `+column+` = ?, `+previous+` = ?, cancellation_reason = ?,
		modified_by = ?, updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
		string(c.To), string(res.Previous), reason, actorID(ctx), tx.Now, t.ID, t.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict("This instruction was changed by someone else. Reload and try again.")
	}
	row := map[string]any{"supplierStatus": res.State.Supplier, "clientStatus": res.State.Client,
		"cancellationReason": reason, "version": t.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, t.ID, row); err != nil {
		return err
	}
	return events.Emit(ctx, tx, events.Event{Kind: events.InstructionStatus, BookingID: t.BookingID,
		PlacementID: t.PlacementID, InstructionID: t.ID, UserID: t.UserID, Payload: row})
}

// actorID is the signed-in user, or nil for system work.
func actorID(ctx context.Context) *int64 {
	if p := auth.FromContext(ctx); p != nil {
		return &p.UserID
	}
	return nil
}
