package reads

import (
	"strconv"
	"strings"

	"github.com/hive/hive/internal/bookings/status"
)

// The money rule (status.PlacementCounts) in SQL, generated from the status package: which
// status pairs count as confirmed and which are open (status.CountOf), and the order of a
// placement's open offers (status.PipelineRank). What the SQL adds is the rule's shape, the
// same as PlacementCounts': an open offer is its placement's pipeline when no instruction of
// the placement is confirmed and no other open offer ranks before it (rank, then id).
// TestCountSQLFollowsThePlacementRule checks it against PlacementCounts.

// countPairs lists, per count, the status pairs a live instruction counting so on its own has.
func countPairs() map[status.Count][]status.Pair { return status.PairsBy(status.CountOf) }

// countIsSQL is true for a live instruction of alias that counts as n on its own (CountOf).
func countIsSQL(alias string, n status.Count) string {
	return "(" + alias + ".deleted_at IS NULL AND " + status.PairsSQL(alias, countPairs()[n]) + ")"
}

// pipelineRankSQL is status.PipelineRank of an open instruction of alias, as a CASE.
func pipelineRankSQL(alias string) string {
	var sb strings.Builder
	sb.WriteString("CASE")
	byRank := map[int][]status.Pair{}
	var ranks []int
	for _, p := range countPairs()[status.CountPipeline] {
		r := status.PipelineRank(status.State{Supplier: p.Supplier, Client: p.Client})
		if _, ok := byRank[r]; !ok {
			ranks = append(ranks, r)
		}
		byRank[r] = append(byRank[r], p)
	}
	for _, r := range ranks {
		sb.WriteString(" WHEN " + status.PairsSQL(alias, byRank[r]) + " THEN " + strconv.Itoa(r))
	}
	sb.WriteString(" END")
	return sb.String()
}

// countSQL is how instruction i counts (a status.Count) within its placement.
func countSQL() string {
	open := func(alias string) string { return countIsSQL(alias, status.CountPipeline) }
	before := `EXISTS (SELECT 1 FROM instructions j WHERE j.placement_id = i.placement_id AND j.id <> i.id AND (` +
		countIsSQL("j", status.CountConfirmed) + ` OR (` + open("j") + ` AND (` + pipelineRankSQL("j") + ` < ` +
		pipelineRankSQL("i") + ` OR (` + pipelineRankSQL("j") + ` = ` + pipelineRankSQL("i") + ` AND j.id < i.id)))))`
	return "CASE WHEN " + countIsSQL("i", status.CountConfirmed) + " THEN '" + string(status.CountConfirmed) + "'" +
		" WHEN " + open("i") + " AND NOT " + before + " THEN '" + string(status.CountPipeline) + "'" +
		" WHEN " + open("i") + " THEN '" + string(status.CountAlternative) + "'" +
		" ELSE '" + string(status.CountNothing) + "' END"
}
