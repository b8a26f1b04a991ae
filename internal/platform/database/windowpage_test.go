package database_test

import (
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestPageByIDs: the page holds the rows of its ids in order, with the columns' own arguments
// after the page's, and the total counts every match, on the first page, a later one and past
// the last.
func TestPageByIDs(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		databasetest.Exec(t, db, `CREATE TABLE paged (id BIGINT PRIMARY KEY, name TEXT)`)
		for i, name := range []string{"e", "d", "c", "b", "a", "skipped"} {
			databasetest.Exec(t, db, `INSERT INTO paged (id, name) VALUES (?, ?)`, i+1, name)
		}
		type row struct {
			ID   int64  `db:"id"`
			Name string `db:"name"`
			Tag  string `db:"tag"`
		}
		page := func(limit, offset int) ([]row, int) {
			t.Helper()
			var where database.Where
			where.Add("name <> ?", "skipped")
			rows, total, err := database.PageByIDs[row](ctx, db, database.IDPage{Table: "paged", Alias: "p",
				Cond: where.SQL(), Args: where.Args(), Order: "name, id", Outer: "p.name, p.id",
				Columns: "p.id, p.name, CAST(? AS TEXT) AS tag", ColumnArgs: []any{"x"}, Limit: limit, Offset: offset})
			if err != nil {
				t.Fatal(err)
			}
			return rows, total
		}
		if rows, total := page(2, 0); total != 5 || len(rows) != 2 || rows[0].Name != "a" || rows[1].Name != "b" || rows[0].Tag != "x" {
			t.Fatalf("first page %+v of %d", rows, total)
		}
		if rows, total := page(2, 4); total != 5 || len(rows) != 1 || rows[0].Name != "e" || rows[0].ID != 1 {
			t.Fatalf("last page %+v of %d", rows, total)
		}
		if rows, total := page(2, 6); total != 5 || len(rows) != 0 {
			t.Fatalf("past the last %+v of %d", rows, total)
		}

		// A count kept elsewhere is read instead of counting; the page is read as before.
		databasetest.Exec(t, db, `CREATE TABLE paged_count (n BIGINT)`)
		databasetest.Exec(t, db, `INSERT INTO paged_count (n) VALUES (?)`, 3)
		rows, total, err := database.PageByIDs[row](ctx, db, database.IDPage{Table: "paged", Alias: "p",
			Order: "name, id", Outer: "p.name, p.id", Columns: "p.id, p.name, '' AS tag", Limit: 2,
			Count: `SELECT n FROM paged_count WHERE n > ?`, CountArgs: []any{0}})
		if err != nil || total != 3 || len(rows) != 2 || rows[0].Name != "a" {
			t.Fatalf("with a kept count: %+v of %d, %v", rows, total, err)
		}
	})
}
