package bookings

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes bookings, placements and instructions.
type Store struct{ DB *database.DB }

// jobTemplate is what creating a booking reads of its job template.
type jobTemplate struct {
	ID           int64  `db:"id"`
	DepartmentID int64  `db:"department_id"`
	Title        string `db:"title"`
	Timezone     string `db:"timezone"`
}

type placementTemplate struct {
	ID            int64  `db:"id"`
	Title         string `db:"title"`
	StartTime     string `db:"start_time"`
	EndTime       string `db:"end_time"`
	UnpaidBreaks  int    `db:"unpaid_breaks"`
	SupplierNotes string `db:"supplier_notes"`
}

// JobTemplate reads a job template with its department's zone; 404 when it does not exist.
func (s *Store) JobTemplate(ctx context.Context, id int64) (jobTemplate, error) {
	var jt jobTemplate
	err := s.DB.Get(ctx, &jt, `SELECT jt.id, jt.department_id, jt.title, d.timezone FROM job_templates jt
		JOIN departments d ON d.id = jt.department_id WHERE jt.id = ?`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return jt, apperror.NotFound("Job template")
	}
	return jt, err
}

// Create writes a booking and one placement per date per chosen placement template, audited,
// with its event, in one transaction. Dates are validated by the caller.
func (s *Store) Create(ctx context.Context, jt jobTemplate, in CreateInput, createdBy int64) (int64, error) {
	var id int64
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var pts []placementTemplate
		if err := tx.Select(ctx, &pts, `SELECT id, title, start_time, end_time, unpaid_breaks, supplier_notes
			FROM placement_templates WHERE job_template_id = ? ORDER BY position, id`, jt.ID); err != nil {
			return err
		}
		if len(in.PlacementTemplateIDs) > 0 {
			pts = slices.DeleteFunc(pts, func(p placementTemplate) bool { return !slices.Contains(in.PlacementTemplateIDs, p.ID) })
		}
		if len(pts) == 0 {
			return apperror.Field("placementTemplateIds", "The job template has no placement templates to book")
		}
		if err := tx.Get(ctx, &id, `INSERT INTO bookings (job_template_id, department_id, title, reference, ir35, type,
			direct, substitution_allowed, period_type, created_by, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			jt.ID, jt.DepartmentID, in.Title, in.Reference, in.IR35, in.Type, in.Direct, in.SubstitutionAllowed,
			in.PeriodType, createdBy, tx.Now, tx.Now); err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, audit.Insert, audit.SourceBooking, id, in); err != nil {
			return err
		}
		for _, date := range in.Dates {
			for _, pt := range pts {
				if err := insertPlacement(ctx, tx, id, jt.Timezone, date, pt); err != nil {
					return err
				}
			}
		}
		return events.Emit(ctx, tx, events.Event{Kind: events.BookingCreated, BookingID: id,
			Payload: map[string]any{"dates": in.Dates}})
	})
	return id, err
}

func insertPlacement(ctx context.Context, tx *database.Tx, bookingID int64, zone, date string, pt placementTemplate) error {
	p, err := PlacementPeriod(date, pt.StartTime, pt.EndTime, zone)
	if err != nil {
		return apperror.Field("dates", err.Error())
	}
	var id int64
	if err := tx.Get(ctx, &id, `INSERT INTO placements (booking_id, placement_template_id, title, local_date, start_time,
		end_time, start_at, end_at, timezone, overnight, unpaid_breaks, supplier_notes, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		bookingID, pt.ID, pt.Title, date, pt.StartTime, pt.EndTime, p.Start, p.End, zone, p.Overnight,
		pt.UnpaidBreaks, pt.SupplierNotes, tx.Now, tx.Now); err != nil {
		return err
	}
	return audit.Record(ctx, tx, audit.Insert, audit.SourcePlacement, id, map[string]any{"bookingId": bookingID,
		"title": pt.Title, "date": date, "startTime": pt.StartTime, "endTime": pt.EndTime, "timezone": zone})
}

// bookingRow is a booking with its department and client.
type bookingRow struct {
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
}

// Booking reads one booking; 404 when it does not exist.
func (s *Store) Booking(ctx context.Context, id int64) (bookingRow, error) {
	var b bookingRow
	err := s.DB.Get(ctx, &b, `SELECT b.id, b.job_template_id, b.department_id, d.name AS department_name, d.timezone,
		d.cancel_window_days, e.id AS client_id, e.name AS client_name, b.title, b.reference, b.ir35, b.type, b.direct,
		b.substitution_allowed, b.period_type, b.version
		FROM bookings b JOIN departments d ON d.id = b.department_id JOIN entities e ON e.id = d.client_id WHERE b.id = ?`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return b, apperror.NotFound("Booking")
	}
	return b, err
}

// HoldsInstruction reports whether user has an instruction in booking (a freelancer may then read it).
func (s *Store) HoldsInstruction(ctx context.Context, booking, user int64) (bool, error) {
	var ok bool
	err := s.DB.Get(ctx, &ok, `SELECT EXISTS (SELECT 1 FROM instructions WHERE booking_id = ? AND user_id = ?)`, booking, user)
	return ok, err
}

type placementRow struct {
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
	ID                 int64      `db:"id"`
	PlacementID        int64      `db:"placement_id"`
	BookingID          int64      `db:"booking_id"`
	UserID             int64      `db:"user_id"`
	FirstName          string     `db:"first_name"`
	LastName           string     `db:"last_name"`
	Email              string     `db:"email"`
	SupplierStatus     string     `db:"supplier_status"`
	ClientStatus       string     `db:"client_status"`
	PreviousSupplier   *string    `db:"previous_supplier_status"`
	PreviousClient     *string    `db:"previous_client_status"`
	SubstitutionOfID   *int64     `db:"substitution_of_id"`
	CancellationReason string     `db:"cancellation_reason"`
	BuyMinor           int64      `db:"buy_rate_minor"`
	BuyCurrency        string     `db:"buy_currency"`
	BuyPeriod          string     `db:"buy_period"`
	SellMinor          int64      `db:"sell_rate_minor"`
	SellCurrency       string     `db:"sell_currency"`
	SellPeriod         string     `db:"sell_period"`
	Direct             bool       `db:"direct"`
	DeletedAt          *time.Time `db:"deleted_at"`
	CreatedAt          time.Time  `db:"created_at"`
	Version            int        `db:"version"`
}

// State is the instruction's state for the status rules.
func (r InstructionRow) State() status.State {
	return status.State{Supplier: status.Status(r.SupplierStatus), Client: status.Status(r.ClientStatus), Deleted: r.DeletedAt != nil}
}

// InstructionColumns are InstructionRow's columns, of instructions i joined with users u.
const InstructionColumns = `i.id, i.placement_id, i.booking_id, i.user_id, u.first_name, u.last_name, u.email,
	i.supplier_status, i.client_status, i.previous_supplier_status, i.previous_client_status, i.substitution_of_id,
	i.cancellation_reason, i.buy_rate_minor, i.buy_currency, i.buy_period, i.sell_rate_minor, i.sell_currency,
	i.sell_period, i.direct, i.deleted_at, i.created_at, i.version`

// Contents reads a booking's placements (by start), their instructions (only onlyUser's when
// not zero) and each placement's modified timestamps from the audit history, newest first.
func (s *Store) Contents(ctx context.Context, booking, onlyUser int64) ([]placementRow, []InstructionRow, map[int64][]time.Time, error) {
	var ps []placementRow
	if err := s.DB.Select(ctx, &ps, `SELECT id, booking_id, placement_template_id, title, local_date, start_time, end_time,
		start_at, end_at, timezone, overnight, reference, unpaid_breaks, supplier_notes, cancellation_reason, deleted_at, version
		FROM placements WHERE booking_id = ? ORDER BY start_at, id`, booking); err != nil {
		return nil, nil, nil, err
	}
	q := `SELECT ` + InstructionColumns + ` FROM instructions i JOIN users u ON u.id = i.user_id WHERE i.booking_id = ?`
	args := []any{booking}
	if onlyUser != 0 {
		q += ` AND i.user_id = ?`
		args = append(args, onlyUser)
	}
	var is []InstructionRow
	if err := s.DB.Select(ctx, &is, q+` ORDER BY i.placement_id, i.id`, args...); err != nil {
		return nil, nil, nil, err
	}
	var versions []struct {
		ID int64     `db:"record_id"`
		At time.Time `db:"created_at"`
	}
	if err := s.DB.Select(ctx, &versions, `SELECT a.record_id, a.created_at FROM audit_log a
		JOIN placements p ON p.id = a.record_id AND a.hive_source = 'placement' WHERE p.booking_id = ?
		ORDER BY a.created_at DESC, a.id DESC`, booking); err != nil {
		return nil, nil, nil, err
	}
	modified := map[int64][]time.Time{}
	for _, v := range versions {
		modified[v.ID] = append(modified[v.ID], v.At)
	}
	return ps, is, modified, nil
}

// trimmed normalises free text.
func trimmed(s string) string { return strings.TrimSpace(s) }
