package status

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// stateRow is one instruction of everyState's table: its number and the state it stands for.
type stateRow struct {
	n  int
	st State
}

// everyState is a table (alias i) of an instruction in every state: each pair of statuses and
// a value outside them ("odd"), deleted or not, and the pair counts a placement_states row
// holding one such instruction would carry; rows are numbered n in the order returned.
func everyState() (string, []stateRow) {
	var rows []string
	var states []stateRow
	for _, deleted := range []bool{false, true} {
		for _, sup := range append(slices.Clone(Statuses), "odd") {
			for _, cli := range append(slices.Clone(Statuses), "odd") {
				del := "NULL"
				if deleted {
					del = "'2027-01-01'"
				}
				st := State{Supplier: sup, Client: cli, Deleted: deleted}
				var counts PairCounts
				if !deleted {
					counts[pairIndex(sup)] = int64(1) << (10 * pairIndex(cli))
				}
				rows = append(rows, fmt.Sprintf("(%d, '%s', '%s', %s, %d, %d, %d, %d, %d, %d)", len(rows), sup, cli, del,
					counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]))
				states = append(states, stateRow{n: len(states), st: st})
			}
		}
	}
	return `WITH i (n, supplier_status, client_status, deleted_at, pair_counts_0, pair_counts_1, pair_counts_2,
		pair_counts_3, pair_counts_4, pair_counts_5) AS (VALUES ` + strings.Join(rows, ", ") + `) `, states
}

// known is st with a status outside Statuses read as Other, as the pair numbering reads it.
func known(st State) State {
	for _, s := range []*Status{&st.Supplier, &st.Client} {
		if !slices.Contains(Statuses, *s) {
			*s = Other
		}
	}
	return st
}

// TestGeneratedSQLAgreesWithTheRule evaluates every generated expression on every state in a
// real database of each engine and compares it with the Go rule it comes from.
func TestGeneratedSQLAgreesWithTheRule(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		with, states := everyState()
		type row struct {
			N      int    `db:"n"`
			Colour string `db:"colour"`
			Live   bool   `db:"live"`
			Await  bool   `db:"awaiting"`
			Count  int    `db:"pair_count"`
		}
		// Each row's pair count reads the column of its own (known) pair.
		countCase := "CASE"
		EachPair(func(st State) {
			countCase += fmt.Sprintf(" WHEN i.supplier_status = %s AND i.client_status = %s THEN %s",
				Literal(st.Supplier), Literal(st.Client), PairCountSQL("i", st))
		})
		countCase += " ELSE " + PairCountSQL("i", State{Supplier: Other, Client: Other}) + " END"
		var got []row
		if err := db.Select(ctx, &got, with+`SELECT n, `+ColourSQL("i")+` AS colour,
			CASE WHEN `+LiveSQL("i")+` THEN TRUE ELSE FALSE END AS live,
			CASE WHEN `+AwaitingAnswerSQL("i")+` THEN TRUE ELSE FALSE END AS awaiting, `+countCase+` AS pair_count FROM i ORDER BY n`); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(states) {
			t.Fatalf("%d rows, want %d", len(got), len(states))
		}
		for _, s := range states {
			r := got[s.n]
			if want := ColourOf(s.st); r.Colour != string(want) {
				t.Errorf("%+v: ColourSQL %s, ColourOf %s", s.st, r.Colour, want)
			}
			if want := s.st.Live(); r.Live != want {
				t.Errorf("%+v: LiveSQL %v, Live %v", s.st, r.Live, want)
			}
			if want := s.st.AwaitingAnswer(); r.Await != want {
				t.Errorf("%+v: AwaitingAnswerSQL %v, AwaitingAnswer %v", s.st, r.Await, want)
			}
			// The "odd" values share Other's pair, which this table's rows do not share.
			if k := known(s.st); !s.st.Deleted && k == s.st && r.Count != 1 {
				t.Errorf("%+v: PairCountSQL reads %d, want 1", s.st, r.Count)
			}
		}

		// PairsSQL over each colour's pairs selects exactly the not-deleted rows of that colour
		// with known statuses.
		for colour, pairs := range PairsByColour() {
			var rows []int
			if err := db.Select(ctx, &rows, with+`SELECT n FROM i WHERE i.deleted_at IS NULL AND `+PairsSQL("i", pairs)+` ORDER BY n`); err != nil {
				t.Fatal(err)
			}
			want := []int{}
			for _, s := range states {
				if !s.st.Deleted && known(s.st) == s.st && ColourOf(s.st) == colour {
					want = append(want, s.n)
				}
			}
			if !slices.Equal(rows, want) && !(len(rows) == 0 && len(want) == 0) {
				t.Errorf("%s: PairsSQL selects %v, want %v", colour, rows, want)
			}
		}
	})
}

// TestPairsMask checks that a mask holds exactly the pairs whose state matches, that each pair
// has its own bit, and that PairStates and PairCounts read them back.
func TestPairsMask(t *testing.T) {
	var every int64
	count := 0
	EachPair(func(st State) {
		bit := PairBit(st)
		if every&bit != 0 {
			t.Fatalf("%+v shares bit %d", st, bit)
		}
		every |= bit
		count++
		if got := PairStates(bit); len(got) != 1 || got[0] != st {
			t.Fatalf("PairStates(%d) = %v, want [%+v]", bit, got, st)
		}
		var counts PairCounts
		counts[pairIndex(st.Supplier)] = 3 << (10 * pairIndex(st.Client))
		seen := 0
		counts.Each(func(got State, n int) {
			if got != st || n != 3 {
				t.Fatalf("PairCounts of 3 × %+v read %+v × %d", st, got, n)
			}
			seen++
		})
		if seen != 1 {
			t.Fatalf("PairCounts of %+v read %d pairs", st, seen)
		}
	})
	if got := len(PairStates(every)); got != count {
		t.Fatalf("PairStates of every pair: %d states, want %d", got, count)
	}
	live := PairsMask(State.Live)
	EachPair(func(st State) {
		if (live&PairBit(st) != 0) != st.Live() {
			t.Errorf("%+v: live mask %v, Live %v", st, live&PairBit(st) != 0, st.Live())
		}
	})
	if PairBit(State{Supplier: "odd", Client: Accepted}) != PairBit(State{Supplier: Other, Client: Accepted}) {
		t.Fatal("an unknown status does not take Other's bit")
	}
}
