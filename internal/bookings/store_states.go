package bookings

import (
	"fmt"

	"github.com/hive/hive/internal/bookings/status"
)

// placement_states (migration 00029) is a read model of the placements and their instructions
// that the database keeps by triggers: per placement its period, date, cancellation and the set
// of (supplier, client) status pairs its instructions that are not deleted hold, one bit each.
// Other features count placements by their instructions' statuses from it (the agenda's tab
// counts) with masks built here from their own rules, so the rules stay in Go.

// PlacementStatesTable is the read model's table; it has the placement's columns booking_id,
// local_date, start_at, end_at and deleted_at, and pairs.
const PlacementStatesTable = "placement_states"

// pairStatuses numbers the statuses as the migration's CASE does; any other value is
// len(pairStatuses).
var pairStatuses = []status.Status{status.Awaiting, status.Accepted, status.Rejected, status.Cancelled, status.Unknown}

// otherPairStatus stands for a status outside pairStatuses.
const otherPairStatus = status.Status("")

// pairBit is the bit of placement_states.pairs that a not-deleted instruction with statuses
// (supplier, client) sets.
func pairBit(supplier, client status.Status) int64 {
	index := func(s status.Status) int {
		for n, known := range pairStatuses {
			if s == known {
				return n
			}
		}
		return len(pairStatuses)
	}
	return int64(1) << (6*index(supplier) + index(client))
}

// StatePairsMask is the mask of placement_states.pairs for the instructions (not deleted) whose
// state satisfies match: "pairs & mask <> 0" holds when the placement has such an instruction.
func StatePairsMask(match func(status.State) bool) int64 {
	var mask int64
	all := append(append([]status.Status{}, pairStatuses...), otherPairStatus)
	for _, s := range all {
		for _, c := range all {
			if match(status.State{Supplier: s, Client: c}) {
				mask |= pairBit(s, c)
			}
		}
	}
	return mask
}

// PairCountColumns are placement_states' counts of a placement's instructions that are not
// deleted, by status pair (migration 00031), in PairCounts' order.
const PairCountColumns = "pair_counts_0, pair_counts_1, pair_counts_2, pair_counts_3, pair_counts_4, pair_counts_5"

// PairCounts is a placement's pair_counts_S columns: for the supplier status at position S of
// the pair numbering, 10 bits per client status position.
type PairCounts [6]int64

// Each calls fn with each status pair the placement's instructions (not deleted) hold and how
// many hold it; the pair of a status outside the known ones carries "" for it.
func (c PairCounts) Each(fn func(st status.State, n int)) {
	all := append(append([]status.Status{}, pairStatuses...), otherPairStatus)
	for s, supplier := range all {
		for k, client := range all {
			if n := int(c[s] >> (10 * k) & 1023); n > 0 {
				fn(status.State{Supplier: supplier, Client: client}, n)
			}
		}
	}
}

// PairStates lists one state (not deleted) for each status pair set in a placement's pairs:
// what the rules that read only which states occur (bookings.Critical's placement verdict)
// need of its instructions.
func PairStates(pairs int64) []status.State {
	var out []status.State
	all := append(append([]status.Status{}, pairStatuses...), otherPairStatus)
	for _, s := range all {
		for _, c := range all {
			if pairs&pairBit(s, c) != 0 {
				out = append(out, status.State{Supplier: s, Client: c})
			}
		}
	}
	return out
}

// EachPair calls fn with every status pair placement_states numbers.
func EachPair(fn func(st status.State)) {
	all := append(append([]status.Status{}, pairStatuses...), otherPairStatus)
	for _, s := range all {
		for _, c := range all {
			fn(status.State{Supplier: s, Client: c})
		}
	}
}

// PairCountSQL is the SQL count of the instructions (not deleted) of the placement_states row
// alias a that hold pair st, read from its pair_counts_S column.
func PairCountSQL(a string, st status.State) string {
	bit := pairBit(st.Supplier, st.Client)
	n := 0
	for bit > 1 {
		bit >>= 1
		n++
	}
	return fmt.Sprintf("((%s.pair_counts_%d >> %d) & 1023)", a, n/6, 10*(n%6))
}
