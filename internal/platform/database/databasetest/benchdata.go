package databasetest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/hive/hive/internal/platform/database"
)

// Scale data for benchmarks takes minutes to make, so BenchWithCachedData keeps what fill made
// between runs, as the migrated template is kept: a file in the temporary directory on SQLite
// (written with VACUUM INTO), a database named hive_bench_<key>_<version> on PostgreSQL, and
// beside either fill's answer as JSON. The version hashes the migrations and the key, which the
// caller changes with its generator (a hash of the generator's source), so a changed schema or
// generator makes the data anew and never reuses stale data. Each run reads a copy, so a
// benchmark that writes leaves the kept data as it was. HIVE_BENCH_FRESH=1 makes it anew.

// BenchWithCachedData is BenchWithData with fill's database kept between runs under key (see
// above): a run that finds it opens a copy instead of filling a fresh database.
func BenchWithCachedData[D any](b *testing.B, key string, fill func(b *testing.B, db *database.DB) D,
	bench func(b *testing.B, db *database.DB, d D)) {
	b.Helper()
	for _, e := range Available() {
		db, d := cachedData(b, e.Name, key, fill)
		b.Run(e.Name, func(b *testing.B) { bench(b, db, d) })
	}
}

// duplicateDatabase is PostgreSQL's SQLSTATE 42P04: a database of that name exists.
const duplicateDatabase = "42P04"

var unsafeName = regexp.MustCompile(`[^a-z0-9_]+`)

// benchDataName is the kept data's name for key: key made safe, then the version.
func benchDataName(key string) (string, error) {
	migrations, err := migrationsVersion()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(migrations + "\n" + key))
	safe := unsafeName.ReplaceAllString(key, "_")
	return "hive_bench_" + safe[:min(len(safe), 16)] + "_" + hex.EncodeToString(sum[:])[:12], nil
}

func cachedData[D any](b *testing.B, engine, key string, fill func(b *testing.B, db *database.DB) D) (*database.DB, D) {
	b.Helper()
	var d D
	name, err := benchDataName(key)
	if err != nil {
		b.Fatal(err)
	}
	dir := filepath.Join(os.TempDir(), "hive-bench-data")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	meta := filepath.Join(dir, name+"-"+engine+".json")
	kept := os.Getenv("HIVE_BENCH_FRESH") != "1" && readJSON(meta, &d) == nil
	switch {
	case engine == "sqlite" && kept:
		if file := filepath.Join(dir, name+".db"); exists(file) {
			b.Logf("%s: a copy of the kept data %s", engine, file)
			return sqliteCopyOf(b, file), d
		}
	case kept:
		if db, ok := postgresCopyOf(b, name); ok {
			b.Logf("%s: a copy of the kept data %s", engine, name)
			return db, d
		}
	}
	if engine == "sqlite" {
		db := SQLite(b)
		d = fill(b, db)
		file := filepath.Join(dir, name+".db")
		building := file + ".building-" + randomSuffix()
		if _, err := db.Raw().Exec(`VACUUM INTO '` + building + `'`); err != nil {
			b.Fatalf("keep the bench data: %v", err)
		}
		keep(b, meta, d, func() error { return os.Rename(building, file) })
		return db, d
	}
	return postgresKept(b, name, meta, fill)
}

// postgresKept fills a database of its own, keeps it as name (meta: fill's answer) and opens a
// copy of it for the run.
func postgresKept[D any](b *testing.B, name, meta string, fill func(b *testing.B, db *database.DB) D) (*database.DB, D) {
	base := os.Getenv(PostgresURLVar)
	template, err := postgresTemplate(base)
	if err != nil {
		b.Fatal(err)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		b.Fatal(err)
	}
	defer admin.Close()
	building := name + "_building_" + randomSuffix()
	if _, err := admin.Exec("CREATE DATABASE " + building + " TEMPLATE " + template); err != nil {
		b.Fatal(err)
	}
	db, err := database.Open(context.Background(), withDatabase(base, building))
	if err != nil {
		b.Fatal(err)
	}
	d := fill(b, db)
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	keep(b, meta, d, func() error {
		if os.Getenv("HIVE_BENCH_FRESH") == "1" {
			_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		}
		err := retryWhileAccessed(func() error {
			_, err := admin.Exec("ALTER DATABASE " + building + " RENAME TO " + name)
			return err
		})
		if database.PostgresCode(err) == duplicateDatabase { // another run kept the same data first
			_, err = admin.Exec("DROP DATABASE " + building)
		}
		return err
	})
	copied, ok := postgresCopyOf(b, name)
	if !ok {
		b.Fatalf("the kept bench data %s is gone", name)
	}
	return copied, d
}

// postgresCopyOf opens a fresh copy of the kept database name, dropped when the run ends; false
// when there is no such database.
func postgresCopyOf(b *testing.B, name string) (*database.DB, bool) {
	base := os.Getenv(PostgresURLVar)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		b.Fatal(err)
	}
	defer admin.Close()
	var found bool
	if err := admin.QueryRow("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&found); err != nil {
		b.Fatal(err)
	}
	if !found {
		return nil, false
	}
	copyName := "hive_test_" + randomSuffix()
	if err := retryWhileAccessed(func() error {
		_, err := admin.Exec("CREATE DATABASE " + copyName + " TEMPLATE " + name)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	db, err := database.Open(context.Background(), withDatabase(base, copyName))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		db.Close()
		if admin, err := sql.Open("pgx", base); err == nil {
			_, _ = admin.Exec("DROP DATABASE IF EXISTS " + copyName + " WITH (FORCE)")
			admin.Close()
		}
	})
	return db, true
}

// sqliteCopyOf opens a copy of the kept file, removed when the run ends.
func sqliteCopyOf(b *testing.B, file string) *database.DB {
	dir, err := os.MkdirTemp("", "hive-sqlite-")
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, "hive.db")
	if err := copyFile(file, path); err != nil {
		os.RemoveAll(dir)
		b.Fatal(err)
	}
	db, err := database.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		os.RemoveAll(dir)
		b.Fatal(err)
	}
	b.Cleanup(func() {
		db.Close()
		os.RemoveAll(dir)
	})
	return db
}

// keep writes d to meta, then publishes the data (publish), meta first so that data found always
// has its answer beside it.
func keep(b *testing.B, meta string, d any, publish func() error) {
	data, err := json.Marshal(d)
	if err == nil {
		tmp := meta + ".building-" + randomSuffix()
		if err = os.WriteFile(tmp, data, 0o644); err == nil {
			err = os.Rename(tmp, meta)
		}
	}
	if err == nil {
		err = publish()
	}
	if err != nil {
		b.Fatalf("keep the bench data: %v", err)
	}
}

func readJSON(path string, dst any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, dst); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
