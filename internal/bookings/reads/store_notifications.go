package reads

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// The notifications worker's reads of bookings: the facts of a batch of events (their
// bookings, placements and live freelancers, and which offers still await an answer) and the
// placements starting soon that are not filled. Each is one set-based query per batch.

// BookingEventsTable is bookings' outbox of domain events (migration 00008), written in each
// change's transaction; the notifications worker delivers its rows in id order as it delivers
// invitation_events, reading BookingEventColumns.
const BookingEventsTable = "booking_events"

// BookingEventColumns are the columns of BookingEventsTable that delivery reads.
const BookingEventColumns = "id, kind, booking_id, placement_id, instruction_id, user_id, actor_user_id, payload_json, created_at"

// EventBooking is what a notification says of a booking: its title, department and client.
type EventBooking struct {
	ID             int64  `db:"id"`
	Title          string `db:"title"`
	DepartmentID   int64  `db:"department_id"`
	DepartmentName string `db:"department_name"`
	Timezone       string `db:"timezone"`
	ClientName     string `db:"client_name"`
}

// EventBookings reads bookings ids with their department and client.
func EventBookings(ctx context.Context, r database.Reader, ids []int64) ([]EventBooking, error) {
	marks, args := database.In(ids)
	var bs []EventBooking
	err := r.Select(ctx, &bs, `SELECT b.id, b.title, b.department_id, d.name AS department_name, d.timezone,
		e.name AS client_name FROM bookings b JOIN departments d ON d.id = b.department_id
		JOIN entities e ON e.id = d.client_id WHERE b.id IN (`+marks+`)`, args...)
	return bs, err
}

// EventPlacement is what a notification says of a placement.
type EventPlacement struct {
	ID      int64     `db:"id"`
	Title   string    `db:"title"`
	StartAt time.Time `db:"start_at"`
	EndAt   time.Time `db:"end_at"`
}

// EventPlacements reads placements ids.
func EventPlacements(ctx context.Context, r database.Reader, ids []int64) ([]EventPlacement, error) {
	marks, args := database.In(ids)
	var ps []EventPlacement
	err := r.Select(ctx, &ps, `SELECT id, title, start_at, end_at FROM placements WHERE id IN (`+marks+`)`, args...)
	return ps, err
}

// LiveFreelancer is a freelancer holding a live instruction on a placement of a booking.
type LiveFreelancer struct {
	Placement int64 `db:"placement_id"`
	Booking   int64 `db:"booking_id"`
	User      int64 `db:"user_id"`
}

// LiveFreelancers reads who holds a live instruction (status.LiveSQL) on placements or on any
// placement of bookings, once per placement and user.
func LiveFreelancers(ctx context.Context, r database.Reader, placements, bookings []int64) ([]LiveFreelancer, error) {
	var conds []string
	var args []any
	if len(placements) > 0 {
		marks, a := database.In(placements)
		conds, args = append(conds, `i.placement_id IN (`+marks+`)`), append(args, a...)
	}
	if len(bookings) > 0 {
		marks, a := database.In(bookings)
		conds, args = append(conds, `i.booking_id IN (`+marks+`)`), append(args, a...)
	}
	if len(conds) == 0 {
		return nil, nil
	}
	where := conds[0]
	if len(conds) == 2 {
		where = `(` + conds[0] + ` OR ` + conds[1] + `)`
	}
	var rows []LiveFreelancer
	err := r.Select(ctx, &rows, `SELECT DISTINCT i.placement_id, i.booking_id, i.user_id FROM instructions i
		WHERE `+where+` AND `+status.LiveSQL("i"), args...)
	return rows, err
}

// StillAwaitingAnswer returns those of instructions ids that still await their freelancer's
// answer (status.State.AwaitingAnswer). Delivery mails an offer only while it does.
func StillAwaitingAnswer(ctx context.Context, r database.Reader, ids []int64) ([]int64, error) {
	marks, args := database.In(ids)
	var open []int64
	err := r.Select(ctx, &open, `SELECT i.id FROM instructions i WHERE i.id IN (`+marks+`) AND `+status.AwaitingAnswerSQL("i"), args...)
	return open, err
}

// StartingPlacement is a live placement starting soon.
type StartingPlacement struct {
	ID        int64     `db:"id"`
	BookingID int64     `db:"booking_id"`
	StartAt   time.Time `db:"start_at"`
}

// PlacementsStarting reads up to limit placements (not deleted) starting in (after, until], by
// start, that also meet the caller's condition also on placement alias p (the notifications
// worker's "not told yet", over its own table).
func PlacementsStarting(ctx context.Context, r database.Reader, after, until time.Time, also string, limit int) ([]StartingPlacement, error) {
	var cs []StartingPlacement
	err := r.Select(ctx, &cs, `SELECT p.id, p.booking_id, p.start_at FROM placements p
		WHERE p.deleted_at IS NULL AND p.start_at > ? AND p.start_at <= ? AND `+also+`
		ORDER BY p.start_at, p.id LIMIT `+fmt.Sprint(limit), after, until)
	return cs, err
}

// InstructionStates reads the states of the instructions (deleted ones included) of placements
// ids, by placement.
func InstructionStates(ctx context.Context, r database.Reader, ids []int64) (map[int64][]status.State, error) {
	marks, args := database.In(ids)
	var rows []struct {
		Placement int64  `db:"placement_id"`
		Supplier  string `db:"supplier_status"`
		Client    string `db:"client_status"`
		Deleted   bool   `db:"deleted"`
	}
	if err := r.Select(ctx, &rows, `SELECT placement_id, supplier_status, client_status,
		CASE WHEN deleted_at IS NULL THEN 0 ELSE 1 END AS deleted FROM instructions WHERE placement_id IN (`+marks+`)`,
		args...); err != nil {
		return nil, err
	}
	states := map[int64][]status.State{}
	for _, r := range rows {
		states[r.Placement] = append(states[r.Placement], status.State{Supplier: status.Status(r.Supplier),
			Client: status.Status(r.Client), Deleted: r.Deleted})
	}
	return states, nil
}
