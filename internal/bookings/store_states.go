package bookings

import "github.com/hive/hive/internal/bookings/status"

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
