// Package databasetest gives each test a fresh, migrated Hive database on SQLite, and on
// PostgreSQL too when HIVE_TEST_POSTGRES_URL is set.
package databasetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
)

// PostgresURLVar names the variable that points the tests at a PostgreSQL server whose user
// may create databases.
const PostgresURLVar = "HIVE_TEST_POSTGRES_URL"

// Engines runs fn once per available engine as subtests named "sqlite" and "postgres", each
// with its own fresh database.
func Engines(t *testing.T, fn func(t *testing.T, db *database.DB)) {
	t.Helper()
	for _, e := range Available() {
		t.Run(e.Name, func(t *testing.T) { fn(t, e.Open(t)) })
	}
}

// Engine is one database engine a test or benchmark can run on.
type Engine struct {
	Name string // "sqlite" or "postgres"
	Open func(testing.TB) *database.DB
}

// Available lists the engines to run on: SQLite, and PostgreSQL when HIVE_TEST_POSTGRES_URL is
// set. Engines loops over it; so do benchmarks and fuzz tests that build their data once per
// engine, outside the sub-benchmark or the fuzz function.
func Available() []Engine {
	out := []Engine{{"sqlite", SQLite}}
	if os.Getenv(PostgresURLVar) != "" {
		out = append(out, Engine{"postgres", Postgres})
	}
	return out
}

// SQLite opens a copy of the migrated template (template.go) in a temporary file removed with
// the test.
func SQLite(tb testing.TB) *database.DB {
	tb.Helper()
	db, _ := SQLiteURL(tb)
	return db
}

// SQLiteURL is SQLite, also returning the database's URL, so that a test can open it a second
// time (another process on the same file).
func SQLiteURL(tb testing.TB) (*database.DB, string) {
	tb.Helper()
	// Not tb.TempDir: its RemoveAll fails the test when SQLite's -wal or -shm file is still being
	// let go as the directory is removed (seen once under load); retrying is enough.
	dir, err := os.MkdirTemp("", "hive-sqlite-")
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(dir, "hive.db")
	if err := copySQLiteTemplate(path); err != nil {
		os.RemoveAll(dir)
		tb.Fatalf("copy the migrated sqlite template: %v", err)
	}
	url := "sqlite:" + path
	db, err := database.Open(context.Background(), url)
	if err != nil {
		os.RemoveAll(dir)
		tb.Fatalf("open sqlite: %v", err)
	}
	tb.Cleanup(func() {
		db.Close()
		for range 20 {
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(25 * time.Millisecond)
		}
	})
	return db, url
}

// Postgres creates a database with a random name on the server of HIVE_TEST_POSTGRES_URL as a
// copy of the migrated template (template.go), and drops it when the test ends. Without the
// variable the test is skipped.
func Postgres(tb testing.TB) *database.DB {
	tb.Helper()
	db, _ := PostgresURL(tb)
	return db
}

// PostgresURL is Postgres that also returns the URL of the new database, for tests that start
// a server process on it.
func PostgresURL(tb testing.TB) (*database.DB, string) {
	tb.Helper()
	base := os.Getenv(PostgresURLVar)
	if base == "" {
		tb.Skip(PostgresURLVar + " is not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatalf("connect postgres: %v", err)
	}
	defer admin.Close()
	template, err := postgresTemplate(base)
	if err != nil {
		tb.Fatalf("migrated postgres template: %v", err)
	}
	name := "hive_test_" + randomSuffix()
	if err := retryWhileAccessed(func() error {
		_, err := admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + template)
		return err
	}); err != nil {
		tb.Fatalf("create database: %v", err)
	}
	dbURL := withDatabase(base, name)
	db, err := database.Open(context.Background(), dbURL)
	if err != nil {
		tb.Fatalf("open postgres: %v", err)
	}
	tb.Cleanup(func() {
		db.Close()
		if admin, err := sql.Open("pgx", base); err == nil {
			_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			admin.Close()
		}
	})
	return db, dbURL
}

// withDatabase is base pointing at database name, with commits that do not wait for the disk:
// a test database lives for one test, and the fsync of every commit was a large part of a run.
func withDatabase(base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		panic(fmt.Sprintf("parse %s: %v", PostgresURLVar, err))
	}
	u.Path = "/" + name
	q := u.Query()
	q.Set("synchronous_commit", "off")
	u.RawQuery = q.Encode()
	return u.String()
}

func randomSuffix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// StopClock stops Hive's clock (db.Now) at the current second, for the test to move forward
// itself. A test that counts hits against a fixed rate-limit window needs it: on the wall
// clock, a run that straddles the window's end starts counting afresh and lets the attempt
// through that the test expects refused.
func StopClock(db *database.DB) *clock.Settable {
	c := clock.At(time.Now().Truncate(time.Second))
	db.Now = c.Now
	return c
}
