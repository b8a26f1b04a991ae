package overview

import (
	"testing"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
)

func TestBookingColourIsItsWorstPlacementsDisplay(t *testing.T) {
	row := func(id, placement int64, s, c status.Status) bookings.InstructionRow {
		return bookings.InstructionRow{ID: id, PlacementID: placement, SupplierStatus: string(s), ClientStatus: string(c)}
	}
	// An earlier offer to someone else was cancelled; the freelancer offered next accepted.
	healthy := []bookings.InstructionRow{row(1, 10, status.Cancelled, status.Awaiting), row(2, 10, status.Accepted, status.Accepted)}
	if st := statsOf(1, []bookings.PlacementRow{{ID: 10}}, healthy); st.Colour != string(status.Green) || st.ByColour["red"] != 1 {
		t.Errorf("stats %+v", st)
	}
	if st := statsOf(1, nil, nil); st.Colour != string(status.Gray) {
		t.Errorf("empty booking %+v", st)
	}
}
