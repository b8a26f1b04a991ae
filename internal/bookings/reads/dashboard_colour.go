package reads

import (
	"slices"

	"github.com/hive/hive/internal/bookings/status"
)

// The dashboard counts colours in SQL, so that a year of instructions is grouped by the
// database, not read row by row. The SQL must not hold a copy of the colour rule: it is
// generated from status.ColourOf (status.PairsByColour, status.PairsSQL) and from status.Worst
// for a placement's colour.

// deletedColour is the colour of a deleted instruction.
var deletedColour = status.ColourOf(status.State{Deleted: true})

// emptyColour is the colour of a placement without instructions (the worst of none).
var emptyColour = status.Worst()

// RankedColours are status.Colours from the best to the worst as status.Worst orders them, so
// a placement's colour is the one of its instructions' highest rank.
func RankedColours() []status.Colour {
	cs := slices.Clone(status.Colours)
	slices.SortStableFunc(cs, func(a, b status.Colour) int {
		switch {
		case a == b:
			return 0
		case status.Worst(a, b) == b:
			return -1
		}
		return 1
	})
	return cs
}

// rankOf is a colour's position in RankedColours.
func rankOf(c status.Colour) int { return slices.Index(RankedColours(), c) }
