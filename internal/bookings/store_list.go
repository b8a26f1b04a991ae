package bookings

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// BookingListItem is one row of GET /booking.
type BookingListItem struct {
	ID             int64  `json:"id" db:"id"`
	Title          string `json:"title" db:"title"`
	Reference      string `json:"reference" db:"reference"`
	Type           string `json:"type" db:"type"`
	ClientName     string `json:"clientName" db:"client_name"`
	DepartmentID   int64  `json:"departmentId" db:"department_id"`
	DepartmentName string `json:"departmentName" db:"department_name"`
	StartDate      string `json:"startDate" db:"start_date" doc:"First live placement's local date; empty when none is live"`
	EndDate        string `json:"endDate" db:"end_date"`
	Placements     int    `json:"placements" db:"placements" doc:"Live placements"`
}

// BookingList is a page of bookings.
type BookingList struct {
	Items []BookingListItem `json:"items"`
	Total int               `json:"total"`
}

// BookingListFilter narrows GET /booking to what the caller may see.
type BookingListFilter struct {
	DepartmentIDs []int64
	Search        string
	Visible       []int64
	All           bool
	Offset, Limit int
}

// List pages the bookings of the visible departments, newest first.
func (s *Store) List(ctx context.Context, f BookingListFilter) (BookingList, error) {
	where, args := []string{"1 = 1"}, []any{}
	if !f.All {
		if len(f.Visible) == 0 {
			return BookingList{Items: []BookingListItem{}}, nil
		}
		marks, ids := database.In(f.Visible)
		where, args = append(where, "b.department_id IN ("+marks+")"), append(args, ids...)
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

// BookingStats counts a booking's placements and instructions by combined colour.
type BookingStats struct {
	BookingID           int64          `json:"bookingId"`
	Placements          int            `json:"placements" doc:"Live placements"`
	CancelledPlacements int            `json:"cancelledPlacements"`
	Unfilled            int            `json:"unfilled" doc:"Live placements without an accepted freelancer"`
	Instructions        int            `json:"instructions" doc:"Instructions, deleted ones included"`
	ByColour            map[string]int `json:"byColour" doc:"Instructions per combined colour: green, purple, orange, red, gray"`
	Colour              string         `json:"colour" doc:"The worst colour of the booking's instructions; gray without any"`
}

// Stats computes the booking's counts; the colour rule is status.ColourOf, as everywhere.
func (s *Store) Stats(ctx context.Context, booking int64) (BookingStats, error) {
	ps, is, _, err := s.Contents(ctx, booking, 0)
	if err != nil {
		return BookingStats{}, err
	}
	st := BookingStats{BookingID: booking, ByColour: map[string]int{}, Instructions: len(is)}
	for _, c := range status.Colours {
		st.ByColour[string(c)] = 0
	}
	filled := map[int64]bool{}
	colours := []status.Colour{}
	for _, i := range is {
		c := status.ColourOf(i.State())
		st.ByColour[string(c)]++
		colours = append(colours, c)
		if c == status.Green {
			filled[i.PlacementID] = true
		}
	}
	for _, p := range ps {
		switch {
		case p.DeletedAt != nil:
			st.CancelledPlacements++
		case !filled[p.ID]:
			st.Placements++
			st.Unfilled++
		default:
			st.Placements++
		}
	}
	st.Colour = string(status.Gray)
	if len(colours) > 0 {
		st.Colour = string(status.Worst(colours...))
	}
	return st, nil
}
