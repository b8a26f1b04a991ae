package reads_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// stateRow is a row of placement_states, or what it should be.
type stateRow struct {
	PlacementID int64      `db:"placement_id"`
	BookingID   int64      `db:"booking_id"`
	LocalDate   string     `db:"local_date"`
	StartAt     time.Time  `db:"start_at"`
	EndAt       time.Time  `db:"end_at"`
	DeletedAt   *time.Time `db:"deleted_at"`
	Pairs       int64      `db:"pairs"`
	Counts      string     `db:"-"` // PairCounts, as text
	C0          int64      `db:"pair_counts_0"`
	C1          int64      `db:"pair_counts_1"`
	C2          int64      `db:"pair_counts_2"`
	C3          int64      `db:"pair_counts_3"`
	C4          int64      `db:"pair_counts_4"`
	C5          int64      `db:"pair_counts_5"`
	Subs        int        `db:"substitutions"`
}

// counts lists the row's pair counts through PairCounts.Each.
func (r stateRow) counts() string {
	var out []string
	status.PairCounts{r.C0, r.C1, r.C2, r.C3, r.C4, r.C5}.Each(func(st status.State, n int) {
		out = append(out, fmt.Sprintf("%s/%s:%d", st.Supplier, st.Client, n))
	})
	return strings.Join(out, " ")
}

// pairOf is the mask of exactly one pair of statuses; a status outside the known ones is "".
func pairOf(s, c status.Status) int64 {
	known := func(x status.Status) status.Status {
		if x.Valid() {
			return x
		}
		return ""
	}
	return status.PairsMask(func(st status.State) bool { return st.Supplier == known(s) && st.Client == known(c) })
}

