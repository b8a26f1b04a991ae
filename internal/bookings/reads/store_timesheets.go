package reads

import (
	"context"
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// EndedWork is an instruction accepted by both sides whose placement has ended, with what a
// timesheet copies of it: the placement's period, breaks and titles, the booking's IR35 flag,
// the instruction's buy rate (what the client pays its supplier), the supplier's legal entity
// (the instruction's) and the client's (its entity's preferred one; nil when none).
type EndedWork struct {
	InstructionID         int64     `db:"instruction_id"`
	BookingID             int64     `db:"booking_id"`
	PlacementID           int64     `db:"placement_id"`
	UserID                int64     `db:"user_id"`
	DepartmentID          int64     `db:"department_id"`
	ClientEntityID        int64     `db:"client_entity_id"`
	SupplierLegalEntityID *int64    `db:"supplier_legal_entity_id"`
	ClientLegalEntityID   *int64    `db:"client_legal_entity_id"`
	JobTitle              string    `db:"job_title"`
	PlacementTitle        string    `db:"placement_title"`
	IR35                  bool      `db:"ir35"`
	LocalDate             string    `db:"local_date"`
	Timezone              string    `db:"timezone"`
	StartAt               time.Time `db:"start_at"`
	EndAt                 time.Time `db:"end_at"`
	UnpaidBreaks          int       `db:"unpaid_breaks"`
	RateMinor             int64     `db:"buy_rate_minor"`
	Currency              string    `db:"buy_currency"`
	Period                string    `db:"buy_period"`
}

// longestPlacement bounds how long before its end a placement started, so the read of the
// placements that ended in a period is a range of the accepted-period index's first column.
const longestPlacement = 48 * time.Hour

// EndedConfirmedWork reads the instructions accepted by both sides (green) whose placement
// ended after endedAfter and by endedBy, of user only when user is not 0, by end then id; at
// most limit rows.
func EndedConfirmedWork(ctx context.Context, r database.Reader, endedAfter, endedBy time.Time, user int64,
	limit int) ([]EndedWork, error) {
	args := []any{endedAfter.Add(-longestPlacement), endedBy, endedAfter, endedBy}
	byUser := ""
	if user != 0 {
		byUser = ` AND i.user_id = ?`
		args = append(args, user)
	}
	args = append(args, limit)
	var out []EndedWork
	err := r.Select(ctx, &out, `SELECT i.id AS instruction_id, i.booking_id, i.placement_id, i.user_id,
		b.department_id, d.client_id AS client_entity_id, i.legal_entity_id AS supplier_legal_entity_id,
		e.preferred_legal_entity_id AS client_legal_entity_id, b.title AS job_title, p.title AS placement_title,
		b.ir35, p.local_date, p.timezone, p.start_at, p.end_at, p.unpaid_breaks, i.buy_rate_minor, i.buy_currency,
		i.buy_period
		FROM instructions i JOIN placements p ON p.id = i.placement_id JOIN bookings b ON b.id = i.booking_id
		JOIN departments d ON d.id = b.department_id JOIN entities e ON e.id = d.client_id
		WHERE i.placement_start_at > ? AND i.placement_start_at <= ? AND i.placement_end_at > ? AND i.placement_end_at <= ?
		AND i.deleted_at IS NULL AND p.deleted_at IS NULL AND i.supplier_status = `+status.Literal(status.Accepted)+`
		AND i.client_status = `+status.Literal(status.Accepted)+byUser+`
		ORDER BY i.placement_end_at, i.id LIMIT ?`, args...)
	return out, err
}
