package scheduler

import (
	"slices"
	"testing"

	"github.com/hive/hive/internal/bookings/status"
)

// Members by their statuses: a = awaiting_response, y = accepted, n = rejected, c = cancelled.
func member(supplier, client byte) GroupMember {
	of := map[byte]status.Status{'a': status.Awaiting, 'y': status.Accepted, 'n': status.Rejected,
		'c': status.Cancelled, 'u': status.Unknown}
	return MemberOf(status.State{Supplier: of[supplier], Client: of[client]}, false, false)
}

var (
	green    = member('y', 'y')
	purple   = member('y', 'a')
	orange   = member('a', 'a')
	rejected = member('n', 'a')
	// cancelled by the client, nobody replaces them.
	cancelled = member('y', 'c')
	// incumbent replaced by a substitute: their supplier side is cancelled ("Substituted").
	incumbent = MemberOf(status.State{Supplier: status.Cancelled, Client: status.Accepted}, false, true)
	unknown   = member('u', 'u')
	deleted   = MemberOf(status.State{Supplier: status.Accepted, Client: status.Accepted, Deleted: true}, false, false)
)

func substitute(m GroupMember) GroupMember { m.Substitute = true; return m }

// times is m standing for n alike instructions (as the month view counts them).
func times(m GroupMember, n int) GroupMember { m.Count = n; return m }

func TestDisplayGroupAppliesThePlacementGroupRules(t *testing.T) {
	cases := []struct {
		name       string
		members    []GroupMember
		freelancer bool
		colour     status.Colour
		shown      []int
		hidden     bool
	}{
		{"no instructions is gray", nil, false, status.Gray, []int{}, false},
		{"a freelancer does not see an empty group", nil, true, status.Gray, []int{}, true},
		{"both accepted is green", []GroupMember{green}, false, status.Green, []int{0}, false},
		{"the worst instruction colours the group", []GroupMember{green, purple, orange}, false, status.Orange, []int{0, 1, 2}, false},
		{"purple beats green", []GroupMember{green, purple}, false, status.Purple, []int{0, 1}, false},
		{"a rejection makes the group red", []GroupMember{green, rejected}, false, status.Red, []int{0, 1}, false},
		{"a freelancer does not see red groups", []GroupMember{rejected}, true, status.Red, []int{0}, true},
		{"a freelancer sees the other colours", []GroupMember{orange}, true, status.Orange, []int{0}, false},
		{"a cancelled instruction is hidden and does not colour the group", []GroupMember{cancelled, green}, false, status.Green, []int{1}, false},
		{"only cancelled instructions leave an empty gray group", []GroupMember{cancelled}, false, status.Gray, []int{}, false},
		{"a freelancer whose instruction was cancelled sees nothing", []GroupMember{cancelled}, true, status.Gray, []int{}, true},
		{"a substituted instruction stays (struck through) beside its accepted substitute",
			[]GroupMember{incumbent, substitute(green)}, false, status.Green, []int{0, 1}, false},
		{"a substitute still awaiting colours the group", []GroupMember{incumbent, substitute(orange)}, false, status.Orange, []int{0, 1}, false},
		{"a substituted instruction alone is red", []GroupMember{incumbent}, false, status.Red, []int{0}, false},
		{"so a substituted freelancer does not see it", []GroupMember{incumbent}, true, status.Red, []int{0}, true},
		{"a green group hides its non-green instructions", []GroupMember{green, deleted, unknown}, false, status.Green, []int{0}, false},
		{"unless it holds a substitution", []GroupMember{green, deleted, incumbent, substitute(green)}, false, status.Green, []int{0, 1, 2, 3}, false},
		{"a green group hides substitutes not accepted on both sides", []GroupMember{green, incumbent, substitute(deleted)}, false, status.Green, []int{0, 1}, false},
		{"other groups show their substitutes whatever their state", []GroupMember{incumbent, substitute(purple), substitute(unknown)}, false, status.Purple, []int{0, 1, 2}, false},
		{"deleted or unknown instructions alone are gray", []GroupMember{deleted, unknown}, false, status.Gray, []int{0, 1}, false},
		{"counted members weigh their count", []GroupMember{times(green, 3), times(orange, 2)}, false, status.Orange, []int{0, 1}, false},
		{"an empty count is no instruction", []GroupMember{times(green, 3), times(rejected, 0)}, false, status.Green, []int{0}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := DisplayGroup(c.members, c.freelancer)
			if got.Colour != c.colour || !slices.Equal(got.Shown, c.shown) || got.Hidden != c.hidden {
				t.Errorf("got colour %s, shown %v, hidden %v; want %s, %v, %v", got.Colour, got.Shown, got.Hidden,
					c.colour, c.shown, c.hidden)
			}
			// Counts are those of the listed instructions, by colour.
			var want BookingSummaryCounts
			for _, i := range c.shown {
				want.add(c.members[i].Colour, c.members[i].Count)
			}
			if got.Counts != want {
				t.Errorf("counts %v, want %v", got.Counts, want)
			}
		})
	}
}

func TestDisplayGroupCountsTheListedInstructions(t *testing.T) {
	got := DisplayGroup([]GroupMember{times(green, 3), times(orange, 2), cancelled, rejected}, false)
	if want := (BookingSummaryCounts{Green: 3, Orange: 2, Red: 1}); got.Counts != want {
		t.Errorf("counts %+v, want %+v", got.Counts, want)
	}
	got = DisplayGroup([]GroupMember{times(green, 2), deleted}, false)
	if want := (BookingSummaryCounts{Green: 2}); got.Counts != want {
		t.Errorf("a green group counts what it lists: %+v", got.Counts)
	}
}
