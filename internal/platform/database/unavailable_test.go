package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jmoiron/sqlx"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/nettest"
)

func TestAnUnreachableDatabaseIsUnavailableAndABadQueryIsNot(t *testing.T) {
	pool, err := sqlx.Open("pgx", "postgres://hive@"+nettest.ClosedAddr(t)+"/hive?sslmode=disable&connect_timeout=2")
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var n int
	refused := translate(pool.GetContext(context.Background(), &n, `SELECT 1`))
	if !errors.Is(refused, apperror.ErrUnavailable) {
		t.Fatalf("connection refused: %v is not unavailable", refused)
	}
	for _, err := range []error{
		&pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"},
		&pgconn.PgError{Code: "08006", Message: "connection failure"},
		fmt.Errorf("read: %w", &pgconn.PgError{Code: "57P03", Message: "the database system is starting up"}),
	} {
		if !errors.Is(translate(err), apperror.ErrUnavailable) {
			t.Errorf("%v is not unavailable", err)
		}
	}
	for _, err := range []error{
		sql.ErrNoRows, context.Canceled,
		&pgconn.PgError{Code: "42601", Message: "syntax error"},
		&pgconn.PgError{Code: "23505", Message: "duplicate key"},
	} {
		if errors.Is(translate(err), apperror.ErrUnavailable) {
			t.Errorf("%v is unavailable", err)
		}
	}
	if !errors.Is(translate(&pgconn.PgError{Code: "23505"}), ErrUniqueViolation) {
		t.Error("unique violation lost")
	}
}

// TestPostgresConnectionsKilledUnderneathAreUnavailableThenReplaced ends every connection of the
// pool from the server side, as a PostgreSQL restart does, without restarting the shared server:
// the reads that meet a dead connection fail as unavailable (503), and the pool replaces the
// connections by itself.
func TestPostgresConnectionsKilledUnderneathAreUnavailableThenReplaced(t *testing.T) {
	base := os.Getenv("HIVE_TEST_POSTGRES_URL")
	if base == "" {
		t.Skip("HIVE_TEST_POSTGRES_URL is not set") // the engine itself is not there to test
	}
	ctx := context.Background()
	admin, err := sqlx.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := fmt.Sprintf("hive_test_unavail_%d", time.Now().UnixNano())
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	defer admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") //nolint:errcheck
	u, _ := url.Parse(base)
	u.Path = "/" + name
	db, err := Connect(u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// A transaction whose connection dies under it fails as unavailable.
	var killed int
	inTx := db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `SELECT 1`); err != nil {
			return err
		}
		if err := admin.Get(&killed, `SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = $1`, name); err != nil || killed == 0 {
			t.Fatalf("terminate: %d, %v", killed, err)
		}
		_, err := tx.Exec(ctx, `SELECT 1`)
		return err
	})
	if !errors.Is(inTx, apperror.ErrUnavailable) {
		t.Fatalf("a dead connection's error is not unavailable: %v", inTx)
	}
	// The pool replaces dead connections by itself: reads and writes work again.
	var one int
	if err := db.Get(ctx, &one, `SELECT 1`); err != nil {
		t.Fatalf("read after the connections ended: %v", err)
	}
	if err := db.InTx(ctx, func(tx *Tx) error { _, err := tx.Exec(ctx, `SELECT 1`); return err }); err != nil {
		t.Fatalf("write after the connections ended: %v", err)
	}
	t.Logf("%d connections ended; the one in a transaction failed as unavailable: %v", killed, inTx)
}

// TestAFullSQLiteDiskIsUnavailable fills the database as a full disk does (max_page_count caps
// the file) and expects the write to fail as unavailable (503), and the database to take writes
// again once there is room.
func TestAFullSQLiteDiskIsUnavailable(t *testing.T) {
	db, err := Connect("sqlite:" + t.TempDir() + "/full.db")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	exec := func(query string) error {
		return db.InTx(ctx, func(tx *Tx) error { _, err := tx.Exec(ctx, query); return err })
	}
	if err := exec(`CREATE TABLE filler (x BLOB)`); err != nil {
		t.Fatal(err)
	}
	var pages int
	if err := db.Get(ctx, &pages, `SELECT page_count FROM pragma_page_count()`); err != nil {
		t.Fatal(err)
	}
	// The writer is one connection, so the cap set through it holds for the next write.
	if err := db.InTx(ctx, func(tx *Tx) error {
		var max int
		return tx.Get(ctx, &max, fmt.Sprintf(`PRAGMA max_page_count = %d`, pages+2))
	}); err != nil {
		t.Fatal(err)
	}
	full := exec(`INSERT INTO filler (x) VALUES (zeroblob(1000000))`)
	if !errors.Is(full, apperror.ErrUnavailable) {
		t.Fatalf("a full database: %v", full)
	}
	if err := db.InTx(ctx, func(tx *Tx) error {
		var max int
		return tx.Get(ctx, &max, `PRAGMA max_page_count = 1073741823`)
	}); err != nil {
		t.Fatal(err)
	}
	if err := exec(`INSERT INTO filler (x) VALUES (zeroblob(1000000))`); err != nil {
		t.Fatalf("with room again: %v", err)
	}
	t.Logf("full: %v", full)
}
