package dashboard_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/dashboard/facts"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// answered adds to bookingbench's data what the dashboard reads and the bulk builder leaves
// out (bookingbench is shared, so this builds on top of it): rates on every instruction (a
// fifth in EUR, a third hourly), and for every instruction its freelancer answered (accepted or
// rejected), the status change event of that answer, 1 to 72 hours after the offer. Returns
// how many events it wrote.
func answered(ctx context.Context, db *database.DB) (int, error) {
	n := 0
	err := db.InTx(ctx, func(tx *database.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE instructions SET
			sell_rate_minor = 25000 + (id % 7) * 1000, buy_rate_minor = 20000 + (id % 7) * 800,
			sell_currency = CASE WHEN id % 5 = 0 THEN 'EUR' ELSE 'GBP' END,
			buy_currency = CASE WHEN id % 5 = 0 THEN 'EUR' ELSE 'GBP' END,
			sell_period = CASE WHEN id % 3 = 0 THEN 'hour' ELSE 'day' END,
			buy_period = CASE WHEN id % 3 = 0 THEN 'hour' ELSE 'day' END`); err != nil {
			return err
		}
		var rows []struct {
			ID        int64     `db:"id"`
			Booking   int64     `db:"booking_id"`
			Placement int64     `db:"placement_id"`
			User      int64     `db:"user_id"`
			Supplier  string    `db:"supplier_status"`
			Client    string    `db:"client_status"`
			CreatedAt time.Time `db:"created_at"`
		}
		if err := tx.Select(ctx, &rows, `SELECT id, booking_id, placement_id, user_id, supplier_status, client_status,
			created_at FROM instructions WHERE supplier_status IN ('accepted', 'rejected') ORDER BY id`); err != nil {
			return err
		}
		const per = 400
		for from := 0; from < len(rows); from += per {
			var sb strings.Builder
			var args []any
			for i, r := range rows[from:min(from+per, len(rows))] {
				if i > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString("(" + database.Marks(8) + ")")
				payload, _ := json.Marshal(map[string]any{"supplierStatus": r.Supplier, "clientStatus": "awaiting_response",
					"cancellationReason": "", "version": 2})
				at := r.CreatedAt.Add(time.Duration(1+r.ID%72)*time.Hour + time.Duration(r.ID%60)*time.Minute)
				args = append(args, string(events.InstructionStatus), r.Booking, r.Placement, r.ID, r.User, 1, string(payload), at)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO booking_events (kind, booking_id, placement_id, instruction_id, user_id,
				actor_user_id, payload_json, created_at) VALUES `+sb.String(), args...); err != nil {
				return err
			}
		}
		n = len(rows)
		return nil
	})
	if err == nil {
		err = db.AfterBulkLoad(ctx)
	}
	return n, err
}

// BenchmarkDashboardStats measures GET /api/v1/dashboard/stats through the real HTTP stack on
// bookingbench's data (2,000 freelancers, 20 departments of 5 clients, 50,000 placements and
// 200,000 instructions over about six months from 2027-01-04) plus rates and 175,000 answer
// events (answered) and the dashboard's facts rebuilt from them, on SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL, reporting p50 and
// p95 in ms:
//   - admin-all: an administrator over a range holding every placement (all 200,000 instructions);
//   - admin-month: an administrator over one busy month;
//   - manager-all: the manager of one client (4 departments, a fifth of the data) over everything.
func BenchmarkDashboardStats(b *testing.B) {
	for _, e := range databasetest.Available() {
		db := e.Open(b)
		s := apptest.Start(b, db)
		ctx := context.Background()
		d := bookingbench.Generate(b, db)
		start := time.Now()
		n, err := answered(ctx, db)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: rates and %d answer events in %s", e.Name, n, time.Since(start).Round(time.Millisecond))
		// The bulk data went round the bookings feature, which keeps the facts as it writes.
		start = time.Now()
		if err := facts.Rebuild(ctx, db); err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: dashboard facts rebuilt in %s", e.Name, time.Since(start).Round(time.Millisecond))
		var client int64
		if err := db.Get(ctx, &client, `SELECT client_id FROM departments WHERE id = ?`, d.Departments[0]); err != nil {
			b.Fatal(err)
		}
		if err := db.InTx(ctx, func(tx *database.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO user_entity_refs (user_id, entity_id, can_manage, can_select, created_at,
				updated_at) SELECT id, ?, TRUE, TRUE, ?, ? FROM users WHERE email_lc = 'manager@hive.test'`, client, tx.Now, tx.Now)
			return err
		}); err != nil {
			b.Fatal(err)
		}
		admin, manager := s.Login("admin@hive.test"), s.Login("manager@hive.test")
		all := "/dashboard/stats?startDate=2027-01-01&endDate=2027-12-31"
		month := "/dashboard/stats?startDate=2027-03-01&endDate=2027-03-31"
		for _, c := range []struct {
			name   string
			client *apptest.Client
			path   string
		}{{"admin-all", admin, all}, {"admin-month", admin, month}, {"manager-all", manager, all}} {
			for range 3 { // prepare the statements, warm the caches
				c.client.Do("GET", c.path, nil).Want(200)
			}
			b.Run(fmt.Sprintf("%s/%s", e.Name, c.name), func(b *testing.B) {
				apptest.MeasurePages(b, c.client, []string{c.path})
			})
		}
	}
}
