package bookings

import (
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/status"
)

func TestCritical(t *testing.T) {
	now := time.Date(2027, 3, 1, 12, 0, 0, 0, time.UTC)
	var (
		orange   = status.State{Supplier: status.Awaiting, Client: status.Awaiting}
		purple   = status.State{Supplier: status.Accepted, Client: status.Awaiting}
		green    = status.State{Supplier: status.Accepted, Client: status.Accepted}
		rejected = status.State{Supplier: status.Rejected, Client: status.Awaiting}
		refused  = status.State{Supplier: status.Accepted, Client: status.Rejected}
		replaced = status.State{Supplier: status.Cancelled, Client: status.Accepted}
		clientOK = status.State{Supplier: status.Awaiting, Client: status.Accepted}
		gone     = status.State{Supplier: status.Accepted, Client: status.Accepted, Deleted: true}
	)
	cases := []struct {
		name      string
		start     time.Duration // from now
		states    []status.State
		placement bool
		each      []bool
	}{
		{"nobody instructed, starts in an hour", time.Hour, nil, true, []bool{}},
		{"awaiting both sides", time.Hour, []status.State{orange}, true, []bool{true}},
		{"awaiting the client only", time.Hour, []status.State{purple}, true, []bool{true}},
		{"awaiting the supplier only", time.Hour, []status.State{clientOK}, true, []bool{true}},
		{"accepted on both sides", time.Hour, []status.State{green}, false, []bool{false}},
		{"one accepted, another still awaiting", time.Hour, []status.State{green, orange}, false, []bool{false, true}},
		{"rejected by the supplier: nobody left", time.Hour, []status.State{rejected}, true, []bool{false}},
		{"refused by the client", time.Hour, []status.State{refused}, true, []bool{false}},
		{"substituted, the substitute still awaits", time.Hour, []status.State{replaced, orange}, true, []bool{false, true}},
		{"accepted but deleted does not staff it", time.Hour, []status.State{gone}, true, []bool{false}},
		{"exactly at the window's edge", CriticalWindow, []status.State{orange}, true, []bool{true}},
		{"a second past the window", CriticalWindow + time.Second, []status.State{orange}, false, []bool{false}},
		{"starting now has started", 0, []status.State{orange}, false, []bool{false}},
		{"started an hour ago", -time.Hour, nil, false, []bool{}},
		{"next week", 7 * 24 * time.Hour, []status.State{orange}, false, []bool{false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			placement, each := Critical(now, now.Add(c.start), c.states)
			if placement != c.placement || !slices.Equal(each, c.each) {
				t.Errorf("Critical = %v %v, want %v %v", placement, each, c.placement, c.each)
			}
		})
	}
}
