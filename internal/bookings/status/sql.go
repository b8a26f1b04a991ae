package status

import (
	"fmt"
	"slices"
	"strings"
)

// The status rules in SQL, generated here from ColourOf and State.Live so that no query holds
// a copy of them: lists that filter, count or rank instructions by colour in the database (the
// scheduler's grid and month view, the dashboard's facts, the agenda's counts over the read
// model placement_states) build their SQL from these functions. sql_test.go evaluates every
// generated expression on both engines for every pair of statuses and compares it with the Go
// rule.

// Statuses are the values an instruction's status columns hold, in the order placement_states
// numbers them (migration 00029's CASE).
var Statuses = []Status{Awaiting, Accepted, Rejected, Cancelled, Unknown}

// Other stands for any value outside Statuses (a generated CASE's ELSE branches).
const Other = Status("")

// withOther is Statuses followed by Other.
func withOther() []Status { return append(slices.Clone(Statuses), Other) }

// Literal is status s as a SQL string literal. The statuses are this package's constants, so
// each query keeps one text that SQLite prepares once.
func Literal(s Status) string { return "'" + strings.ReplaceAll(string(s), "'", "''") + "'" }

// Case is a SQL CASE expression over the state of instruction alias i whose value in each
// state is value(state), for every pair of statuses, deleted or not; a status outside Statuses
// takes the value of Other.
func Case(i string, value func(State) string) string {
	var b strings.Builder
	for _, deleted := range []bool{true, false} {
		if deleted {
			b.WriteString("CASE WHEN " + i + ".deleted_at IS NOT NULL THEN ")
		} else {
			b.WriteString(" ELSE ")
		}
		b.WriteString("CASE " + i + ".supplier_status")
		for _, sup := range withOther() {
			if sup == Other {
				b.WriteString(" ELSE ")
			} else {
				fmt.Fprintf(&b, " WHEN %s THEN ", Literal(sup))
			}
			b.WriteString("CASE " + i + ".client_status")
			for _, cli := range Statuses {
				fmt.Fprintf(&b, " WHEN %s THEN %s", Literal(cli), value(State{Supplier: sup, Client: cli, Deleted: deleted}))
			}
			fmt.Fprintf(&b, " ELSE %s END", value(State{Supplier: sup, Client: Other, Deleted: deleted}))
		}
		b.WriteString(" END")
	}
	b.WriteString(" END")
	return b.String()
}

// ColourSQL is ColourOf of instruction alias i, as the colour's name.
func ColourSQL(i string) string {
	return Case(i, func(st State) string { return Literal(Status(ColourOf(st))) })
}

// closingStatuses are the statuses that end an instruction on either side (State.Live false
// whatever the other side holds), in Statuses' order.
func closingStatuses() []Status {
	var closing []Status
	for _, s := range Statuses {
		if !(State{Supplier: s, Client: Accepted}).Live() {
			closing = append(closing, s)
		}
	}
	return closing
}

// LiveSQL is State.Live on instruction alias i: not deleted, and neither side holding a
// status that ends it (rejected, cancelled).
func LiveSQL(i string) string {
	closing := make([]string, 0, 2)
	for _, s := range closingStatuses() {
		closing = append(closing, Literal(s))
	}
	closed := strings.Join(closing, ", ")
	return "(" + i + ".deleted_at IS NULL AND " + i + ".supplier_status NOT IN (" + closed + ") AND " +
		i + ".client_status NOT IN (" + closed + "))"
}

// AwaitingAnswerSQL is State.AwaitingAnswer on instruction alias i.
func AwaitingAnswerSQL(i string) string {
	return "(" + i + ".deleted_at IS NULL AND " + PairsSQL(i, PairsBy(State.AwaitingAnswer)[true]) + ")"
}

// Pair is one not-deleted instruction's (supplier, client) statuses.
type Pair struct{ Supplier, Client Status }

