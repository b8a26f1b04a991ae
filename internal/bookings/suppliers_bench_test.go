package bookings_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// BenchmarkAvailableSuppliers ranks the candidates for the 20 placements of a booking at the
// issue's scale (generate), with every one of the 2,000 freelancers hireable in the department
// (the worst case: all are candidates), each unavailable on about one day in ten, with a job
// title and three skills (a tenth of them titled like the placement template), and five
// preferred users per job template. It times reading the booking plus Store.AvailableSuppliers
// for the booking's 20 placements, on SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL, and
// reports p50 and p95 in ms.
func BenchmarkAvailableSuppliers(b *testing.B) {
	engines := map[string]func(testing.TB) *database.DB{"sqlite": databasetest.SQLite}
	if os.Getenv(databasetest.PostgresURLVar) != "" {
		engines["postgres"] = databasetest.Postgres
	}
	for _, name := range []string{"sqlite", "postgres"} {
		open, ok := engines[name]
		if !ok {
			continue
		}
		// Generated here, once per engine: the sub-benchmark's function runs more than once.
		db := open(b)
		if _, err := accounts.SeedDemo(context.Background(), db); err != nil {
			b.Fatal(err)
		}
		freelancers, bookingIDs := generate(b, db)
		hireAll(b, db, freelancers)
		b.Run(name, func(b *testing.B) {
			benchAvailableSuppliers(b, db, freelancers, bookingIDs)
		})
	}
}

// benchAvailableSuppliers times b.N rankings, each of the next booking's 20 placements, and
// reports the wall-clock p50 and p95 and the process's CPU time per ranking (which other
// processes on the machine do not inflate; PostgreSQL's own work is not in it).
func benchAvailableSuppliers(b *testing.B, db *database.DB, freelancers, bookingIDs []int64) {
	store := &bookings.Store{DB: db}
	ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: freelancers[0], CanAdmin: true,
		Needs: auth.NeedSet{auth.NeedAdmin: {}}})
	var took []time.Duration
	var cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bookingID := bookingIDs[(i*37)%len(bookingIDs)]
		var selection []struct {
			ID       int64 `db:"id"`
			Template int64 `db:"placement_template_id"`
		}
		if err := db.Select(ctx, &selection, `SELECT id, placement_template_id FROM placements WHERE booking_id = ?
			ORDER BY id`, bookingID); err != nil {
			b.Fatal(err)
		}
		ids := make([]int64, len(selection))
		for j, p := range selection {
			ids[j] = p.ID
		}
		cpu0, t0 := processCPU(), time.Now()
		row, err := store.Booking(ctx, bookingID)
		if err != nil {
			b.Fatal(err)
		}
		list, err := store.AvailableSuppliers(ctx, row, selection[0].Template, ids)
		took = append(took, time.Since(t0))
		cpu += processCPU() - cpu0
		if err != nil {
			b.Fatal(err)
		}
		if list.PlacementCount != perBooking || len(list.Items) != scaleFreelancers {
			b.Fatalf("%d placements, %d candidates", list.PlacementCount, len(list.Items))
		}
	}
	b.StopTimer()
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	ms := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000 }
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.95), "p95-ms")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// processCPU is the user and system time this process has used.
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// hireAll links every freelancer to the scale department with can_hire, and adds their
// unavailable days, job titles, skills and the job templates' preferred users.
func hireAll(tb testing.TB, db *database.DB, freelancers []int64) {
	ctx := context.Background()
	err := db.InTx(ctx, func(tx *database.Tx) error {
		var dept int64
		if err := tx.Get(ctx, &dept, `SELECT id FROM departments WHERE name_lc = 'scale'`); err != nil {
			return err
		}
		n := len(freelancers)
		if err := insertMany(ctx, tx, "user_department_refs", "user_id, department_id, can_hire, created_at, updated_at", n,
			func(i int) []any { return []any{freelancers[i], dept, true, tx.Now, tx.Now} }); err != nil {
			return err
		}
		day0 := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
		const days, everyNth = 280, 10
		if err := insertMany(ctx, tx, "unavailability", "user_id, date, created_at", n*days/everyNth, func(i int) []any {
			user := i % n
			day := (i/n)*everyNth + user%everyNth
			return []any{freelancers[user], day0.AddDate(0, 0, day).Format(time.DateOnly), tx.Now}
		}); err != nil {
			return err
		}
		if err := insertMany(ctx, tx, "tags", "name, name_lc, category, created_at, updated_at", 40, func(i int) []any {
			category, name := "skills", fmt.Sprintf("Skill %d", i)
			switch {
			case i == 0: // the generated placement templates' title: a tenth of the freelancers match
				category, name = "job_title", "Camera"
			case i < 10:
				category, name = "job_title", fmt.Sprintf("Title %d", i)
			}
			return []any{name, strings.ToLower(name), category, tx.Now, tx.Now}
		}); err != nil {
			return err
		}
		var tagIDs []int64
		if err := tx.Select(ctx, &tagIDs, `SELECT id FROM tags WHERE name = 'Camera' OR name LIKE 'Title %' OR name LIKE 'Skill %' ORDER BY id`); err != nil {
			return err
		}
		if err := insertMany(ctx, tx, "user_tags", "user_id, tag_id", n*4, func(i int) []any {
			user, k := i/4, i%4
			tag := tagIDs[user%10] // one job title
			if k > 0 {
				tag = tagIDs[10+(user*3+k)%30] // three skills
			}
			return []any{freelancers[user], tag}
		}); err != nil {
			return err
		}
		var templates []int64
		if err := tx.Select(ctx, &templates, `SELECT id FROM job_templates WHERE department_id = ? ORDER BY id`, dept); err != nil {
			return err
		}
		return insertMany(ctx, tx, "job_template_preferred_users", "job_template_id, user_id, created_at", len(templates)*5,
			func(i int) []any { return []any{templates[i/5], freelancers[(i*389)%n], tx.Now} })
	})
	if err != nil {
		tb.Fatal(err)
	}
	// PostgreSQL's autovacuum would have analysed the tables of a live database after such
	// inserts; SQLite is left without statistics, as Hive never runs ANALYZE on it.
	if db.Dialect == database.Postgres {
		if err := db.InTx(ctx, func(tx *database.Tx) error { _, err := tx.Exec(ctx, `ANALYZE`); return err }); err != nil {
			tb.Fatal(err)
		}
	}
}

// insertMany inserts n rows of columns into table, 500 a statement.
func insertMany(ctx context.Context, tx *database.Tx, table, columns string, n int, row func(i int) []any) error {
	cols := len(strings.Split(columns, ","))
	for from := 0; from < n; from += 500 {
		to := min(from+500, n)
		values := make([]string, 0, to-from)
		var args []any
		for i := from; i < to; i++ {
			values = append(values, "("+database.Marks(cols)+")")
			args = append(args, row(i)...)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO `+table+` (`+columns+`) VALUES `+strings.Join(values, ", ")+
			` ON CONFLICT DO NOTHING`, args...); err != nil {
			return err
		}
	}
	return nil
}
