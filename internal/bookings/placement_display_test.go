package bookings

import (
	"testing"

	"github.com/hive/hive/internal/bookings/status"
)

func TestBookingColourFollowsThePlacementGroupDisplay(t *testing.T) {
	row := func(id, placement int64, s, c status.Status) InstructionRow {
		return InstructionRow{ID: id, PlacementID: placement, SupplierStatus: string(s), ClientStatus: string(c)}
	}
	// An earlier offer to someone else was cancelled; the freelancer offered next accepted.
	healthy := []InstructionRow{row(1, 10, status.Cancelled, status.Awaiting), row(2, 10, status.Accepted, status.Accepted)}
	if d := PlacementDisplay(healthy); d.Colour != status.Green || len(d.Shown) != 1 || d.Shown[0] != 1 {
		t.Errorf("healthy placement %+v", d)
	}
	// A substitute still awaiting their answer: the incumbent is listed (struck through), the
	// substitute colours the placement.
	incumbent := row(1, 10, status.Cancelled, status.Accepted)
	substitute := row(2, 10, status.Awaiting, status.Accepted)
	substitute.SubstitutionOfID = &incumbent.ID
	if d := PlacementDisplay([]InstructionRow{incumbent, substitute}); d.Colour != status.Orange || len(d.Shown) != 2 {
		t.Errorf("substitution %+v", d)
	}
	// A substitute who declined no longer stands for the incumbent, who is then hidden.
	substitute.SupplierStatus = string(status.Rejected)
	if d := PlacementDisplay([]InstructionRow{incumbent, substitute}); d.Colour != status.Red || len(d.Shown) != 1 || d.Shown[0] != 1 {
		t.Errorf("declined substitute %+v", d)
	}
}
