package overview

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads the bookings list and a booking's counts.
type Store struct{ DB *database.DB }

// List pages the bookings of the visible departments, newest first.
func (s *Store) List(ctx context.Context, f BookingListFilter) (BookingList, error) {
	if f.Visible.None() {
		return BookingList{Items: []BookingListItem{}}, nil
	}
	where, args := []string{"1 = 1"}, []any{}
	if !f.Visible.All {
		cond, ids := f.Visible.Condition("b.department_id")
		where, args = append(where, cond), append(args, ids...)
	}
	if len(f.DepartmentIDs) > 0 {
		marks, ids := database.In(f.DepartmentIDs)
		where, args = append(where, "b.department_id IN ("+marks+")"), append(args, ids...)
	}
	if f.Search != "" {
		where = append(where, "(LOWER(b.title) LIKE ? OR LOWER(b.reference) LIKE ?)")
		like := "%" + strings.ToLower(f.Search) + "%"
		args = append(args, like, like)
	}
	cond := strings.Join(where, " AND ")
	out := BookingList{Items: []BookingListItem{}}
	if err := s.DB.Get(ctx, &out.Total, `SELECT COUNT(*) FROM bookings b WHERE `+cond, args...); err != nil {
		return out, err
	}
	err := s.DB.Select(ctx, &out.Items, `SELECT b.id, b.title, b.reference, b.type, e.name AS client_name,
		b.department_id, d.name AS department_name,
		COALESCE((SELECT MIN(p.local_date) FROM placements p WHERE p.booking_id = b.id AND p.deleted_at IS NULL), '') AS start_date,
		COALESCE((SELECT MAX(p.local_date) FROM placements p WHERE p.booking_id = b.id AND p.deleted_at IS NULL), '') AS end_date,
		(SELECT COUNT(*) FROM placements p WHERE p.booking_id = b.id AND p.deleted_at IS NULL) AS placements
		FROM bookings b JOIN departments d ON d.id = b.department_id JOIN entities e ON e.id = d.client_id
		WHERE `+cond+` ORDER BY b.id DESC LIMIT ? OFFSET ?`, append(args, f.Limit, f.Offset)...)
	return out, err
}

// Stats computes the booking's counts (statsOf).
func (s *Store) Stats(ctx context.Context, booking int64) (BookingStats, error) {
	ps, is, _, err := (&bookings.Store{DB: s.DB}).Contents(ctx, booking, 0)
	if err != nil {
		return BookingStats{}, err
	}
	return statsOf(booking, ps, is), nil
}
