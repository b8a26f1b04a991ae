// Package overview is what a manager reads of bookings as a whole: the list of the bookings of
// the departments they may see (GET /booking) and a booking's placements and instructions
// counted by colour (GET /booking/stats/{id}), by the status rules of package status.
package overview

import (
	"github.com/hive/hive/internal/bookings"
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

// BookingStats counts a booking's placements and instructions by combined colour.
type BookingStats struct {
	BookingID           int64          `json:"bookingId"`
	Placements          int            `json:"placements" doc:"Live placements"`
	CancelledPlacements int            `json:"cancelledPlacements"`
	Unfilled            int            `json:"unfilled" doc:"Live placements without an accepted freelancer"`
	Instructions        int            `json:"instructions" doc:"Instructions, deleted ones included"`
	ByColour            map[string]int `json:"byColour" doc:"Instructions per combined colour: green, purple, orange, red, gray"`
	Colour              string         `json:"colour" doc:"The worst of its live placements' colours by the placement group display rule; gray without any"`
}

// statsOf counts a booking's placements and instructions; the colour rule is status.ColourOf,
// as everywhere, and the booking's colour the worst of its live placements' (PlacementDisplay).
func statsOf(booking int64, ps []bookings.PlacementRow, is []bookings.InstructionRow) BookingStats {
	st := BookingStats{BookingID: booking, ByColour: map[string]int{}, Instructions: len(is)}
	for _, c := range status.Colours {
		st.ByColour[string(c)] = 0
	}
	filled := map[int64]bool{}
	byPlacement := map[int64][]bookings.InstructionRow{}
	for _, i := range is {
		c := status.ColourOf(i.State())
		st.ByColour[string(c)]++
		byPlacement[i.PlacementID] = append(byPlacement[i.PlacementID], i)
		if c == status.Green {
			filled[i.PlacementID] = true
		}
	}
	colours := []status.Colour{}
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
		if p.DeletedAt == nil && len(byPlacement[p.ID]) > 0 {
			colours = append(colours, bookings.PlacementDisplay(byPlacement[p.ID]).Colour)
		}
	}
	st.Colour = string(status.Worst(colours...)) // gray without any
	return st
}

// BookingListFilter narrows GET /booking to what the caller may see.
type BookingListFilter struct {
	DepartmentIDs []int64
	Search        string
	Visible       database.Visibility
	Offset, Limit int
}
