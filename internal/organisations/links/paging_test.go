package links

import (
	"context"
	"slices"
	"testing"

	"github.com/hive/hive/internal/organisations/orgbench"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestParentSkippingPagesMatchAFullSort checks that pages of parent-led sorts, which skip whole
// users or departments by their link counts, hold exactly the rows a plain ORDER BY ... LIMIT
// OFFSET over every link would, for every sort, at the edges and across parent boundaries.
func TestParentSkippingPagesMatchAFullSort(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		if _, err := orgbench.Generate(ctx, db, orgbench.Sizes{Entities: 60, Clients: 20, Users: 40, Links: 700}); err != nil {
			t.Fatal(err)
		}
		if err := db.InTx(ctx, func(tx *database.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO user_entity_refs (user_id, entity_id, created_at, updated_at)
				SELECT u.id, e.id, ?, ? FROM users u CROSS JOIN entities e WHERE (u.id + e.id) % 3 = 0`, tx.Now, tx.Now)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		for table, sorts := range map[string]map[string]sortKey{"user_department_refs": UserDepartmentSorts, "user_entity_refs": UserEntitySorts} {
			for name, key := range sorts {
				var all []int64
				if err := db.Select(ctx, &all, `SELECT r.id FROM `+table+` r`+key.join+` ORDER BY `+key.order); err != nil {
					t.Fatal(err)
				}
				for _, p := range []Page{{Offset: 0, Limit: 20}, {Offset: 13, Limit: 7}, {Offset: len(all)/2 - 3, Limit: 20}, {Offset: len(all) - 5, Limit: 20}, {Offset: len(all) - 20, Limit: 20}} {
					p.Sort = name
					got, total, err := pageIDs(ctx, db, table, conds{}, sorts, name, p)
					if err != nil {
						t.Fatalf("%s %s: %v", table, name, err)
					}
					want := all[p.Offset:min(p.Offset+p.Limit, len(all))]
					if total != len(all) || !slices.Equal(got, want) {
						t.Errorf("%s sort %s offset %d: got %v, want %v", table, name, p.Offset, got, want)
					}
				}
			}
		}
	})
}
