package reads

import (
	"strings"
	"testing"

	"github.com/hive/hive/internal/bookings/status"
)

func TestColourSQLComesFromTheStatusRule(t *testing.T) {
	// The ranks follow status.Worst: the worst colour ranks highest.
	ranked := RankedColours()
	for i := 1; i < len(ranked); i++ {
		if status.Worst(ranked[i-1], ranked[i]) != ranked[i] {
			t.Fatalf("ranks %v disagree with status.Worst", ranked)
		}
	}
	// Every pair of statuses lands in the colour ColourOf gives it.
	for colour, pairs := range status.PairsByColour() {
		for _, p := range pairs {
			if got := status.ColourOf(status.State{Supplier: p.Supplier, Client: p.Client}); got != colour {
				t.Errorf("%v: %s, want %s", p, got, colour)
			}
		}
	}
	if !strings.Contains(GreenSQL(), "i.supplier_status = 'accepted' AND i.client_status IN ('accepted')") {
		t.Fatalf("green %s", GreenSQL())
	}
}
