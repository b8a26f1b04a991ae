package bookings

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes bookings, placements and instructions.
type Store struct{ DB *database.DB }

// AllOrNone applies apply to every item in one transaction, so a refusal of one rolls back the
// others; when there were several, the refusal's message starts with label (which item it was).
// It answers how many items were applied: all of them, or none.
func AllOrNone[T any](ctx context.Context, db *database.DB, items []T, label func(i int, it T) string,
	apply func(tx *database.Tx, it T) error) (int, error) {
	err := db.InTx(ctx, func(tx *database.Tx) error {
		for i, it := range items {
			if err := apply(tx, it); err != nil {
				if ae := apperror.As(err); ae != nil && len(items) > 1 {
					ae.Message = label(i, it) + ": " + ae.Message
				}
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(items), nil
}

// bookingColumns are what BookingRow reads, from bookings b joined as bookingJoins joins them.
const bookingColumns = `b.id, b.job_template_id, b.department_id, d.name AS department_name, d.timezone,
		d.cancel_window_days, e.id AS client_id, e.name AS client_name, b.title, b.reference, b.ir35, b.type, b.direct,
		b.substitution_allowed, b.period_type, b.version, COALESCE(jt.title, '') AS job_template_name`

const bookingJoins = `FROM bookings b JOIN departments d ON d.id = b.department_id JOIN entities e ON e.id = d.client_id
		LEFT JOIN job_templates jt ON jt.id = b.job_template_id`

// bookingSQL reads one booking by id.
const bookingSQL = `SELECT ` + bookingColumns + ` ` + bookingJoins + ` WHERE b.id = ?`

// Booking reads one booking; 404 when it does not exist.
func (s *Store) Booking(ctx context.Context, id int64) (BookingRow, error) {
	var b BookingRow
	err := s.DB.Get(ctx, &b, bookingSQL, id)
	return b, database.NotFound(err, "Booking")
}

// InstructionColumns are InstructionRow's columns, of instructions i joined with users u. The
// last modifier's name is a lookup by primary key, so no query needs another join for it.
var InstructionColumns = `i.id, i.placement_id, i.booking_id, i.user_id, u.first_name, u.last_name, u.email,
	i.supplier_status, i.client_status, i.previous_supplier_status, i.previous_client_status, i.substitution_of_id,
	i.cancellation_reason, i.buy_rate_minor, i.buy_currency, i.buy_period, i.sell_rate_minor, i.sell_currency,
	i.sell_period, i.direct, i.deleted_at, i.created_at, i.version, i.supplier_id, i.legal_entity_id, i.notes,
	i.modified_by, COALESCE((SELECT m.first_name || ' ' || m.last_name FROM users m WHERE m.id = i.modified_by), '')
	AS modified_by_name, i.answer_by, ` + HoldColumns + `, ` + ChangeColumns

// Contents reads a booking's placements (by start), their instructions (only onlyUser's when
// not zero) and each placement's modified timestamps from the audit history, newest first.
func (s *Store) Contents(ctx context.Context, booking, onlyUser int64) ([]PlacementRow, []InstructionRow, map[int64][]time.Time, error) {
	return contents(ctx, s.DB, booking, onlyUser)
}

// contents is Contents on r: two reads, the placements with their audit times and the
// instructions.
func contents(ctx context.Context, r database.Reader, booking, onlyUser int64) ([]PlacementRow, []InstructionRow, map[int64][]time.Time, error) {
	var changes []placementChange
	if err := r.Select(ctx, &changes, placementChangesSQL, booking); err != nil {
		return nil, nil, nil, err
	}
	q, args := instructionsOf(booking, onlyUser)
	var is []InstructionRow
	if err := r.Select(ctx, &is, q, args...); err != nil {
		return nil, nil, nil, err
	}
	ps, modified := foldChanges(changes)
	return ps, is, modified, nil
}

// placementChange is a placement with one of its audit times: placementChangesSQL gives a row
// per placement and change (one with none when it has none), by start, newest change first.
type placementChange struct {
	PlacementRow
	ModifiedAt *time.Time `db:"modified_at"`
}

const placementChangesSQL = `SELECT p.id, p.booking_id, p.placement_template_id, p.title, p.local_date,
	p.start_time, p.end_time, p.start_at, p.end_at, p.timezone, p.overnight, p.reference, p.unpaid_breaks,
	p.supplier_notes, p.cancellation_reason, p.deleted_at, p.version, a.created_at AS modified_at
	FROM placements p LEFT JOIN audit_log a ON a.hive_source = 'placement' AND a.record_id = p.id
	WHERE p.booking_id = ? ORDER BY p.start_at, p.id, a.created_at DESC, a.id DESC`

// foldChanges turns placementChangesSQL's rows into the placements and each one's times.
func foldChanges(rows []placementChange) ([]PlacementRow, map[int64][]time.Time) {
	var ps []PlacementRow
	modified := map[int64][]time.Time{}
	for _, row := range rows {
		if len(ps) == 0 || ps[len(ps)-1].ID != row.ID {
			ps = append(ps, row.PlacementRow)
		}
		if row.ModifiedAt != nil {
			modified[row.ID] = append(modified[row.ID], *row.ModifiedAt)
		}
	}
	return ps, modified
}

// instructionsOf is the query of a booking's instructions (only onlyUser's when not zero), by
// placement.
func instructionsOf(booking, onlyUser int64) (string, []any) {
	q := `SELECT ` + InstructionColumns + ` FROM instructions i JOIN users u ON u.id = i.user_id WHERE i.booking_id = ?`
	args := []any{booking}
	if onlyUser != 0 {
		q += ` AND i.user_id = ?`
		args = append(args, onlyUser)
	}
	return q + ` ORDER BY i.placement_id, i.id`, args
}

// Detail is a booking's page as one viewer reads it.
type Detail struct {
	Booking      BookingRow
	Placements   []PlacementRow
	Instructions []InstructionRow
	Modified     map[int64][]time.Time
}

// Detail reads booking id: the booking, its placements with their audit times and all its
// instructions, in one snapshot and (database.ReadTogether) on PostgreSQL one round trip, since
// none of the three needs another's answer. 404 when it does not exist; who may see what of it
// is the handler's to decide (SeenBy).
func (s *Store) Detail(ctx context.Context, id int64) (Detail, error) {
	var (
		d       Detail
		changes []placementChange
	)
	instructions, args := instructionsOf(id, 0)
	err := s.DB.ReadTogether(ctx,
		database.Read{Dest: &d.Booking, Query: bookingSQL, Args: []any{id}, One: true},
		database.Read{Dest: &changes, Query: placementChangesSQL, Args: []any{id}},
		database.Read{Dest: &d.Instructions, Query: instructions, Args: args})
	if err := database.NotFound(err, "Booking"); err != nil {
		return Detail{}, err
	}
	d.Placements, d.Modified = foldChanges(changes)
	return d, nil
}

// BookingOfPlacement is the booking a placement belongs to; 404 when there is no such placement.
func (s *Store) BookingOfPlacement(ctx context.Context, placement int64) (int64, error) {
	var id int64
	err := s.DB.Get(ctx, &id, `SELECT booking_id FROM placements WHERE id = ?`, placement)
	return id, database.NotFound(err, "Placement")
}

// InstructionPlaced reads instruction id with the place it is in, as the booking view shows it
// (InstructionViewOf).
func (s *Store) InstructionPlaced(ctx context.Context, id int64) (InstructionRow, InstructionPlace, error) {
	var r struct {
		InstructionRow
		Overnight          bool       `db:"overnight"`
		StartAt            time.Time  `db:"start_at"`
		EndAt              time.Time  `db:"end_at"`
		PlacementDeletedAt *time.Time `db:"placement_deleted_at"`
	}
	if err := s.DB.Get(ctx, &r, `SELECT `+InstructionColumns+`, pl.overnight, pl.start_at, pl.end_at,
		pl.deleted_at AS placement_deleted_at FROM instructions i JOIN users u ON u.id = i.user_id
		JOIN placements pl ON pl.id = i.placement_id WHERE i.id = ?`, id); err != nil {
		return InstructionRow{}, InstructionPlace{}, err
	}
	b, err := s.Booking(ctx, r.BookingID)
	if err != nil {
		return InstructionRow{}, InstructionPlace{}, err
	}
	return r.InstructionRow, placeOf(b, PlacementRow{ID: r.PlacementID, StartAt: r.StartAt,
		EndAt: r.EndAt, Overnight: r.Overnight, DeletedAt: r.PlacementDeletedAt}), nil
}
