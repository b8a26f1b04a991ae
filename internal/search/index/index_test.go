package index_test

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// TestRebuild indexes a world built with direct SQL (no write path refreshed it) and finds its
// records' words, keys and variants.
func TestRebuild(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, _ *apptest.Server, db *database.DB, w orgtest.World) {
		ctx := context.Background()
		if err := index.Rebuild(ctx, db); err != nil {
			t.Fatal(err)
		}
		count := func(q string, args ...any) int {
			var n int
			if err := db.Get(ctx, &n, q, args...); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := count(`SELECT COUNT(*) FROM search_terms WHERE term = 'alpha' AND source = 'entity' AND record_id = ?`, w.ClientA); n != 1 {
			t.Errorf("entity word: %d", n)
		}
		if n := count(`SELECT COUNT(*) FROM search_terms WHERE term = '=manager@hive.test' AND source = 'user'`); n != 1 {
			t.Errorf("email key: %d", n)
		}
		if n := count(`SELECT COUNT(*) FROM search_terms WHERE source = 'department' AND term = 'drama' AND record_id = ? AND scope_id = ?`, w.DeptB1, w.DeptB1); n != 1 {
			t.Errorf("department scope: %d", n)
		}
		if n := count(`SELECT COUNT(*) FROM search_variants WHERE variant = 'alph' AND term = 'alpha'`); n != 1 {
			t.Errorf("variant: %d", n)
		}
		// A database whose records predate the index (no state) is indexed at start.
		orgtest.Entity(t, db, "Omega Studios", "client")
		if _, err := db.Raw().ExecContext(ctx, `DELETE FROM search_state`); err != nil {
			t.Fatal(err)
		}
		if err := index.EnsureBuilt(ctx, db); err != nil {
			t.Fatal(err)
		}
		if n := count(`SELECT COUNT(*) FROM search_terms WHERE source = 'entity' AND term = 'omega'`); n != 1 {
			t.Errorf("not built at start: %d", n)
		}
		// Built and current: nothing to do (a record written without a refresh stays out).
		orgtest.Entity(t, db, "Sigma Studios", "client")
		if err := index.EnsureBuilt(ctx, db); err != nil {
			t.Fatal(err)
		}
		if n := count(`SELECT COUNT(*) FROM search_terms WHERE term = 'sigma'`); n != 0 {
			t.Errorf("rebuilt although current: %d", n)
		}
	})
}
