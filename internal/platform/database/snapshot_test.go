package database_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// The reads of one ReadSnapshot see the database at one instant: a write committed between
// them is not seen by the second (nor by the third, when the statement is prepared by then),
// and is seen by the next snapshot.
func TestReadSnapshotSeesOneInstant(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		const count = `SELECT COUNT(*) FROM login_failures`
		insert := func(channel string) {
			t.Helper()
			if err := db.InTx(ctx, func(tx *database.Tx) error {
				_, err := tx.Exec(ctx, `INSERT INTO login_failures (email_lc, failures, locked_until, updated_at)
					VALUES (?, 1, ?, ?)`, channel, tx.Now, tx.Now)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		for round, channel := range []string{"a@example.com", "b@example.com"} {
			var before, between, after int
			if err := db.ReadSnapshot(ctx, func(r database.Reader) error {
				if err := r.Get(ctx, &before, count); err != nil {
					return err
				}
				insert(channel)
				if err := r.Get(ctx, &between, count); err != nil {
					return err
				}
				return r.Get(ctx, &after, count+` WHERE failures >= 0`)
			}); err != nil {
				t.Fatal(err)
			}
			if between != before || after != before {
				t.Errorf("round %d: the snapshot saw %d, then %d and %d rows", round, before, between, after)
			}
			var now int
			if err := db.ReadSnapshot(ctx, func(r database.Reader) error { return r.Get(ctx, &now, count) }); err != nil {
				t.Fatal(err)
			}
			if now != before+1 {
				t.Errorf("round %d: the next snapshot saw %d rows, want %d", round, now, before+1)
			}
		}
	})
}

// ReadPlanned on PostgreSQL plans each query for its values, in one read-only snapshot; the
// setting ends with it.
func TestReadPlannedPlansForValuesInOneSnapshot(t *testing.T) {
	db := databasetest.Postgres(t)
	ctx := context.Background()
	type state struct {
		PlanMode  string    `db:"plan_mode"`
		Isolation string    `db:"isolation"`
		ReadOnly  string    `db:"read_only"`
		Started   time.Time `db:"started"`
	}
	const q = `SELECT current_setting('plan_cache_mode') AS plan_mode,
		current_setting('transaction_isolation') AS isolation,
		current_setting('transaction_read_only') AS read_only, now() AS started`
	var first, second state
	if err := db.ReadPlanned(ctx, func(r database.Reader) error {
		if err := r.Get(ctx, &first, q); err != nil {
			return err
		}
		return r.Get(ctx, &second, q)
	}); err != nil {
		t.Fatal(err)
	}
	want := state{PlanMode: "force_custom_plan", Isolation: "repeatable read", ReadOnly: "on", Started: first.Started}
	if first != want || !second.Started.Equal(first.Started) {
		t.Errorf("inside ReadPlanned: %+v then %+v, want %+v twice", first, second, want)
	}
	var after string
	if err := db.Get(ctx, &after, `SELECT current_setting('plan_cache_mode')`); err != nil {
		t.Fatal(err)
	}
	if after != "auto" {
		t.Errorf("after ReadPlanned: plan_cache_mode %q, want auto", after)
	}
}

// PlanOnceFromHere inside ReadPlanned plans the reads that follow once per connection on
// PostgreSQL; ReadPlanned's next call plans for values again. On SQLite it does nothing.
func TestPlanOnceFromHereInsideReadPlanned(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		mode := func(r database.Reader) string {
			if db.Dialect != database.Postgres {
				return "per call"
			}
			var m string
			if err := r.Get(ctx, &m, `SELECT current_setting('plan_cache_mode')`); err != nil {
				t.Fatal(err)
			}
			return m
		}
		var modes []string
		for range 2 {
			if err := db.ReadPlanned(ctx, func(r database.Reader) error {
				modes = append(modes, mode(r))
				err := database.PlanOnceFromHere(ctx, r)
				modes = append(modes, mode(r))
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		want := []string{"force_custom_plan", "force_generic_plan", "force_custom_plan", "force_generic_plan"}
		if db.Dialect != database.Postgres {
			want = []string{"per call", "per call", "per call", "per call"}
		}
		if !slices.Equal(modes, want) {
			t.Errorf("plan modes %q, want %q", modes, want)
		}
	})
}
