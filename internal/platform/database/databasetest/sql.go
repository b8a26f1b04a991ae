package databasetest

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/platform/database"
)

// Exec runs one statement in its own transaction, for a test's set-up; an error fails the test.
func Exec(t testing.TB, db *database.DB, query string, args ...any) {
	t.Helper()
	if err := db.InTx(context.Background(), func(tx *database.Tx) error {
		_, err := tx.Exec(context.Background(), query, args...)
		return err
	}); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// InsertID runs an INSERT ... RETURNING id in its own transaction and returns the id; an
// error fails the test.
func InsertID(t testing.TB, db *database.DB, query string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := db.InTx(context.Background(), func(tx *database.Tx) error {
		return tx.Get(context.Background(), &id, query, args...)
	}); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return id
}

// Get reads the one value query selects, for a test's checks; an error (no row too) fails the
// test.
func Get[T any](t testing.TB, db *database.DB, query string, args ...any) T {
	t.Helper()
	var v T
	if err := db.Get(context.Background(), &v, query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return v
}

// Select reads every row query selects, for a test's checks; an error fails the test.
func Select[T any](t testing.TB, db *database.DB, query string, args ...any) []T {
	t.Helper()
	var rows []T
	if err := db.Select(context.Background(), &rows, query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return rows
}

// Nullable is the value of a nullable column p was read from, or nil for NULL, so that a test's
// message or snapshot shows the value rather than an address.
func Nullable[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
