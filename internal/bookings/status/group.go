package status

// The placement group display of spec part 2 §4: which of a placement's instructions a view
// lists, and the one colour the placement shows. The agenda's cards, the scheduler's chips and
// the booking page all follow it; the web's twin (web/src/lib/status/group.ts) is tested against
// the same table of cases (testdata/group_cases.json).

// GroupMember is what the display rule reads of one instruction of a placement, or of Count
// alike instructions (the scheduler's month view counts them in the database).
type GroupMember struct {
	Colour    Colour
	Cancelled bool
	// Substitute: this instruction replaces another (its substitutionOfId is set).
	Substitute bool
	// Substituted: a live instruction replaces this one; it is listed struck through and
	// labelled Substituted.
	Substituted bool
	Count       int
}

// MemberOf is one instruction in state st as the display rule reads it.
func MemberOf(st State, substitute, substituted bool) GroupMember {
	return GroupMember{Colour: ColourOf(st), Cancelled: st.Cancelled(), Substitute: substitute,
		Substituted: substituted, Count: 1}
}

// GroupDisplay is how a placement shows to one viewer.
type GroupDisplay struct {
	Colour Colour
	// Shown holds the indexes (into the members given) of the instructions the placement lists.
	Shown []int
	// Hidden: a freelancer's calendar does not show the placement at all.
	Hidden bool
}

// DisplayGroup applies the placement group display rule to a placement's instructions, as a
// viewer sees them (freelancerView: the viewer sees the placement only through their own
// instructions). In order:
//
//  1. a cancelled instruction is hidden unless it was substituted (it is then struck through),
//     so an offer cancelled earlier does not paint a placement someone has since accepted red;
//  2. the colour is the worst of the remaining instructions, leaving out substituted ones (their
//     substitute stands for them); with nothing else left it is the worst of the substituted
//     ones; gray when nothing remains;
//  3. a green placement hides its non-green instructions unless it holds a substitution, and
//     always hides its substitutes that are not accepted on both sides;
//  4. a freelancer does not see red placements, nor placements left with nothing of theirs.
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
		if d.Colour == Green && m.Colour != Green && (!substitution || m.Substitute) {
			continue
		}
		d.Shown = append(d.Shown, i)
	}
	d.Hidden = freelancerView && (d.Colour == Red || len(d.Shown) == 0)
	return d
}

// groupColour is rule 2 of DisplayGroup.
func groupColour(members []GroupMember, kept []int) Colour {
	standing, replaced := make([]Colour, 0, len(kept)), make([]Colour, 0, 2)
	for _, i := range kept {
		if members[i].Substituted {
			replaced = append(replaced, members[i].Colour)
		} else {
			standing = append(standing, members[i].Colour)
		}
	}
	if len(standing) > 0 {
		return Worst(standing...)
	}
	return Worst(replaced...) // gray when empty
}
