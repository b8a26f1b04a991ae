package reads

import (
	"context"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// BookingFreelancer is a freelancer holding a live instruction on a booking.
type BookingFreelancer struct {
	UserID    int64  `db:"user_id"`
	Email     string `db:"email"`
	FirstName string `db:"first_name"`
	LastName  string `db:"last_name"`
}

// FreelancersOf is the department of booking (404 when there is no such booking) and the
// freelancers holding a live instruction on it (status.LiveSQL), by name: whom documents asks to sign
// a booking's paperwork (docs/architecture.md, "Tables").
func FreelancersOf(ctx context.Context, r database.Reader, booking int64) (int64, []BookingFreelancer, error) {
	var department int64
	if err := r.Get(ctx, &department, `SELECT department_id FROM bookings WHERE id = ?`, booking); err != nil {
		return 0, nil, database.NotFound(err, "Booking")
	}
	var out []BookingFreelancer
	err := r.Select(ctx, &out, `SELECT DISTINCT u.id AS user_id, u.email, u.first_name, u.last_name
		FROM instructions i JOIN users u ON u.id = i.user_id
		WHERE i.booking_id = ? AND `+status.LiveSQL("i")+` ORDER BY u.first_name, u.last_name, u.id`, booking)
	return department, out, err
}
