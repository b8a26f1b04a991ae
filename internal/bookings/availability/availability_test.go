package availability_test

import (
	"context"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/availability"
	"github.com/hive/hive/internal/platform/database"
)

// Completed counts live both-accepted instructions whose placement ended in the window asked
// (the panel's last 30 days).
func TestCompletedInstructionsInTheWindow(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, _ *apptest.Server, db *database.DB, w orgtest.World) {
		ctx := context.Background()
		u := w.Users["freelancer"]
		now := time.Now().UTC().Truncate(time.Second)
		type stmt struct {
			q    string
			args []any
		}
		err := db.InTx(ctx, func(tx *database.Tx) error {
			stmts := []stmt{
				{`INSERT INTO job_templates (id, department_id, title, title_lc, created_at, updated_at) VALUES (9001, ?, 'Camera', 'camera', ?, ?)`, []any{w.DeptA1, now, now}},
				{`INSERT INTO job_templates (id, department_id, title, title_lc, created_at, updated_at) VALUES (9002, ?, 'Sound', 'sound', ?, ?)`, []any{w.DeptA1, now, now}},
				{`INSERT INTO job_template_preferred_users (job_template_id, user_id, created_at) VALUES (9001, ?, ?)`, []any{u, now}},
				{`INSERT INTO job_template_preferred_users (job_template_id, user_id, created_at) VALUES (9002, ?, ?)`, []any{u, now}},
				{`INSERT INTO bookings (id, job_template_id, department_id, title, created_at, updated_at) VALUES (9001, 9001, ?, 'B', ?, ?)`, []any{w.DeptA1, now, now}},
			}
			// Placements: ended 1 day ago (counts), 40 days ago (too old), ends tomorrow (not ended),
			// ended 2 days ago but deleted (does not count).
			ends := []time.Time{now.Add(-24 * time.Hour), now.Add(-40 * 24 * time.Hour), now.Add(24 * time.Hour), now.Add(-48 * time.Hour)}
			for i, end := range ends {
				var deleted any
				if i == 3 {
					deleted = now
				}
				stmts = append(stmts, stmt{`INSERT INTO placements (id, booking_id, title, local_date, start_time, end_time, start_at, end_at, deleted_at, created_at, updated_at)
					VALUES (?, 9001, 'P', '2026-01-01', '09:00', '17:00', ?, ?, ?, ?, ?)`, []any{9001 + i, end.Add(-8 * time.Hour), end, deleted, now, now}})
			}
			ins := `INSERT INTO instructions (placement_id, booking_id, user_id, supplier_status, client_status, created_at, updated_at) VALUES (?, 9001, ?, ?, ?, ?, ?)`
			for i := range ends {
				stmts = append(stmts, stmt{ins, []any{9001 + i, u, "accepted", "accepted", now, now}})
			}
			// Accepted by the freelancer only: not completed.
			stmts = append(stmts, stmt{`INSERT INTO placements (id, booking_id, title, local_date, start_time, end_time, start_at, end_at, created_at, updated_at)
				VALUES (9010, 9001, 'P', '2026-01-01', '09:00', '17:00', ?, ?, ?, ?)`, []any{now.Add(-30 * time.Hour), now.Add(-26 * time.Hour), now, now}},
				stmt{ins, []any{9010, u, "accepted", "awaiting_response", now, now}})
			for _, s := range stmts {
				if _, err := tx.Exec(ctx, s.q, s.args...); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		count := availability.CompletedInstructions(db)
		month := now.Add(-30 * 24 * time.Hour)
		if completed, err := count(ctx, u, month, now); err != nil || completed != 1 {
			t.Fatalf("completed %d err %v, want 1", completed, err)
		}
		if completed, err := count(ctx, u, now.Add(-12*time.Hour), now); err != nil || completed != 0 {
			t.Fatalf("in the last 12 hours: completed %d err %v, want 0", completed, err)
		}
		if completed, err := count(ctx, w.Users["staff"], month, now); err != nil || completed != 0 {
			t.Fatalf("staff: completed %d err %v", completed, err)
		}
	})
}
