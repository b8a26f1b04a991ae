package status

import (
	"time"

	"github.com/hive/hive/internal/platform/input"
)

// The money rule: how an instruction's cost and charge count in every total Hive shows (the
// Financial Metrics report, the dashboard's money, any future total). It is written once, here;
// the dashboard's SQL is generated from it (internal/dashboard/facts) and the reports apply it
// to each placement's rows (internal/reports).
//
//   - Work accepted by both sides (green) counts: its cost, charge and margin.
//   - Work awaiting an answer (purple or orange) is pipeline, shown apart and never added to
//     what counts. A placement counts in the pipeline once: the open offer that would most
//     likely fill it (the one its freelancer has accepted, then the earliest), and nothing
//     when one of its instructions is already confirmed (a confirmed instruction fills its
//     placement, as the fill rate and the green group say). Its other open offers are
//     alternatives that count nothing, so a placement offered to three people is not three
//     charges.
//   - Cancelled, rejected, removed and unknown instructions count nothing. A late cancellation
//     (LateCancellation) is flagged, not charged: Hive has no cancellation terms yet.

// Count is how an instruction's money counts.
type Count string

// The counts.
const (
	CountConfirmed   Count = "confirmed"   // accepted by both sides: counted
	CountPipeline    Count = "pipeline"    // its placement's open offer, counted apart as pipeline
	CountAlternative Count = "alternative" // an open offer of a placement counted already: nothing
	CountNothing     Count = "nothing"     // cancelled, rejected, removed or unknown: nothing
)

// CountOf is how one instruction counts on its own: confirmed, pipeline (open: awaiting an
// answer) or nothing. PlacementCounts then keeps one open offer per placement in the pipeline.
func CountOf(s State) Count {
	switch ColourOf(s) {
	case Green:
		return CountConfirmed
	case Purple, Orange:
		return CountPipeline
	}
	return CountNothing
}

// PipelineRank orders a placement's open offers for the pipeline, lower first: one its
// freelancer has accepted (awaiting the client only) before one still awaiting the freelancer.
// Between equal ranks the earlier instruction (lower id) is the placement's pipeline.
func PipelineRank(s State) int {
	if s.Supplier == Accepted {
		return 0
	}
	return 1
}

// PlacementCounts is how each instruction of one placement counts, given its instructions in
// id order (the earliest first): CountOf for each, then the pipeline narrowed to one open
// offer, none when an instruction is confirmed (the rule above).
func PlacementCounts(states []State) []Count {
	out := make([]Count, len(states))
	filled, best := false, -1
	for i, s := range states {
		out[i] = CountOf(s)
		switch out[i] {
		case CountConfirmed:
			filled = true
		case CountPipeline:
			if best < 0 || PipelineRank(s) < PipelineRank(states[best]) {
				best = i
			}
		}
	}
	for i := range out {
		if out[i] == CountPipeline && (filled || i != best) {
			out[i] = CountAlternative
		}
	}
	return out
}

// LateCancellation reports whether a cancellation at cancelledAt came after the placement's
// start minus its department's cancel window (whole days counted on the department's calendar,
// so a window keeps its wall-clock time across a clock change). A cancelled instruction's time
// is its latest modification (spec part 2 §4).
func LateCancellation(cancelledAt, start time.Time, zone string, windowDays int) bool {
	if loc, err := input.Zone(zone); err == nil { // loaded once: a grid page asks for each row
		start = start.In(loc)
	}
	return cancelledAt.After(start.AddDate(0, 0, -windowDays))
}
