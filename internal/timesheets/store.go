package timesheets

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes timesheets, their expenses and the billing rules.
type Store struct{ DB *database.DB }

// Row is one timesheet as stored, with its freelancer's and department's names.
type Row struct {
	ID                    int64      `db:"id"`
	InstructionID         int64      `db:"instruction_id"`
	BookingID             int64      `db:"booking_id"`
	PlacementID           int64      `db:"placement_id"`
	UserID                int64      `db:"user_id"`
	UserName              string     `db:"user_name"`
	DepartmentID          int64      `db:"department_id"`
	DepartmentName        string     `db:"department_name"`
	ClientEntityID        int64      `db:"client_entity_id"`
	SupplierLegalEntityID *int64     `db:"supplier_legal_entity_id"`
	ClientLegalEntityID   *int64     `db:"client_legal_entity_id"`
	JobTitle              string     `db:"job_title"`
	PlacementTitle        string     `db:"placement_title"`
	IR35                  bool       `db:"ir35"`
	LocalDate             string     `db:"local_date"`
	Timezone              string     `db:"timezone"`
	ScheduledStartAt      time.Time  `db:"scheduled_start_at"`
	ScheduledEndAt        time.Time  `db:"scheduled_end_at"`
	ScheduledBreakMinutes int        `db:"scheduled_break_minutes"`
	StartAt               time.Time  `db:"start_at"`
	EndAt                 time.Time  `db:"end_at"`
	BreakMinutes          int        `db:"break_minutes"`
	RateMinor             int64      `db:"rate_minor"`
	Currency              string     `db:"currency"`
	RatePeriod            string     `db:"rate_period"`
	WorkedMinutes         int        `db:"worked_minutes"`
	OvertimeMinutes       int        `db:"overtime_minutes"`
	BaseMinor             int64      `db:"base_minor"`
	OvertimeMinor         int64      `db:"overtime_minor"`
	AmountMinor           int64      `db:"amount_minor"`
	Status                string     `db:"status"`
	Note                  string     `db:"note"`
	DisputeReason         string     `db:"dispute_reason"`
	SubmittedAt           *time.Time `db:"submitted_at"`
	ApproveBy             *time.Time `db:"approve_by"`
	ApprovedAt            *time.Time `db:"approved_at"`
	ApprovedBy            *int64     `db:"approved_by"`
	AutoApproved          bool       `db:"auto_approved"`
	DisputedAt            *time.Time `db:"disputed_at"`
	CreatedAt             time.Time  `db:"created_at"`
	UpdatedAt             time.Time  `db:"updated_at"`
	Version               int        `db:"version"`
	Expenses              []Expense  `db:"-"`
}

// rowColumns are a Row's columns on timesheets t joined to users u and departments d.
const rowColumns = `t.id, t.instruction_id, t.booking_id, t.placement_id, t.user_id,
	COALESCE(NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.email) AS user_name, t.department_id,
	d.name AS department_name, t.client_entity_id, t.supplier_legal_entity_id, t.client_legal_entity_id, t.job_title,
	t.placement_title, t.ir35, t.local_date, t.timezone, t.scheduled_start_at, t.scheduled_end_at,
	t.scheduled_break_minutes, t.start_at, t.end_at, t.break_minutes, t.rate_minor, t.currency, t.rate_period,
	t.worked_minutes, t.overtime_minutes, t.base_minor, t.overtime_minor, t.amount_minor, t.status, t.note,
	t.dispute_reason, t.submitted_at, t.approve_by, t.approved_at, t.approved_by, t.auto_approved, t.disputed_at,
	t.created_at, t.updated_at, t.version`

const rowFrom = ` FROM timesheets t JOIN users u ON u.id = t.user_id JOIN departments d ON d.id = t.department_id`

// Get is timesheet id with its expenses (404 when there is none).
func (s *Store) Get(ctx context.Context, id int64) (Row, error) {
	return get(ctx, s.DB, id)
}

func get(ctx context.Context, q database.Reader, id int64) (Row, error) {
	var r Row
	if err := database.NotFound(q.Get(ctx, &r, `SELECT `+rowColumns+rowFrom+` WHERE t.id = ?`, id), "Timesheet"); err != nil {
		return Row{}, err
	}
	ex, err := expensesOf(ctx, q, []int64{id})
	r.Expenses = orEmpty(ex[id])
	return r, err
}

func orEmpty(e []Expense) []Expense {
	if e == nil {
		return []Expense{}
	}
	return e
}

// ListFilter narrows the timesheet list: the caller's own (Own, a freelancer's) or those of the
// departments it may see (Visible), then the query's filters; dates are local, both ends in.
type ListFilter struct {
	OwnUser       int64
	Visible       database.Visibility
	UserIDs       []int64
	DepartmentIDs []int64
	Statuses      []string
	StartDate     string
	EndDate       string
	Limit, Offset int
}

// List is one page of the timesheets f selects, the latest date first, and their total.
func (s *Store) List(ctx context.Context, f ListFilter) ([]Row, int, error) {
	var w database.Where
	cond, args := f.Visible.Condition("t.department_id")
	if f.OwnUser != 0 {
		w.Add("(t.user_id = ? OR "+cond+")", append([]any{f.OwnUser}, args...)...)
	} else {
		if f.Visible.None() {
			return []Row{}, 0, nil
		}
		w.Add(cond, args...)
	}
	w.In("t.user_id", f.UserIDs)
	w.In("t.department_id", f.DepartmentIDs)
	if len(f.Statuses) > 0 {
		marks := database.Marks(len(f.Statuses))
		st := make([]any, len(f.Statuses))
		for i, v := range f.Statuses {
			st[i] = v
		}
		w.Add("t.status IN ("+marks+")", st...)
	}
	if f.StartDate != "" {
		w.Add("t.local_date >= ?", f.StartDate)
	}
	if f.EndDate != "" {
		w.Add("t.local_date <= ?", f.EndDate)
	}
	type counted struct {
		Row
		Total int `db:"total"`
	}
	rows, total, err := database.WindowPage(ctx, s.DB, `SELECT `+rowColumns+`, COUNT(*) OVER() AS total`+rowFrom+w.SQL()+
		` ORDER BY t.local_date DESC, t.start_at DESC, t.id DESC`, `SELECT COUNT(*)`+rowFrom+w.SQL(), w.Args(),
		f.Limit, f.Offset, func(c counted) (Row, int) { return c.Row, c.Total })
	if err != nil {
		return nil, 0, err
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	ex, err := expensesOf(ctx, s.DB, ids)
	for i := range rows {
		rows[i].Expenses = orEmpty(ex[rows[i].ID])
	}
	return rows, total, err
}

// ActionsCountSQL counts what timesheets ask of a user, for whoami's actions required: their
// own to fill or disputed, and the submitted ones of others in the departments they manage (by
// a department link or a client link that manages). Its arguments: the user, four times.
const ActionsCountSQL = `SELECT COUNT(*) FROM timesheets t WHERE (t.user_id = ? AND t.status IN ('to_fill', 'disputed'))
	OR (t.status = 'submitted' AND t.user_id <> ? AND t.department_id IN (
		SELECT r.department_id FROM user_department_refs r WHERE r.user_id = ? AND r.can_manage
		UNION SELECT d.id FROM departments d JOIN user_entity_refs e ON e.entity_id = d.client_id
		WHERE e.user_id = ? AND e.can_manage))`
