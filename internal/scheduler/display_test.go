package scheduler

import (
	"testing"

	"github.com/hive/hive/internal/bookings/status"
)

// The rule itself is tested in package status against the table the web shares; this tests
// what the scheduler adds: the counts of what a group lists.
func TestDisplayGroupCountsTheListedInstructions(t *testing.T) {
	member := func(s, c status.Status, n int) status.GroupMember {
		m := status.MemberOf(status.State{Supplier: s, Client: c}, false, false)
		m.Count = n
		return m
	}
	green := member(status.Accepted, status.Accepted, 1)
	orange := member(status.Awaiting, status.Awaiting, 1)
	cancelled := member(status.Accepted, status.Cancelled, 1)
	rejected := member(status.Rejected, status.Awaiting, 1)
	deleted := status.MemberOf(status.State{Supplier: status.Accepted, Client: status.Accepted, Deleted: true}, false, false)
	times := func(m status.GroupMember, n int) status.GroupMember { m.Count = n; return m }

	_, got := displayGroup([]status.GroupMember{times(green, 3), times(orange, 2), cancelled, rejected}, false)
	if want := (BookingSummaryCounts{Green: 3, Orange: 2, Red: 1}); got != want {
		t.Errorf("counts %+v, want %+v", got, want)
	}
	_, got = displayGroup([]status.GroupMember{times(green, 2), deleted}, false)
	if want := (BookingSummaryCounts{Green: 2}); got != want {
		t.Errorf("a green group counts what it lists: %+v", got)
	}
}
