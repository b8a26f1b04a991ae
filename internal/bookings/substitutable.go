package bookings

import (
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// Who may substitute which instruction: the rule the substitution's writes (package
// substitution) and every view's canSubstitute flag (actionsOn) ask, so it lives with the views.

// The substitution refusals this rule gives (the spec names none but the booking's switch).
const (
	MsgNoSubstitution     = "This booking does not allow substitution."
	MsgIncumbentElsewhere = "The instruction to substitute must belong to this placement."
)

// SubstitutedReason is the cancellation reason the replaced instruction gets.
const SubstitutedReason = "Substituted"

// SubstitutedChange cancels the incumbent's supplier side: the freelancer is replaced, the
// client still wants the work done.
var SubstitutedChange = status.Change{Side: status.Supplier, To: status.Cancelled, Reason: SubstitutedReason}

// SubstitutionPlacement is what substitution reads of the placement and its booking.
type SubstitutionPlacement struct {
	ID                  int64      `db:"id"`
	BookingID           int64      `db:"booking_id"`
	TemplateID          *int64     `db:"placement_template_id"`
	LocalDate           string     `db:"local_date"`
	StartAt             time.Time  `db:"start_at"`
	EndAt               time.Time  `db:"end_at"`
	DeletedAt           *time.Time `db:"deleted_at"`
	DepartmentID        int64      `db:"department_id"`
	SubstitutionAllowed bool       `db:"substitution_allowed"`
	Type                string     `db:"type"`
	Direct              bool       `db:"direct"`
	Title               string     `db:"title"`
	BookingTitle        string     `db:"booking_title"`
}

// IncumbentTarget is the incumbent as status changes see it.
func IncumbentTarget(pl SubstitutionPlacement, r InstructionRow) Target {
	return Target{InstructionRow: r, DepartmentID: pl.DepartmentID, StartAt: pl.StartAt, EndAt: pl.EndAt}
}

// Substitutable is the one rule of who may substitute which instruction: the booking allows
// substitution; p is a manager of the department or the incumbent freelancer (the status
// actors' rule, ActorFor); the instruction belongs to pl; and the status machine would let its
// supplier side be cancelled (a live instruction of a live placement). The writes and the
// canSubstitute flag of every view ask it. field names the incumbent in refusals.
func Substitutable(p *auth.Principal, pl SubstitutionPlacement, r InstructionRow, field string) error {
	if err := SubstitutionAllowed(pl); err != nil {
		return err
	}
	if _, err := ActorFor(p, IncumbentTarget(pl, r)); err != nil {
		return err
	}
	if r.PlacementID != pl.ID {
		return apperror.Field(field, MsgIncumbentElsewhere)
	}
	if err := RefusedStatusChange(r.Kind); err != nil {
		return err
	}
	st := r.State()
	st.Deleted = st.Deleted || pl.DeletedAt != nil
	return status.Check(st, SubstitutedChange.Side, SubstitutedChange.To, status.ActorManager)
}

// SubstitutionAllowed refuses a placement whose booking does not allow substitution.
func SubstitutionAllowed(pl SubstitutionPlacement) error {
	if !pl.SubstitutionAllowed {
		return apperror.New(apperror.KindInvalid, apperror.CodeValidation, MsgNoSubstitution)
	}
	return nil
}
