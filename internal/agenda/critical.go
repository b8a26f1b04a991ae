package agenda

import (
	"time"

	"github.com/hive/hive/internal/bookings/status"
)

// CriticalWindow is how soon before its start a placement that is not staffed becomes critical.
// The spec names the Critical tab and isCritical without defining them; 48 hours leaves two
// working days to find someone (docs/decisions.md, "Agenda").
const CriticalWindow = 48 * time.Hour

// Critical decides criticality for a live placement starting at start, given the states of
// its instructions (all of them for the placement's verdict). Both verdicts need the
// placement to start within CriticalWindow and not to have started yet:
//
//   - the placement is critical when none of its instructions is accepted on both sides
//     (no instruction at all included);
//   - each instruction is critical when it is live and still awaits a response on either side.
//
// The caller passes only live placements: a cancelled one is never critical.
func Critical(now, start time.Time, states []status.State) (placement bool, instructions []bool) {
	instructions = make([]bool, len(states))
	if !start.After(now) || start.Sub(now) > CriticalWindow {
		return false, instructions
	}
	placement = true
	for i, s := range states {
		if status.ColourOf(s) == status.Green {
			placement = false
		}
		instructions[i] = s.Live() && (s.Supplier == status.Awaiting || s.Client == status.Awaiting)
	}
	return placement, instructions
}
