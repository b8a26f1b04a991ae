package agenda

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestDayCountsAgreeWithRows: a manager's tab counts, page totals and pages read from
// placement_day_counts (and narrowed by pageBound) are what counting placement_states row by
// row gives, for an administrator, one department and two, at clocks either side of
// midnight, after every kind of write the counts must follow.
func TestDayCountsAgreeWithRows(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		other := w.insert(`INSERT INTO departments (client_id, name, name_lc, created_at, updated_at)
			SELECT client_id, 'Drama', 'drama', ?, ? FROM departments WHERE id = ` + fmt.Sprint(w.dept) + ` RETURNING id`)
		bookings := []int64{w.booking,
			w.insert(`INSERT INTO bookings (department_id, title, created_at, updated_at) VALUES (?, 'Play', ?, ?) RETURNING id`, other),
			w.insert(`INSERT INTO bookings (department_id, title, created_at, updated_at) VALUES (?, 'Match', ?, ?) RETURNING id`, w.dept)}
		statuses := []status.Status{aw, acc, rej, can}
		var placements, instructions []int64
		for k := range 36 {
			booking := bookings[k%len(bookings)]
			start := w.at.Add(time.Duration(k*16-40) * time.Hour) // three weeks: past pageBound's first fortnight
			var deleted any
			if k%11 == 5 {
				deleted = w.at.Add(-time.Hour)
			}
			p := w.insert(`INSERT INTO placements (booking_id, title, local_date, start_time, end_time, start_at, end_at, deleted_at,
				created_at, updated_at) VALUES (?, 'Camera', ?, '09:00', '17:00', ?, ?, ?, ?, ?) RETURNING id`,
				booking, start.Format(time.DateOnly), start, start.Add(8*time.Hour), deleted)
			placements = append(placements, p)
			for j := range k % 3 {
				instructions = append(instructions, w.insert(`INSERT INTO instructions (placement_id, booking_id, user_id,
					supplier_status, client_status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
					p, booking, []int64{w.freelancer, w.another}[j], string(statuses[(k+j)%4]), string(statuses[(k/2+j)%2])))
			}
		}
		fast, rows := &Store{DB: db}, &Store{DB: db, countRows: true}
		scopes := []Query{
			{View: ManagerView, Visible: database.SeesAll()},
			{View: ManagerView, Visible: database.SeesOnly([]int64{w.dept})},
			{View: ManagerView, Visible: database.SeesOnly([]int64{w.dept, other})},
			{View: ManagerView, Visible: database.SeesOnly([]int64{other})},
		}
		p := &auth.Principal{UserID: 1, Needs: auth.NeedSet{auth.NeedAdmin: {}}}
		check := func(when string) {
			t.Helper()
			for _, clock := range []time.Duration{0, 11*time.Hour + 59*time.Minute, 12 * time.Hour, 50 * time.Hour} {
				db.Now = func() time.Time { return w.at.Add(clock).UTC() }
				for _, q := range scopes {
					name := fmt.Sprintf("%s, clock +%s, all %v %v", when, clock, q.Visible.All, q.Visible.IDs)
					want, err := rows.Stats(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					got, err := fast.Stats(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					if got != want {
						t.Errorf("%s: stats %+v, want %+v", name, got, want)
					}
					for _, tab := range allTabs {
						for offset := 0; offset < 40; offset += 3 {
							q := q
							q.Tab, q.Offset, q.Limit = tab, offset, 3
							want, err := rows.List(ctx, q, CallerOf(p))
							if err != nil {
								t.Fatal(err)
							}
							got, err := fast.List(ctx, q, CallerOf(p))
							if err != nil {
								t.Fatal(err)
							}
							if got.Total != want.Total || !slices.Equal(cardIDs(got), cardIDs(want)) {
								t.Errorf("%s, %s from %d: %v of %d, want %v of %d", name, tab, offset,
									cardIDs(got), got.Total, cardIDs(want), want.Total)
							}
						}
					}
				}
			}
		}
		exec := func(query string, args ...any) {
			t.Helper()
			if err := db.InTx(ctx, func(tx *database.Tx) error {
				_, err := tx.Exec(ctx, query, args...)
				return err
			}); err != nil {
				t.Fatalf("%s: %v", query, err)
			}
		}
		check("as made")
		exec(`UPDATE instructions SET supplier_status = 'accepted', client_status = 'accepted' WHERE id IN (?, ?, ?)`,
			instructions[0], instructions[3], instructions[7])
		exec(`UPDATE instructions SET deleted_at = ? WHERE id = ?`, w.at, instructions[5])
		check("answered and deleted instructions")
		exec(`UPDATE placements SET deleted_at = ? WHERE id IN (?, ?)`, w.at, placements[8], placements[9])
		exec(`UPDATE placements SET deleted_at = NULL WHERE id = ?`, placements[5])
		exec(`UPDATE placements SET start_at = ?, end_at = ? WHERE id = ?`, w.at.Add(30*time.Hour), w.at.Add(38*time.Hour), placements[2])
		check("cancelled, restored and moved placements")
		exec(`UPDATE bookings SET department_id = ? WHERE id = ?`, other, bookings[2])
		exec(`DELETE FROM instructions WHERE id = ?`, instructions[1])
		exec(`DELETE FROM placements WHERE id = ?`, placements[12]) // one without instructions
		check("a booking moved to another department, rows deleted")
	})
}

func cardIDs(l AgendaList) []int64 {
	ids := []int64{}
	for _, c := range l.Items {
		ids = append(ids, c.Placement.ID)
	}
	return ids
}
