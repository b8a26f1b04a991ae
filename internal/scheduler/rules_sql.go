package scheduler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// The status rules in SQL. The month view must not move one row per instruction from the
// database (that costs more than the whole budget on SQLite), so the database counts each
// placement's instructions by kind. The SQL for that is generated here from status.ColourOf and
// State.Cancelled over every pair of statuses, so those rules keep their one home; tests check
// the generated SQL against them on both engines.

// knownStatuses are the values an instruction's status columns hold.
var knownStatuses = []status.Status{status.Awaiting, status.Accepted, status.Rejected, status.Cancelled, status.Unknown}

// otherStatus stands for any value outside knownStatuses in the generated CASE's ELSE branches.
const otherStatus = status.Status("")

// stateCase is a SQL CASE expression over an instruction's state (alias i) whose value in
// each state is value(state), for every pair of statuses, deleted or not; a status outside
// knownStatuses takes the value of otherStatus.
func stateCase(value func(status.State) string) string {
	var b strings.Builder
	for _, deleted := range []bool{true, false} {
		if deleted {
			b.WriteString("CASE WHEN i.deleted_at IS NOT NULL THEN ")
		} else {
			b.WriteString(" ELSE ")
		}
		b.WriteString("CASE i.supplier_status")
		for _, sup := range append(slices.Clone(knownStatuses), otherStatus) {
			if sup == otherStatus {
				b.WriteString(" ELSE ")
			} else {
				fmt.Fprintf(&b, " WHEN '%s' THEN ", sup)
			}
			b.WriteString("CASE i.client_status")
			for _, cli := range knownStatuses {
				fmt.Fprintf(&b, " WHEN '%s' THEN %s", cli, value(status.State{Supplier: sup, Client: cli, Deleted: deleted}))
			}
			fmt.Fprintf(&b, " ELSE %s END", value(status.State{Supplier: sup, Client: otherStatus, Deleted: deleted}))
		}
		b.WriteString(" END")
	}
	b.WriteString(" END")
	return b.String()
}

// colourSQL is an instruction's colour (status.ColourOf) in SQL.
var colourSQL = stateCase(func(st status.State) string { return "'" + string(status.ColourOf(st)) + "'" })

// colourCondition is the SQL test "the instruction's colour is one of colours".
func colourCondition(colours []status.Colour) (string, []any) {
	args := make([]any, len(colours))
	for n, c := range colours {
		args[n] = string(c)
	}
	return "(" + colourSQL + ") IN (" + database.Marks(len(colours)) + ")", args
}

// Packed counts: the instructions of a placement summed as one integer, packBits bits per
// colour (in packedColours order), so the database answers one row per placement. Cancelled
// instructions weigh nothing: the display rules hide them before anything else. The caller
// reads a placement holding a substitution instruction by instruction instead, because the
// rules treat substitutes and substituted instructions apart.
const (
	packBits = 12
	packMax  = 1<<packBits - 1 // instructions of one colour on one placement
)

// substitutionFlag marks, above the packed counts (5 colours × packBits = 60 bits), a placement
// where one instruction substitutes another. A substitute is always instructed on its
// incumbent's placement (grant-substitution refuses anything else), so a placement without one
// holds no substituted instruction either.
const substitutionFlag = int64(1) << 62

// packedColours orders the colours of a packed count.
var packedColours = []status.Colour{status.Green, status.Purple, status.Orange, status.Red, status.Gray}

// packedWeightSQL is the SQL weight of one instruction (alias i) in a packed count.
var packedWeightSQL = stateCase(func(st status.State) string { return fmt.Sprint(packedWeight(st)) })

// packedWeight is the weight of an instruction in state st.
func packedWeight(st status.State) int64 {
	if st.Cancelled() {
		return 0
	}
	return 1 << (packBits * slices.Index(packedColours, status.ColourOf(st)))
}

// unpack splits a packed count into the number of instructions of each colour.
func unpack(packed int64) (counts [5]int) {
	for k := range counts {
		counts[k] = int(packed >> (packBits * k) & packMax)
	}
	return counts
}
