// Package scheduler serves the scheduler page: the booking summary (placement groups per day,
// or the grid page's instruction rows) and the filter panel's bookmarks. It reads the tables of
// package bookings and reuses its status rules; it writes only bookmarks.
package scheduler

import "github.com/hive/hive/internal/bookings/status"

// displayGroup applies the placement group display rule (status.DisplayGroup, its one home) and
// counts the instructions it lists by colour.
func displayGroup(members []status.GroupMember, freelancerView bool) (status.GroupDisplay, BookingSummaryCounts) {
	d := status.DisplayGroup(members, freelancerView)
	var counts BookingSummaryCounts
	for _, i := range d.Shown {
		counts.add(members[i].Colour, members[i].Count)
	}
	return d, counts
}