// PairsBy groups the pairs of Statuses a not-deleted instruction may hold by key(its state),
// each group in Statuses' order: a rule over states as lists of pairs, for PairsSQL.
func PairsBy[K comparable](key func(State) K) map[K][]Pair {
	out := map[K][]Pair{}
	for _, s := range Statuses {
		for _, c := range Statuses {
			k := key(State{Supplier: s, Client: c})
			out[k] = append(out[k], Pair{s, c})
		}
	}
	return out
}

// PairsByColour lists, per colour, the pairs of Statuses a not-deleted instruction of that
// colour holds, in Statuses' order.
func PairsByColour() map[Colour][]Pair { return PairsBy(ColourOf) }

// PairsSQL holds when instruction alias i's (supplier, client) statuses are among pairs; it
// does not read deleted_at.
func PairsSQL(i string, pairs []Pair) string {
	bySupplier := map[Status][]string{}
	var order []Status
	for _, p := range pairs {
		if _, ok := bySupplier[p.Supplier]; !ok {
			order = append(order, p.Supplier)
		}
		bySupplier[p.Supplier] = append(bySupplier[p.Supplier], Literal(p.Client))
	}
	var ors []string
	for _, s := range order {
		ors = append(ors, "("+i+".supplier_status = "+Literal(s)+" AND "+i+".client_status IN ("+
			strings.Join(bySupplier[s], ", ")+"))")
	}
	if len(ors) == 0 {
		return "FALSE"
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}

// The read model placement_states (migration 00029) records per placement the set of status
// pairs its not-deleted instructions hold, one bit per pair, and their counts (migration
// 00031); it holds no rule. A reader asks which placements match a rule with a mask built here
// from that rule.

// pairIndex is the position of s in the pair numbering; Other and any unknown value take
// len(Statuses).
func pairIndex(s Status) int {
	if n := slices.Index(Statuses, s); n >= 0 {
		return n
	}
	return len(Statuses)
}

// pairPosition is the number of pair (supplier, client): 6 × supplier's index + client's.
func pairPosition(supplier, client Status) int { return 6*pairIndex(supplier) + pairIndex(client) }

// PairBit is the bit of placement_states.pairs that a not-deleted instruction with the
// statuses of st sets.
func PairBit(st State) int64 { return int64(1) << pairPosition(st.Supplier, st.Client) }

// EachPair calls fn with every status pair placement_states numbers (not deleted), Other last.
func EachPair(fn func(st State)) {
	for _, s := range withOther() {
		for _, c := range withOther() {
			fn(State{Supplier: s, Client: c})
		}
	}
}

// PairsMask is the mask of placement_states.pairs for the not-deleted instructions whose state
// satisfies match: "pairs & mask <> 0" holds when the placement has such an instruction.
func PairsMask(match func(State) bool) int64 {
	var mask int64
	EachPair(func(st State) {
		if match(st) {
			mask |= PairBit(st)
		}
	})
	return mask
}

// PairStates lists one state (not deleted) for each status pair set in a placement's pairs:
// what the rules that read only which states occur need of its instructions.
func PairStates(pairs int64) []State {
	var out []State
	EachPair(func(st State) {
		if pairs&PairBit(st) != 0 {
			out = append(out, st)
		}
	})
	return out
}

// PairCounts is a placement's pair_counts_S columns of placement_states: for the supplier
// status at position S of the pair numbering, 10 bits per client status position.
type PairCounts [6]int64

// Each calls fn with each status pair the placement's instructions (not deleted) hold and how
// many hold it; the pair of a status outside Statuses carries Other for it.
func (c PairCounts) Each(fn func(st State, n int)) {
	EachPair(func(st State) {
		if n := int(c[pairIndex(st.Supplier)] >> (10 * pairIndex(st.Client)) & 1023); n > 0 {
			fn(st, n)
		}
	})
}

// PairCountSQL is the SQL count of the not-deleted instructions holding pair st of the
// placement_states row alias a, read from its pair_counts_S column.
func PairCountSQL(a string, st State) string {
	return fmt.Sprintf("((%s.pair_counts_%d >> %d) & 1023)", a, pairIndex(st.Supplier), 10*pairIndex(st.Client))
}
