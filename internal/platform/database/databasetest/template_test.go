package databasetest

import (
	"context"
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"github.com/hive/hive/migrations"
)

// TestCopiesAreMigratedAndIndependent: each database a test gets is a copy of the template
// with every migration applied, and what one test writes is not seen by the next.
func TestCopiesAreMigratedAndIndependent(t *testing.T) {
	latest := latestMigration(t)
	for _, e := range Available() {
		t.Run(e.Name, func(t *testing.T) {
			first := e.Open(t)
			Exec(t, first, "CREATE TABLE written_by_first (id INTEGER)")
			second := e.Open(t)
			var n int
			if err := second.Get(context.Background(), &n, "SELECT COUNT(*) FROM written_by_first"); err == nil {
				t.Fatal("the second copy holds the table the first one made")
			}
			Get[int](t, first, "SELECT COUNT(*) FROM written_by_first")
			for _, version := range []int64{
				Get[int64](t, first, "SELECT MAX(version_id) FROM goose_db_version"),
				Get[int64](t, second, "SELECT MAX(version_id) FROM goose_db_version"),
			} {
				if version != latest {
					t.Fatalf("a copy is at migration %d, want %d", version, latest)
				}
			}
		})
	}
}

// latestMigration is the number of the last migration file.
func latestMigration(t *testing.T) int64 {
	t.Helper()
	names, err := fs.Glob(migrations.FS, "sqlite/*.sql")
	if err != nil || len(names) == 0 {
		t.Fatalf("migrations: %v", err)
	}
	last := strings.TrimPrefix(names[len(names)-1], "sqlite/")
	n, err := strconv.ParseInt(last[:strings.IndexByte(last, '_')], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
