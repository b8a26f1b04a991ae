package reads

import (
	"context"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/database"
)

// HistoryRecords lists the records whose audit entries make up a booking's history, with their
// names for the history to show: the booking (its title), its placements (title and date) and
// its instructions (the freelancer, placement and date), cancelled ones included (both are kept
// with deleted_at, never removed). internal/app hands it to audit.Register, which cannot import
// this package. A booking that does not exist is "Booking not found".
func HistoryRecords(ctx context.Context, r database.Reader, bookingID int64) ([]audit.Records, error) {
	var title string
	if err := r.Get(ctx, &title, `SELECT title FROM bookings WHERE id = ?`, bookingID); err != nil {
		return nil, database.NotFound(err, "Booking")
	}
	type named struct {
		ID   int64  `db:"id"`
		Name string `db:"name"`
	}
	var placements, instructions []named
	if err := r.Select(ctx, &placements, `SELECT id, title || ', ' || local_date AS name FROM placements
		WHERE booking_id = ? ORDER BY id`, bookingID); err != nil {
		return nil, err
	}
	// The freelancer's name is a join for display, the exception docs/architecture.md allows.
	if err := r.Select(ctx, &instructions, `SELECT i.id, TRIM(u.first_name || ' ' || u.last_name) || ', ' || p.title || ', '
		|| p.local_date AS name FROM instructions i JOIN placements p ON p.id = i.placement_id JOIN users u ON u.id = i.user_id
		WHERE i.booking_id = ? ORDER BY i.id`, bookingID); err != nil {
		return nil, err
	}
	records := func(source audit.Source, rows []named) audit.Records {
		rec := audit.Records{Source: source, IDs: make([]int64, 0, len(rows)), Names: make(map[int64]string, len(rows))}
		for _, row := range rows {
			rec.IDs = append(rec.IDs, row.ID)
			rec.Names[row.ID] = row.Name
		}
		return rec
	}
	return []audit.Records{
		{Source: audit.SourceBooking, IDs: []int64{bookingID}, Names: map[int64]string{bookingID: title}},
		records(audit.SourcePlacement, placements),
		records(audit.SourceInstruction, instructions),
	}, nil
}
