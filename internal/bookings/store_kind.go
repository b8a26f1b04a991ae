package bookings

import "github.com/hive/hive/internal/bookings/status"

// The SQL of an instruction's kind and a hold's rank (kind.go), which every instruction read
// carries (InstructionColumns).

// LiveHoldSQL is LiveHold in SQL on instructions a: a hold that is live (status.LiveSQL).
// Its literals are those of the instructions_holds index (migration 00037).
func LiveHoldSQL(a string) string { return a + `.kind = '` + KindHold + `' AND ` + status.LiveSQL(a) }

// HoldAboveSQL is the ranking rule, written once: h is a live hold of i's freelancer whose
// placement overlaps i's and that was placed before i (created_at, then id). It reads the
// copies of the placement's period every instruction carries (migration 00012).
func HoldAboveSQL(h, i string) string {
	return h + `.user_id = ` + i + `.user_id AND ` + LiveHoldSQL(h) + ` AND ` + h + `.placement_start_at < ` + i +
		`.placement_end_at AND ` + h + `.placement_end_at > ` + i + `.placement_start_at AND (` + h + `.created_at < ` + i +
		`.created_at OR (` + h + `.created_at = ` + i + `.created_at AND ` + h + `.id < ` + i + `.id))`
}

// HoldColumns are InstructionRow's hold facts of instructions i: its kind, its rank (holds
// above it counted, never named) and the deadlines of its open challenges either way. Offers,
// nearly every row, run none of the subqueries.
var HoldColumns = `i.kind, CASE WHEN i.kind = '` + KindHold + `' THEN 1 + (SELECT COUNT(*) FROM instructions h WHERE ` +
	HoldAboveSQL("h", "i") + `) ELSE 0 END AS hold_rank,
	CASE WHEN i.kind = '` + KindHold + `' THEN (SELECT MIN(c.deadline) FROM hold_challenges c WHERE c.challenged_id = i.id
		AND c.resolved_at IS NULL) END AS challenged_until,
	CASE WHEN i.kind = '` + KindHold + `' THEN (SELECT MIN(c.deadline) FROM hold_challenges c WHERE c.challenger_id = i.id
		AND c.resolved_at IS NULL) END AS challenging_until`
