package reads

// placement_states (migration 00029) is a read model of the placements and their instructions
// that the database keeps by triggers: per placement its period, date, cancellation and the set
// of (supplier, client) status pairs its instructions that are not deleted hold, one bit each.
// Other features count placements by their instructions' statuses from it (the agenda's tab
// counts) with masks built from
// their own rules by status.PairsMask (bookings/status/sql.go), so the rules stay in Go.

// PlacementStatesTable is the read model's table; it has the placement's columns booking_id,
// local_date, start_at, end_at and deleted_at, and pairs.
const PlacementStatesTable = "placement_states"

// PairCountColumns are placement_states' counts of a placement's instructions that are not
// deleted, by status pair (migration 00031), in status.PairCounts' order.
const PairCountColumns = "pair_counts_0, pair_counts_1, pair_counts_2, pair_counts_3, pair_counts_4, pair_counts_5"
