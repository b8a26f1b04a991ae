package databasetest

import (
	"context"
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

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

// TestRetryWhileAccessedWaitsOnlyForObjectInUse: PostgreSQL's object_in_use refusal is tried
// again, told by its SQLSTATE whatever its wording; any other error is returned at once.
func TestRetryWhileAccessedWaitsOnlyForObjectInUse(t *testing.T) {
	calls := 0
	err := retryWhileAccessed(func() error {
		if calls++; calls < 3 {
			return &pgconn.PgError{Code: objectInUse, Message: "in use (any wording)"}
		}
		return nil
	})
	if err != nil || calls != 3 {
		t.Fatalf("object in use: err %v after %d calls, want nil after 3", err, calls)
	}
	other := &pgconn.PgError{Code: "42P04", Message: "database is being accessed by other users"}
	calls = 0
	err = retryWhileAccessed(func() error { calls++; return other })
	if !errors.Is(err, other) || calls != 1 {
		t.Fatalf("another error: err %v after %d calls, want it returned after 1", err, calls)
	}
}
