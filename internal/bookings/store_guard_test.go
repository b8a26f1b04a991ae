package bookings

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Available suppliers reads every hireable freelancer's accepted work near a selection; on
// SQLite that read must stay one range of the covering index. A rule that names a column the
// index lacks (as "not a hold" did until migration 00039) sends every row back to the table and
// made the ranking six times slower.
func TestAcceptedShiftsReadTheIndexAlone(t *testing.T) {
	query := acceptedShiftsSQL(hiredBy)
	args := []any{1, 0, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC)}
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		var plan []string
		err := db.InTx(context.Background(), func(tx *database.Tx) error {
			if db.Dialect == database.SQLite {
				var rows []struct {
					ID      int    `db:"id"`
					Parent  int    `db:"parent"`
					NotUsed int    `db:"notused"`
					Detail  string `db:"detail"`
				}
				err := tx.Select(context.Background(), &rows, `EXPLAIN QUERY PLAN `+query, args...)
				for _, r := range rows {
					plan = append(plan, r.Detail)
				}
				return err
			}
			// PostgreSQL picks by its statistics, which a test database has none of: with
			// sequential scans priced out, the index is taken whenever its predicate is implied.
			if _, err := tx.Exec(context.Background(), `SET LOCAL enable_seqscan = off`); err != nil {
				return err
			}
			return tx.Select(context.Background(), &plan, `EXPLAIN `+query, args...)
		})
		if err != nil {
			t.Fatal(err)
		}
		want := map[database.Dialect]string{database.SQLite: "COVERING INDEX instructions_accepted_period",
			database.Postgres: "instructions_accepted_period"}[db.Dialect]
		if !strings.Contains(strings.Join(plan, "\n"), want) {
			t.Fatalf("the rest rule's read of instructions is\n%s\nwant %q", strings.Join(plan, "\n"), want)
		}
	})
}
