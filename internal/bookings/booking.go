package bookings

import (
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// The bookings domain: what a booking, placement and instruction are (the rows the store reads
// and the changes it takes), the messages of their rules and the rules that need no database.
// The API's input types are in the http*.go files, which translate them into these; the views
// sent back are in view.go.

// Rate is the API's one rate shape.
type Rate = jobs.Rate

// CheckGivenRates normalises and checks the rates a manager sets on an instruction (nil: not
// given), for Amend Rates and a substitution alike. Buy rates are for administrators only (spec
// part 2 §6), to see and to change.
func CheckGivenRates(p *auth.Principal, buy, sell *Rate) error {
	if buy != nil && !p.CanAdmin {
		return apperror.Forbidden()
	}
	for field, r := range map[string]*Rate{"buyRate": buy, "sellRate": sell} {
		if r == nil {
			continue
		}
		*r = r.Normalised()
		if err := r.Check(field); err != nil {
			return err
		}
	}
	return nil
}

// StatusChange asks for one instruction's new status on exactly one side, checked against the
// version read (0: unchecked).
type StatusChange struct {
	ID                 int64
	Version            int
	SupplierStatus     string
	ClientStatus       string
	CancellationReason string
}

func (it StatusChange) change() (status.Change, error) {
	switch {
	case it.SupplierStatus != "" && it.ClientStatus == "":
		return status.Change{Side: status.Supplier, To: status.Status(it.SupplierStatus), Reason: it.CancellationReason}, nil
	case it.ClientStatus != "" && it.SupplierStatus == "":
		return status.Change{Side: status.Client, To: status.Status(it.ClientStatus), Reason: it.CancellationReason}, nil
	}
	return status.Change{}, apperror.Field("supplierStatus", "Set exactly one of supplierStatus and clientStatus")
}

// ActorFor decides who p is for this instruction: a manager of its department, or its own
// freelancer. Others may not see it (404) unless they may view the department (403).
func ActorFor(p *auth.Principal, t Target) (status.Actor, error) {
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

// MsgNotHireable refuses a grant naming anyone the department may not instruct (access.HireRule). It
// says the same for a manager, a staff member, an account not yet activated, a freelancer of no
// concern to the department and an id that names nobody, so a grant confirms no account.
const MsgNotHireable = "Only active freelancers this department may hire can be instructed."

// GrantResult reports a grant: new instructions, ones that already existed, and refusals.
type GrantResult struct {
	Inserted int       `json:"inserted"`
	Existing int       `json:"existing"`
	Refused  []Refusal `json:"refused"`
}

// Refusal is one (placement, freelancer) pair a grant did not instruct, and why.
type Refusal struct {
	UserID      int64  `json:"userId"`
	PlacementID int64  `json:"placementId"`
	Reason      string `json:"reason"`
}

// BookingRow is a booking with its department and client.
type BookingRow struct {
	ID                  int64  `db:"id"`
	JobTemplateID       *int64 `db:"job_template_id"`
	DepartmentID        int64  `db:"department_id"`
	DepartmentName      string `db:"department_name"`
	Timezone            string `db:"timezone"`
	CancelWindowDays    int    `db:"cancel_window_days"`
	ClientID            int64  `db:"client_id"`
	ClientName          string `db:"client_name"`
	Title               string `db:"title"`
	Reference           string `db:"reference"`
	IR35                bool   `db:"ir35"`
	Type                string `db:"type"`
	Direct              bool   `db:"direct"`
	SubstitutionAllowed bool   `db:"substitution_allowed"`
	PeriodType          string `db:"period_type"`
	Version             int    `db:"version"`
	JobTemplateName     string `db:"job_template_name"`
}

// PlacementRow is a placement as the store reads it.
type PlacementRow struct {
	ID                  int64      `db:"id"`
	BookingID           int64      `db:"booking_id"`
	PlacementTemplateID *int64     `db:"placement_template_id"`
	Title               string     `db:"title"`
	LocalDate           string     `db:"local_date"`
	StartTime           string     `db:"start_time"`
	EndTime             string     `db:"end_time"`
	StartAt             time.Time  `db:"start_at"`
	EndAt               time.Time  `db:"end_at"`
	Timezone            string     `db:"timezone"`
	Overnight           bool       `db:"overnight"`
	Reference           string     `db:"reference"`
	UnpaidBreaks        int        `db:"unpaid_breaks"`
	SupplierNotes       string     `db:"supplier_notes"`
	CancellationReason  string     `db:"cancellation_reason"`
	DeletedAt           *time.Time `db:"deleted_at"`
	Version             int        `db:"version"`
}

// InstructionRow is an instruction as the stores read it (InstructionColumns, users aliased u).
type InstructionRow struct {
	ID                 int64   `db:"id"`
	PlacementID        int64   `db:"placement_id"`
	BookingID          int64   `db:"booking_id"`
	UserID             int64   `db:"user_id"`
	FirstName          string  `db:"first_name"`
	LastName           string  `db:"last_name"`
	Email              string  `db:"email"`
	SupplierStatus     string  `db:"supplier_status"`
	ClientStatus       string  `db:"client_status"`
	PreviousSupplier   *string `db:"previous_supplier_status"`
	PreviousClient     *string `db:"previous_client_status"`
	SubstitutionOfID   *int64  `db:"substitution_of_id"`
	CancellationReason string  `db:"cancellation_reason"`
	jobs.RateRow
	Direct         bool       `db:"direct"`
	DeletedAt      *time.Time `db:"deleted_at"`
	CreatedAt      time.Time  `db:"created_at"`
	Version        int        `db:"version"`
	SupplierID     *int64     `db:"supplier_id"`
	LegalEntityID  *int64     `db:"legal_entity_id"`
	Notes          string     `db:"notes"`
	ModifiedBy     *int64     `db:"modified_by"`
	ModifiedByName string     `db:"modified_by_name"`
	AnswerBy       *time.Time `db:"answer_by"`
	// The hold's facts (HoldColumns); a query without them reads an offer.
	Kind             string `db:"kind"`
	HoldRank         int    `db:"hold_rank"`
	ChallengedUntil  dbTime `db:"challenged_until"`
	ChallengingUntil dbTime `db:"challenging_until"`
	// Change is a material change its freelancer has not acknowledged yet (ChangeColumns).
	Change changeColumn `db:"change_json"`
}

// State is the instruction's state for the status rules.
func (r InstructionRow) State() status.State {
	return status.State{Supplier: status.Status(r.SupplierStatus), Client: status.Status(r.ClientStatus), Deleted: r.DeletedAt != nil,
		ChangeAwaiting: r.Change.Change != nil}
}

// bookingRow is BookingRow's former name, still used by the supplier files until they move to
// their own package.
type bookingRow = BookingRow

// MsgPlacementsOfBooking refuses placements that are not live placements of the booking.
const MsgPlacementsOfBooking = "Every placement must be a live placement of this booking"
