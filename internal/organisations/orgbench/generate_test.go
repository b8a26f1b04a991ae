package orgbench

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestGenerate(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		sz := Sizes{Entities: 1200, Clients: 300, Users: 150, Links: 3000}
		c, err := Generate(ctx, db, sz)
		if err != nil {
			t.Fatal(err)
		}
		if c.Entities != 1200 || c.Users != 150 || c.Links != 3000 || c.Departments < 600 || c.Departments > 1200 {
			t.Errorf("counts %+v", c)
		}
		for query, want := range map[string]int{
			`SELECT COUNT(*) FROM entities`:                            1200,
			`SELECT COUNT(*) FROM entities WHERE type = 'client'`:      300,
			`SELECT COUNT(*) FROM departments`:                         c.Departments,
			`SELECT COUNT(*) FROM user_department_refs`:                3000,
			`SELECT COUNT(DISTINCT user_id) FROM user_department_refs`: 150,
			`SELECT COUNT(*) FROM users WHERE email_lc LIKE 'scale.%'`: 150,
		} {
			var n int
			if err := db.Get(ctx, &n, query); err != nil || n != want {
				t.Errorf("%s: %d (%v), want %d", query, n, err, want)
			}
		}
		var kinds int
		if err := db.Get(ctx, &kinds, `SELECT COUNT(DISTINCT type) FROM entities`); err != nil || kinds != 4 {
			t.Errorf("entity kinds %d %v", kinds, err)
		}
	})
}
