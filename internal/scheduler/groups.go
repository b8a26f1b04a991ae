package scheduler

import (
	"cmp"
	"slices"

	"github.com/hive/hive/internal/bookings/reads/schedule"
	"github.com/hive/hive/internal/bookings/status"
)

// groupKey identifies a placement group: one booking's placements on one local date with the
// same title and times (cancelled ones apart).
type groupKey struct {
	booking                 int64
	date, title, start, end string
	deleted                 bool
}

// groupDraft collects one group's placements and the members the display rules read; rows[n]
// is the instruction behind members[n], nil for a member counted in the database.
type groupDraft struct {
	placement    schedule.SchedulerPlacement
	booking      schedule.SchedulerBooking
	placementIDs []int64
	members      []status.GroupMember
	rows         []*schedule.SchedulerInstruction
}

// assembleDays groups the placements with their instructions into the days of the range, in
// order, applying the display rules and the colour filter. A placement read with packed counts
// (the month view) contributes those counts, unless it holds a substitution: its instructions
// are then among is, one by one, like every instruction of the other views.
func assembleDays(dates []string, ps []schedule.SchedulerPlacement, is []schedule.SchedulerInstruction, f SummaryFilter, bs map[int64]schedule.SchedulerBooking) []BookingSummaryDay {
	byPlacement := make(map[int64][]*schedule.SchedulerInstruction, len(is))
	for n := range is {
		byPlacement[is[n].PlacementID] = append(byPlacement[is[n].PlacementID], &is[n])
	}
	byDate := make(map[string][]*groupDraft, len(dates))
	index := make(map[groupKey]*groupDraft, len(ps))
	for _, p := range ps {
		k := groupKey{p.BookingID, p.LocalDate, p.Title, p.StartTime, p.EndTime, p.Deleted}
		g := index[k]
		if g == nil {
			g = &groupDraft{placement: p, booking: bs[p.BookingID]}
			index[k] = g
			byDate[p.LocalDate] = append(byDate[p.LocalDate], g)
		}
		g.add(p, byPlacement[p.ID])
	}
	days := make([]BookingSummaryDay, 0, len(dates))
	for _, date := range dates {
		drafts := byDate[date]
		slices.SortFunc(drafts, compareGroups)
		day := BookingSummaryDay{Date: date, Groups: []BookingSummaryGroup{}}
		for _, g := range drafts {
			if out, ok := g.finish(f); ok {
				day.count(out, f.GroupsPerDay)
			}
		}
		days = append(days, day)
	}
	return days
}

// count counts group g in the day, and lists it unless the day already lists groupsPerDay.
func (d *BookingSummaryDay) count(g BookingSummaryGroup, groupsPerDay int) {
	d.GroupCount++
	d.PlacementCount += len(g.PlacementIDs)
	if groupsPerDay == 0 || len(d.Groups) < groupsPerDay {
		d.Groups = append(d.Groups, g)
	}
}

// add puts placement p with its instructions into the group.
func (g *groupDraft) add(p schedule.SchedulerPlacement, is []*schedule.SchedulerInstruction) {
	g.placementIDs = append(g.placementIDs, p.ID)
	if p.Packed != 0 && !p.Substitution {
		for kind, n := range schedule.Unpack(p.Packed) {
			if n > 0 {
				g.members = append(g.members, status.GroupMember{Colour: schedule.PackedColours[kind], Count: n})
				g.rows = append(g.rows, nil)
			}
		}
	}
	for _, i := range is {
		g.members = append(g.members, status.MemberOf(i.State(), i.SubstitutionOfID != nil, i.Substituted))
		g.rows = append(g.rows, i)
	}
}

// compareGroups orders a day's groups by start time, booking title, booking, title and end time
// (live ones first): the order of the placement_day_groups index (store_overview.go).
func compareGroups(a, b *groupDraft) int {
	pa, pb := &a.placement, &b.placement
	return cmp.Or(cmp.Compare(pa.StartTime, pb.StartTime), cmp.Compare(a.booking.Title, b.booking.Title),
		cmp.Compare(pa.BookingID, pb.BookingID), cmp.Compare(pa.Title, pb.Title), cmp.Compare(pa.EndTime, pb.EndTime),
		cmpBool(pa.Deleted, pb.Deleted))
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// finish applies the display rules; false when the viewer does not see the group or its colour
// is filtered out.
func (g *groupDraft) finish(f SummaryFilter) (BookingSummaryGroup, bool) {
	p, b := &g.placement, &g.booking
	d, counts := displayGroup(g.members, f.FreelancerView(b.DepartmentID))
	if d.Hidden || (len(f.Colours) > 0 && !slices.Contains(f.Colours, d.Colour)) {
		return BookingSummaryGroup{}, false
	}
	slices.Sort(g.placementIDs)
	out := BookingSummaryGroup{BookingID: p.BookingID, BookingTitle: b.Title, ClientName: b.ClientName,
		DepartmentID: b.DepartmentID, DepartmentName: b.DepartmentName, CancelWindowDays: b.CancelWindowDays,
		PlacementTitle: p.Title, StartTime: clock(p.StartTime), EndTime: clock(p.EndTime), Overnight: p.Overnight,
		Deleted: p.Deleted, Colour: string(d.Colour), PlacementIDs: g.placementIDs, Counts: counts}
	if f.OverviewOnly {
		return out, true
	}
	listed := make([]BookingSummaryInstruction, 0, len(d.Shown))
	for _, n := range d.Shown {
		if i := g.rows[n]; i != nil {
			listed = append(listed, BookingSummaryInstruction{ID: i.ID, PlacementID: i.PlacementID, UserID: i.UserID,
				FullName: i.FirstName + " " + i.LastName, SupplierStatus: i.SupplierStatus, ClientStatus: i.ClientStatus,
				Colour: string(g.members[n].Colour), SubstitutionOfID: i.SubstitutionOfID, Substituted: i.Substituted})
		}
	}
	slices.SortStableFunc(listed, compareListed)
	out.Instructions = &listed
	return out, true
}

// compareListed orders a group's instructions by the status sort priority, then by name.
func compareListed(a, b BookingSummaryInstruction) int {
	pa := status.SortPriority(status.State{Supplier: status.Status(a.SupplierStatus), Client: status.Status(a.ClientStatus)})
	pb := status.SortPriority(status.State{Supplier: status.Status(b.SupplierStatus), Client: status.Status(b.ClientStatus)})
	return cmp.Or(cmp.Compare(pa, pb), cmp.Compare(a.FullName, b.FullName), cmp.Compare(a.ID, b.ID))
}
