package audit_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// BenchmarkBookingHistory reads the history of a booking with 2,000 entries (the booking's
// 100, 100 placements' 500, 400 instructions' 1,400) among 20,000 entries of other records, on
// SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL: the first page at each page size and a
// deep page. The target is p95 under 30 ms.
func BenchmarkBookingHistory(b *testing.B) {
	var bookingIDs []int64 // one per engine, in the order BenchEngines returns them
	engines := apptest.BenchEngines(b, func(ctx context.Context, db *database.DB) (string, error) {
		var bookingID int64
		w := orgtest.Build(b, db)
		jt := orgtest.JobTemplate(b, db, w.DeptA1)
		users := []int64{w.Users["admin"], w.Users["manager"], w.Users["dept"], w.Users["freelancer"]}
		p := &auth.Principal{UserID: w.Users["dept"], FirstName: "Dana", LastName: "Dept"}
		ctx = auth.WithPrincipal(ctx, p)
		entries := 0
		err := db.InTx(ctx, func(tx *database.Tx) error {
			record := func(action audit.Action, src audit.Source, id int64, row map[string]any) error {
				entries++
				return audit.Record(ctx, tx, action, src, id, row)
			}
			if err := tx.Get(ctx, &bookingID, `INSERT INTO bookings (job_template_id, department_id, title, created_at, updated_at)
				VALUES (?, ?, 'Season Coverage', ?, ?) RETURNING id`, jt, w.DeptA1, tx.Now, tx.Now); err != nil {
				return err
			}
			for v := 1; v <= 100; v++ {
				action := audit.Update
				if v == 1 {
					action = audit.Insert
				}
				if err := record(action, audit.SourceBooking, bookingID, map[string]any{"title": fmt.Sprintf("Season Coverage %d", v),
					"reference": "SC", "ir35": false, "substitutionAllowed": true, "version": v}); err != nil {
					return err
				}
			}
			start := time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC)
			for d := 0; d < 100; d++ {
				day := start.AddDate(0, 0, d)
				var placement int64
				if err := tx.Get(ctx, &placement, `INSERT INTO placements (booking_id, title, local_date, start_time, end_time,
					start_at, end_at, created_at, updated_at) VALUES (?, 'Camera', ?, '09:00', '17:00', ?, ?, ?, ?) RETURNING id`,
					bookingID, day.Format("2006-01-02"), day, day.Add(8*time.Hour), tx.Now, tx.Now); err != nil {
					return err
				}
				for v := 1; v <= 5; v++ {
					action := audit.Update
					if v == 1 {
						action = audit.Insert
					}
					if err := record(action, audit.SourcePlacement, placement, map[string]any{"bookingId": bookingID,
						"title": "Camera", "startTime": "09:00", "endTime": fmt.Sprintf("%02d:00", 16+v%3), "version": v}); err != nil {
						return err
					}
				}
				for u, user := range users {
					var instruction int64
					if err := tx.Get(ctx, &instruction, `INSERT INTO instructions (placement_id, booking_id, user_id, created_at,
						updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`, placement, bookingID, user, tx.Now, tx.Now); err != nil {
						return err
					}
					versions := 3
					if (u < 2) == (d < 50) {
						versions = 4 // 200 of the 400 instructions have a fourth entry
					}
					for v := 1; v <= versions; v++ {
						action := audit.Update
						if v == 1 {
							action = audit.Insert
						}
						if err := record(action, audit.SourceInstruction, instruction, map[string]any{"placementId": placement,
							"userId": user, "supplierStatus": []string{"awaiting_response", "accepted", "accepted", "cancelled"}[v-1],
							"clientStatus": "accepted", "version": v}); err != nil {
							return err
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			return "", err
		}
		bookingIDs = append(bookingIDs, bookingID)
		// Other records' history around it: 20,000 entries of 4,000 other instructions.
		err = db.InTx(ctx, func(tx *database.Tx) error {
			for i := 0; i < 20000; i++ {
				if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, int64(1_000_000+i%4000),
					map[string]any{"supplierStatus": "accepted", "version": i / 4000}); err != nil {
					return err
				}
			}
			return nil
		})
		return fmt.Sprintf("a booking with %d history entries among 20,000 others", entries), err
	})
	for i, e := range engines {
		base := fmt.Sprintf("/history/booking/%d", bookingIDs[i])
		b.Run(e.Name, func(b *testing.B) {
			apptest.MeasurePages(b, e.Admin, []string{base, base + "?pageSize=5", base + "?pageSize=50",
				base + "?pageSize=100", base + "?page=50&pageSize=20", base + "?page=100&pageSize=20"})
		})
	}
}
