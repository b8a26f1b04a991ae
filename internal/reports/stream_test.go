package reports

import (
	"context"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// firstWrite records, at the first bytes that reach it, how many rows the query had handed
// over by then.
type firstWrite struct {
	read   *int
	atRead int
	writes int
}

func (w *firstWrite) Write(b []byte) (int, error) {
	if w.writes == 0 {
		w.atRead = *w.read
	}
	w.writes++
	return len(b), nil
}

// TestTheReportStreams checks that a report's first bytes reach the response while its query is
// still handing over rows: they are written as they are read, never gathered first. (The
// benchmark measures the memory that saves.)
func TestTheReportStreams(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		const n = 3000
		fill(t, db, n)
		s := &Store{DB: db}
		f := Filter{StartDate: "2026-10-01", EndDate: "2026-10-31", Scope: database.SeesAll()}
		read := 0
		w := &firstWrite{read: &read}
		err := export(w, admin, bookingsColumns, func(fn func(*InstructionRow) error) error {
			return s.Bookings(context.Background(), f, func(r *InstructionRow) error {
				read++
				return fn(r)
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		if read != n || w.atRead == 0 || w.atRead >= n/2 || w.writes < 5 {
			t.Errorf("read %d rows; the first bytes went out after %d of them, in %d writes", read, w.atRead, w.writes)
		}
	})
}

// fill inserts a client, a department, a freelancer and n placements on 2026-10-15 with one
// instruction each.
func fill(t *testing.T, db *database.DB, n int) {
	t.Helper()
	ctx := context.Background()
	err := db.InTx(ctx, func(tx *database.Tx) error {
		var client, dept, user, booking int64
		if err := tx.Get(ctx, &client, `INSERT INTO entities (name, name_lc, type, created_at, updated_at)
			VALUES ('Alpha', 'alpha', 'client', ?, ?) RETURNING id`, tx.Now, tx.Now); err != nil {
			return err
		}
		if err := tx.Get(ctx, &dept, `INSERT INTO departments (client_id, name, name_lc, created_at, updated_at)
			VALUES (?, 'News', 'news', ?, ?) RETURNING id`, client, tx.Now, tx.Now); err != nil {
			return err
		}
		if err := tx.Get(ctx, &user, `INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer, created_at, updated_at)
			VALUES ('f@x.test', 'f@x.test', 'Felix', 'Reid', TRUE, ?, ?) RETURNING id`, tx.Now, tx.Now); err != nil {
			return err
		}
		if err := tx.Get(ctx, &booking, `INSERT INTO bookings (department_id, title, reference, created_at, updated_at)
			VALUES (?, 'Cup Final', 'REF', ?, ?) RETURNING id`, dept, tx.Now, tx.Now); err != nil {
			return err
		}
		start := time.Date(2026, 10, 15, 8, 0, 0, 0, time.UTC)
		for i := 0; i < n; i++ {
			var p int64
			if err := tx.Get(ctx, &p, `INSERT INTO placements (booking_id, title, local_date, start_time, end_time, start_at, end_at,
				created_at, updated_at) VALUES (?, 'Shift', '2026-10-15', '09:00', '17:00', ?, ?, ?, ?) RETURNING id`,
				booking, start, start.Add(8*time.Hour), tx.Now, tx.Now); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO instructions (placement_id, booking_id, user_id, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?)`, p, booking, user, tx.Now, tx.Now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
