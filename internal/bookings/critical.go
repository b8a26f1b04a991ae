package bookings

import (
	"time"

	"github.com/hive/hive/internal/bookings/status"
)

// CriticalWindow is how soon before its start a placement that is not staffed becomes critical.
// The spec names the Critical tab and isCritical without defining them; 48 hours leaves two
// working days to find someone (docs/decisions.md, "Bookings and statuses", isCritical).
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
	if !withinWindow(now, start) {
		return false, instructions
	}
	placement = true
	for i, s := range states {
		if status.ColourOf(s) == status.Green {
			placement = false
		}
		instructions[i] = InstructionCritical(now, start, s)
	}
	return placement, instructions
}

// InstructionCritical is one instruction's verdict of Critical: its placement starts within
// CriticalWindow and it is live and still awaits a response on either side. The booking page's
// isCritical and the agenda's are this one rule.
func InstructionCritical(now, start time.Time, s status.State) bool {
	return withinWindow(now, start) && s.Live() && (s.Supplier == status.Awaiting || s.Client == status.Awaiting)
}

func withinWindow(now, start time.Time) bool {
	return start.After(now) && start.Sub(now) <= CriticalWindow
}
