package suppliers

import (
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Available suppliers reads every hireable freelancer's accepted work near a selection; on
// SQLite that read must stay one range of the covering index. A rule that names a column the
// index lacks (as "not a hold" did until migration 00039) sends every row back to the table and
// made the ranking six times slower.
func TestAcceptedShiftsReadTheIndexAlone(t *testing.T) {
	query := commitment.AcceptedShiftsSQL(hiredBy)
	args := []any{1, 0, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC)}
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		plan := databasetest.Plan(t, db, query, args...)
		want := map[database.Dialect]string{database.SQLite: "COVERING INDEX instructions_accepted_period",
			database.Postgres: "instructions_accepted_period"}[db.Dialect]
		if !strings.Contains(plan, want) {
			t.Fatalf("the rest rule's read of instructions is\n%s\nwant %q", plan, want)
		}
	})
}
