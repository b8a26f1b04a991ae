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
	// What a closed event says: the instruction or its placement is cancelled, deleted or
	// rejected (Live is false), and why.
	Live                  bool   `db:"live"`
	CancellationReason    string `db:"cancellation_reason"`
	PlacementCancelled    bool   `db:"placement_cancelled"`
	PlacementCancelReason string `db:"placement_cancellation_reason"`
	// AcknowledgeSince is when a change to it began to await the freelancer's acknowledgement,
	// and AcknowledgeChanged its latest change; nil when none awaits.
	AcknowledgeSince   *time.Time `db:"acknowledge_since"`
	AcknowledgeChanged *time.Time `db:"acknowledge_changed_at"`
}

// FeedEvents reads user's instructions for a calendar feed, by start: the live ones
// (status.LiveSQL) of live placements that start at or after since, and those closed since
// closedSince (cancelled, rejected or deleted, or of a cancelled placement, their last change at
// or after it), so a calendar that merges shows them cancelled.
func FeedEvents(ctx context.Context, r database.Reader, user int64, since, closedSince time.Time) ([]FeedEvent, error) {
	var out []FeedEvent
	live := status.LiveSQL("i") + ` AND p.deleted_at IS NULL`
	err := r.Select(ctx, &out, `SELECT i.id, i.supplier_status, i.client_status, i.version, i.updated_at,
		p.title AS placement_title, p.start_at, p.end_at, p.version AS placement_version, p.updated_at AS placement_updated_at,
		p.supplier_notes, p.id AS placement_id, b.id AS booking_id, b.title AS booking_title, d.name AS department_name,
		e.name AS client_name, CASE WHEN `+live+` THEN 1 ELSE 0 END AS live, i.cancellation_reason,
		CASE WHEN p.deleted_at IS NOT NULL THEN 1 ELSE 0 END AS placement_cancelled,
		p.cancellation_reason AS placement_cancellation_reason, a.since AS acknowledge_since,
		a.changed_at AS acknowledge_changed_at
		FROM instructions i JOIN placements p ON p.id = i.placement_id JOIN bookings b ON b.id = p.booking_id
		JOIN departments d ON d.id = b.department_id JOIN entities e ON e.id = d.client_id
		LEFT JOIN instruction_acknowledgements a ON a.instruction_id = i.id
		WHERE i.user_id = ? AND ((`+live+` AND p.start_at >= ?) OR (NOT (`+live+`) AND i.updated_at >= ?))
		ORDER BY p.start_at, i.id`, user, since, closedSince)
	return out, err
}

// PlacementFreelancers reads the freelancers with an instruction of any of placements, each once: whose
// calendars a change of those placements touches.
func PlacementFreelancers(ctx context.Context, r database.Reader, placements []int64) ([]int64, error) {
	if len(placements) == 0 {
		return nil, nil
	}
	marks, args := database.In(placements)
	var users []int64
	err := r.Select(ctx, &users, `SELECT DISTINCT user_id FROM instructions WHERE placement_id IN (`+marks+`)
		ORDER BY user_id`, args...)
	return users, err
}

// BookingFreelancers answers the freelancers with an instruction on any placement of booking
// (a change of the booking's title renames their work), each once.
func BookingFreelancers(ctx context.Context, r database.Reader, booking int64) ([]int64, error) {
	var users []int64
	err := r.Select(ctx, &users, `SELECT DISTINCT i.user_id FROM instructions i JOIN placements p ON p.id = i.placement_id
		WHERE p.booking_id = ? ORDER BY i.user_id`, booking)
	return users, err
}
