package schedule

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// everyState is a table (alias i) of an instruction in every state: each pair of statuses (and
// a value outside them), deleted or not, numbered n in the order of the states returned.
func everyState() (string, []status.State) {
	var rows []string
	var states []status.State
	for _, deleted := range []bool{false, true} {
		for _, sup := range append(slices.Clone(status.Statuses), "odd") {
			for _, cli := range append(slices.Clone(status.Statuses), "odd") {
				del := "NULL"
				if deleted {
					del = "'2027-01-01'"
				}
				rows = append(rows, fmt.Sprintf("(%d, '%s', '%s', %s)", len(rows), sup, cli, del))
				states = append(states, status.State{Supplier: sup, Client: cli, Deleted: deleted})
			}
		}
	}
	return `WITH i (n, supplier_status, client_status, deleted_at) AS (VALUES ` + strings.Join(rows, ", ") + `) `, states
}

// The grid filters instruction colours in SQL; the condition must agree with status.ColourOf
// for every pair of statuses, deleted or not, and every choice of colours, on both engines.
func TestColourConditionAgreesWithColourOf(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		with, states := everyState()
		table := with + `SELECT n FROM i WHERE `
		for mask := 1; mask < 1<<len(status.Colours); mask++ {
			var colours []status.Colour
			for b, c := range status.Colours {
				if mask&(1<<b) != 0 {
					colours = append(colours, c)
				}
			}
			cond, args := colourCondition(colours)
			var got []int
			if err := db.Select(context.Background(), &got, table+cond+` ORDER BY n`, args...); err != nil {
				t.Fatal(err)
			}
			want := []int{}
			for n, st := range states {
				if slices.Contains(colours, status.ColourOf(st)) {
					want = append(want, n)
				}
			}
			if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("%v: rows %v, want %v", colours, got, want)
			}
		}
	})
}

// The month view counts instructions by colour in SQL; each state's weight must be its colour's
// (per status.ColourOf), or nothing when it is cancelled (State.Cancelled), on both engines.
func TestPackedWeightAgreesWithTheStatusRules(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		with, states := everyState()
		var weights []int64
		if err := db.Select(context.Background(), &weights, with+`SELECT `+packedWeightSQL+` FROM i ORDER BY n`); err != nil {
			t.Fatal(err)
		}
		for n, st := range states {
			var want [5]int
			if !st.Cancelled() {
				want[slices.Index(PackedColours, status.ColourOf(st))] = 1
			}
			if got := Unpack(weights[n]); got != want {
				t.Errorf("%+v weighs %v, want %v", st, got, want)
			}
		}
		// Summed, the weights count each colour, up to packMax instructions of one colour.
		var packed int64
		if err := db.Get(context.Background(), &packed, with+`SELECT CAST(SUM(`+packedWeightSQL+`) AS BIGINT) FROM i`); err != nil {
			t.Fatal(err)
		}
		want := [5]int{}
		for _, st := range states {
			if !st.Cancelled() {
				want[slices.Index(PackedColours, status.ColourOf(st))]++
			}
		}
		if got := Unpack(packed); got != want {
			t.Errorf("sum unpacks to %v, want %v", got, want)
		}
		full := int64(0)
		for k := range PackedColours {
			full += int64(packMax) << (packBits * k)
		}
		if got := Unpack(full); got != [5]int{packMax, packMax, packMax, packMax, packMax} {
			t.Errorf("full counts Unpack to %v", got)
		}
	})
}
