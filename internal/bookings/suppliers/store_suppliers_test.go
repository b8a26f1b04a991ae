package suppliers

import (
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Available suppliers reads the time every hireable freelancer holds near a selection; on SQLite
// that read must stay a range of the covering index per window. A rule that names a column the
// index lacks (as "not a hold" did until migration 00039) sends every row back to the table and
// made the ranking six times slower.
func TestHeldNearReadsTheIndexAlone(t *testing.T) {
	at := func(day int) time.Time { return time.Date(2027, 1, day, 0, 0, 0, 0, time.UTC) }
	query, args := heldNearSQL([]window{{at(1), at(10)}, {at(20), at(30)}}, 1)
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		plan := databasetest.Plan(t, db, query, args...)
		want := map[database.Dialect]string{database.SQLite: "COVERING INDEX instructions_held_near",
			database.Postgres: "instructions_held_near"}[db.Dialect]
		if strings.Count(plan, want) != 2 {
			t.Fatalf("the time held near a selection is read with\n%s\nwant %q for each window", plan, want)
		}
	})
}
