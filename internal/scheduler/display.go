// Package scheduler serves the scheduler page: the booking summary (placement groups per day,
// or the grid page's instruction rows) and the filter panel's bookmarks. It reads the tables of
// package bookings and reuses its status rules; it writes only bookmarks.
package scheduler

import "github.com/hive/hive/internal/bookings/status"

// GroupMember is what the display rules read of one instruction of a placement group, or of
// Count alike instructions (the month view counts them in the database).
type GroupMember struct {
	Colour    status.Colour
	Cancelled bool
	// Substitute: this instruction replaces another (its substitutionOfId is set).
	Substitute bool
	// Substituted: another instruction replaces this one.
	Substituted bool
	Count       int
}

// MemberOf is one instruction in state st as the display rules read it.
func MemberOf(st status.State, substitute, substituted bool) GroupMember {
	return GroupMember{Colour: status.ColourOf(st), Cancelled: st.Cancelled(), Substitute: substitute,
		Substituted: substituted, Count: 1}
}

// GroupDisplay is how a placement group shows to one viewer.
type GroupDisplay struct {
	Colour status.Colour
	// Shown holds the indexes (into the members given) of the instructions the group lists.
	Shown []int
	// Counts counts the listed instructions by colour.
	Counts BookingSummaryCounts
	// Hidden: the viewer does not see the group at all.
	Hidden bool
}

// DisplayGroup applies the placement group display rules of spec part 2 §4 to a group's
// instructions, as a viewer sees them (freelancerView: the viewer sees the group only through
// their own instructions). In order:
//
//  1. a cancelled instruction is hidden unless it was substituted (it is then struck through);
//  2. the colour is the worst of the remaining instructions, leaving out substituted ones (their
//     substitute stands for them); with nothing else left it is the worst of the substituted
//     ones; gray when nothing remains;
//  3. a green group hides its non-green instructions unless it holds a substitution, and always
//     hides its substitutes that are not accepted on both sides;
//  4. a freelancer does not see red groups, nor groups left with nothing of theirs to show.
func DisplayGroup(members []GroupMember, freelancerView bool) GroupDisplay {
	kept := make([]int, 0, len(members))
	substitution := false
	for i, m := range members {
		if m.Count > 0 && (!m.Cancelled || m.Substituted) {
			kept = append(kept, i)
			substitution = substitution || m.Substitute || m.Substituted
		}
	}
	d := GroupDisplay{Colour: groupColour(members, kept), Shown: make([]int, 0, len(kept))}
	for _, i := range kept {
		m := members[i]
		if d.Colour == status.Green && m.Colour != status.Green && (!substitution || m.Substitute) {
			continue
		}
		d.Shown = append(d.Shown, i)
		d.Counts.add(m.Colour, m.Count)
	}
	d.Hidden = freelancerView && (d.Colour == status.Red || len(d.Shown) == 0)
	return d
}

// groupColour is rule 2 of DisplayGroup.
func groupColour(members []GroupMember, kept []int) status.Colour {
	standing, replaced := make([]status.Colour, 0, 8), make([]status.Colour, 0, 8)
	for _, i := range kept {
		if members[i].Substituted {
			replaced = append(replaced, members[i].Colour)
		} else {
			standing = append(standing, members[i].Colour)
		}
	}
	if len(standing) > 0 {
		return status.Worst(standing...)
	}
	return status.Worst(replaced...) // gray when empty
}