// checkStates compares placement_states with what the placements and their instructions make
// of it from scratch.
func checkStates(t *testing.T, db *database.DB, step string) {
	t.Helper()
	ctx := context.Background()
	var want []stateRow
	if err := db.Select(ctx, &want, `SELECT id AS placement_id, booking_id, local_date, start_at, end_at, deleted_at, 0 AS pairs,
		0 AS pair_counts_0, 0 AS pair_counts_1, 0 AS pair_counts_2, 0 AS pair_counts_3, 0 AS pair_counts_4, 0 AS pair_counts_5,
		0 AS substitutions FROM placements ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	var is []struct {
		PlacementID int64  `db:"placement_id"`
		Supplier    string `db:"supplier_status"`
		Client      string `db:"client_status"`
		Deleted     bool   `db:"deleted"`
		Substitutes bool   `db:"substitutes"`
	}
	if err := db.Select(ctx, &is, `SELECT placement_id, supplier_status, client_status, deleted_at IS NOT NULL AS deleted,
		substitution_of_id IS NOT NULL AS substitutes FROM instructions ORDER BY supplier_status, client_status`); err != nil {
		t.Fatal(err)
	}
	for n := range want {
		held := map[string]int{}
		var order []string
		for _, i := range is {
			if i.PlacementID != want[n].PlacementID {
				continue
			}
			if i.Substitutes {
				want[n].Subs++
			}
			if i.Deleted {
				continue
			}
			want[n].Pairs |= pairOf(status.Status(i.Supplier), status.Status(i.Client))
			st := status.State{Supplier: status.Status(i.Supplier), Client: status.Status(i.Client)}
			if !st.Supplier.Valid() {
				st.Supplier = ""
			}
			if !st.Client.Valid() {
				st.Client = ""
			}
			key := fmt.Sprintf("%s/%s", st.Supplier, st.Client)
			if held[key] == 0 {
				order = append(order, key)
			}
			held[key]++
		}
		var parts []string
		for _, key := range order {
			parts = append(parts, fmt.Sprintf("%s:%d", key, held[key]))
		}
		want[n].Counts = strings.Join(parts, " ")
	}
	var got []stateRow
	if err := db.Select(ctx, &got, `SELECT placement_id, booking_id, local_date, start_at, end_at, deleted_at, pairs,
		`+reads.PairCountColumns+`, substitutions FROM placement_states ORDER BY placement_id`); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows in placement_states, want %d", step, len(got), len(want))
	}
	for n, g := range got {
		w := want[n]
		g.Counts = g.counts()
		same := g.Subs == w.Subs && sameWords(g.Counts, w.Counts) && g.PlacementID == w.PlacementID && g.BookingID == w.BookingID && g.LocalDate == w.LocalDate &&
			g.StartAt.Equal(w.StartAt) && g.EndAt.Equal(w.EndAt) && g.Pairs == w.Pairs &&
			(g.DeletedAt == nil) == (w.DeletedAt == nil) && (g.DeletedAt == nil || g.DeletedAt.Equal(*w.DeletedAt))
		if !same {
			t.Fatalf("%s: placement_states row %+v, want %+v", step, g, w)
		}
	}
}

// sameWords compares two space-separated lists as sets of words.
func sameWords(a, b string) bool {
	x, y := strings.Fields(a), strings.Fields(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// TestPlacementStates checks that the triggers of migration 00029 keep placement_states equal
// to the placements and their instructions through every kind of write, and that their
// numbering of status pairs is StatePairsMask's.
func TestPlacementStates(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		now := time.Date(2027, 5, 3, 12, 0, 0, 0, time.UTC)
		client := databasetest.InsertID(t, db, `INSERT INTO entities (name, name_lc, type, created_at, updated_at)
			VALUES ('States', 'states', 'client', ?, ?) RETURNING id`, now, now)
		dept := databasetest.InsertID(t, db, `INSERT INTO departments (client_id, name, name_lc, created_at, updated_at)
			VALUES (?, 'Desk', 'desk', ?, ?) RETURNING id`, client, now, now)
		booking := databasetest.InsertID(t, db, `INSERT INTO bookings (department_id, title, created_at, updated_at)
			VALUES (?, 'States', ?, ?) RETURNING id`, dept, now, now)
		var users []int64
		for _, email := range []string{"a@states.test", "b@states.test", "c@states.test"} {
			users = append(users, databasetest.InsertID(t, db, `INSERT INTO users (email, email_lc, first_name, last_name,
				is_freelancer, created_at, updated_at) VALUES (?, ?, 'S', 'T', TRUE, ?, ?) RETURNING id`, email, email, now, now))
		}
		placement := func(day int) int64 {
			start := now.AddDate(0, 0, day)
			return databasetest.InsertID(t, db, `INSERT INTO placements (booking_id, title, local_date, start_time, end_time,
				start_at, end_at, created_at, updated_at) VALUES (?, 'Camera', ?, '09:00', '17:00', ?, ?, ?, ?) RETURNING id`,
				booking, start.Format(time.DateOnly), start, start.Add(8*time.Hour), now, now)
		}
		instruct := func(p, user int64, s, c status.Status) int64 {
			return databasetest.InsertID(t, db, `INSERT INTO instructions (placement_id, booking_id, user_id, supplier_status,
				client_status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, p, booking, user,
				string(s), string(c), now, now)
		}

		// Every pair of statuses, an unknown value too, sets its own bit and is counted under it.
		all := []status.Status{status.Awaiting, status.Accepted, status.Rejected, status.Cancelled, status.Unknown, "legacy"}
		for _, s := range all {
			for _, c := range all {
				p := placement(1)
				instruct(p, users[0], s, c)
				got := databasetest.Get[int64](t, db, `SELECT pairs FROM placement_states WHERE placement_id = ?`, p)
				if want := pairOf(s, c); got != want {
					t.Fatalf("(%s, %s): pairs %d, want %d", s, c, got, want)
				}
				instruct(p, users[1], s, c)
				st := status.State{Supplier: s, Client: c}
				if !s.Valid() {
					st.Supplier = ""
				}
				if !c.Valid() {
					st.Client = ""
				}
				if n := databasetest.Get[int](t, db, `SELECT `+status.PairCountSQL("s", st)+`
					FROM placement_states s WHERE placement_id = ?`, p); n != 2 {
					t.Fatalf("(%s, %s): PairCountSQL reads %d instructions, want 2", s, c, n)
				}
			}
		}
		checkStates(t, db, "every pair")

		p, q := placement(2), placement(3)
		checkStates(t, db, "new placements")
		i1 := instruct(p, users[0], status.Awaiting, status.Awaiting)
		i2 := instruct(p, users[1], status.Accepted, status.Accepted)
		checkStates(t, db, "two instructions")
		databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = 'accepted' WHERE id = ?`, i1)
		checkStates(t, db, "an answer")
		i3 := instruct(p, users[2], status.Awaiting, status.Accepted)
		databasetest.Exec(t, db, `UPDATE instructions SET substitution_of_id = ? WHERE id = ?`, i2, i3)
		checkStates(t, db, "a substitute")
		databasetest.Exec(t, db, `UPDATE instructions SET deleted_at = ? WHERE id = ?`, now, i2)
		checkStates(t, db, "a deleted instruction")
		databasetest.Exec(t, db, `UPDATE instructions SET deleted_at = ? WHERE id = ?`, now, i3)
		checkStates(t, db, "a deleted substitute")
		databasetest.Exec(t, db, `UPDATE instructions SET placement_id = ? WHERE id = ?`, q, i1)
		checkStates(t, db, "an instruction moved")
		databasetest.Exec(t, db, `DELETE FROM instructions WHERE id = ?`, i2)
		checkStates(t, db, "an instruction removed")
		databasetest.Exec(t, db, `UPDATE placements SET start_at = ?, end_at = ?, local_date = '2027-06-01' WHERE id = ?`,
			now.AddDate(0, 1, 0), now.AddDate(0, 1, 0).Add(time.Hour), q)
		checkStates(t, db, "a placement moved")

		// A cancellation in one transaction: the placement, then its instructions (what
		// CancelPlacements does), with a new instruction on the way.
		instruct(q, users[2], status.Accepted, status.Awaiting)
		err := db.InTx(context.Background(), func(tx *database.Tx) error {
			if _, err := tx.Exec(context.Background(), `UPDATE placements SET deleted_at = ? WHERE id = ?`, now, q); err != nil {
				return err
			}
			if _, err := tx.Exec(context.Background(), `UPDATE instructions SET client_status = 'cancelled' WHERE placement_id = ?`, q); err != nil {
				return err
			}
			_, err := tx.Exec(context.Background(), `UPDATE instructions SET deleted_at = ? WHERE placement_id = ?`, now, q)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		checkStates(t, db, "a cancelled placement")

		databasetest.Exec(t, db, `DELETE FROM bookings WHERE id = ?`, booking)
		checkStates(t, db, "the booking deleted")
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM placement_states`); n != 0 {
			t.Fatalf("%d rows left after the booking was deleted", n)
		}
	})
}

// TestPairStates checks that PairStates reads back each pair StatePairsMask numbers, and all
// of them together.
func TestPairStates(t *testing.T) {
	all := []status.Status{status.Awaiting, status.Accepted, status.Rejected, status.Cancelled, status.Unknown, ""}
	var every int64
	for _, s := range all {
		for _, c := range all {
			pair := pairOf(s, c)
			every |= pair
			if got := status.PairStates(pair); len(got) != 1 || got[0] != (status.State{Supplier: s, Client: c}) {
				t.Fatalf("PairStates(%d) = %v, want [{%s %s}]", pair, got, s, c)
			}
		}
	}
	if got := status.PairStates(every); len(got) != len(all)*len(all) {
		t.Fatalf("PairStates of every pair: %d states, want %d", len(got), len(all)*len(all))
	}
}
