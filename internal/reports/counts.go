package reports

import (
	"slices"

	"github.com/hive/hive/internal/bookings/status"
)

// The Financial Metrics report applies the money rule (status.PlacementCounts): its Cost,
// Charge and Margin hold confirmed work only, its Pipeline columns the one open offer each
// unfilled placement counts, and every other row (cancelled, rejected, an alternative offer)
// is listed with its status and zero amounts, so that the columns add up to what is owed.

// countLabels are the Counted As cells.
var countLabels = map[status.Count]string{
	status.CountConfirmed:   "Confirmed",
	status.CountPipeline:    "Pipeline",
	status.CountAlternative: "Alternative offer",
	status.CountNothing:     "Not counted",
}

// countPlacements turns rows (a placement's rows together, in id order) into the same rows,
// each with how it counts and whether it is a late cancellation, handed to fn once its
// placement's last row has passed; only the rows of users, when given. One placement's rows are
// held at a time.
func countPlacements(users []int64, rows func(func(*InstructionRow) error) error) func(func(*InstructionRow) error) error {
	return func(fn func(*InstructionRow) error) error {
		var held []InstructionRow
		flush := func() error {
			states := make([]status.State, len(held))
			for i := range held {
				states[i] = held[i].State()
			}
			for i, c := range status.PlacementCounts(states) {
				r := &held[i]
				r.Counted = c
				r.Late = states[i].Cancelled() &&
					status.LateCancellation(r.InstructionUpdatedAt, r.StartAt, r.Timezone, r.CancelWindowDays)
				if len(users) > 0 && !slices.Contains(users, r.UserID) {
					continue
				}
				if err := fn(r); err != nil {
					return err
				}
			}
			held = held[:0]
			return nil
		}
		err := rows(func(r *InstructionRow) error {
			if len(held) > 0 && held[0].PlacementID != r.PlacementID {
				if err := flush(); err != nil {
					return err
				}
			}
			held = append(held, *r)
			return nil
		})
		if err != nil {
			return err
		}
		return flush()
	}
}

// counted is amount when the row counts as c, else 0.
func (r *InstructionRow) counted(c status.Count, amount int64) int64 {
	if r.Counted != c {
		return 0
	}
	return amount
}
