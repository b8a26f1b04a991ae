package bookings

import (
	"context"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/database"
)

// HistoryRecords lists the records whose audit entries make up a booking's history: the
// booking, its placements and its instructions, cancelled ones included (both are kept with
// deleted_at, never removed). internal/app hands it to audit.Register, which cannot import this
// package. A booking that does not exist is "Booking not found".
func HistoryRecords(ctx context.Context, r database.Reader, bookingID int64) ([]audit.Records, error) {
	var id int64
	if err := r.Get(ctx, &id, `SELECT id FROM bookings WHERE id = ?`, bookingID); err != nil {
		return nil, database.NotFound(err, "Booking")
	}
	var placements, instructions []int64
	if err := r.Select(ctx, &placements, `SELECT id FROM placements WHERE booking_id = ? ORDER BY id`, bookingID); err != nil {
		return nil, err
	}
	if err := r.Select(ctx, &instructions, `SELECT id FROM instructions WHERE booking_id = ? ORDER BY id`, bookingID); err != nil {
		return nil, err
	}
	return []audit.Records{
		{Source: audit.SourceBooking, IDs: []int64{bookingID}},
		{Source: audit.SourcePlacement, IDs: placements},
		{Source: audit.SourceInstruction, IDs: instructions},
	}, nil
}
