package reads

import (
	"context"
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// The agenda's reads of bookings: the calendar feed's events.

// FeedEvent is one instruction of a calendar feed with its placement.
type FeedEvent struct {
	ID               int64     `db:"id"`
	Supplier         string    `db:"supplier_status"`
	Client           string    `db:"client_status"`
	Version          int       `db:"version"`
	UpdatedAt        time.Time `db:"updated_at"`
	PlacementTitle   string    `db:"placement_title"`
	StartAt          time.Time `db:"start_at"`
	EndAt            time.Time `db:"end_at"`
	PlacementVersion int       `db:"placement_version"`
	PlacementUpdated time.Time `db:"placement_updated_at"`
	SupplierNotes    string    `db:"supplier_notes"`
	BookingID        int64     `db:"booking_id"`
	PlacementID      int64     `db:"placement_id"`
	BookingTitle     string    `db:"booking_title"`
	DepartmentName   string    `db:"department_name"`
	ClientName       string    `db:"client_name"`
}

// FeedEvents reads user's live instructions (status.LiveSQL) of live placements that start at
// or after since, by start.
func FeedEvents(ctx context.Context, r database.Reader, user int64, since time.Time) ([]FeedEvent, error) {
	var out []FeedEvent
	err := r.Select(ctx, &out, `SELECT i.id, i.supplier_status, i.client_status, i.version, i.updated_at,
		p.title AS placement_title, p.start_at, p.end_at, p.version AS placement_version, p.updated_at AS placement_updated_at,
		p.supplier_notes, p.id AS placement_id, b.id AS booking_id, b.title AS booking_title, d.name AS department_name,
		e.name AS client_name
		FROM instructions i JOIN placements p ON p.id = i.placement_id JOIN bookings b ON b.id = p.booking_id
		JOIN departments d ON d.id = b.department_id JOIN entities e ON e.id = d.client_id
		WHERE i.user_id = ? AND `+status.LiveSQL("i")+` AND p.deleted_at IS NULL AND p.start_at >= ?
		ORDER BY p.start_at, i.id`, user, since)
	return out, err
}
