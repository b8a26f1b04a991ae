package databasetest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/migrations"
)

// Each test gets a copy of a migrated template, made once per version of the migrations,
// rather than migrating an empty database of its own (every migration, about half a second on
// SQLite and several seconds on a busy PostgreSQL, for each of some 500 databases a run): a
// file copy on SQLite, CREATE DATABASE ... TEMPLATE on PostgreSQL. Opening the copy still runs
// Migrate, which finds nothing to apply, so a test sees exactly what a migrated database holds.
//
// Templates are kept between runs (a file in the temporary directory, a database named
// hive_test_template_<version> on the server), like a build cache: the version is a hash of the
// migration files, so a changed migration makes a new template and never reuses a stale one.

// migrationsVersion is a short hash of every migration file's name and content.
var migrationsVersion = sync.OnceValues(func() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := migrations.FS.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintf(h, "%s\n", path)
		_, err = io.Copy(h, f)
		return err
	})
	return hex.EncodeToString(h.Sum(nil))[:12], err
})

// sqliteTemplate is the path of a migrated SQLite database to copy, made at most once per
// process and shared by processes through its name.
var sqliteTemplate = sync.OnceValues(func() (string, error) {
	version, err := migrationsVersion()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(os.TempDir(), "hive-test-templates")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, "sqlite-"+version+".db")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	// Built in a directory of its own and renamed into place, so a process running beside this
	// one sees either no template or a whole one.
	build, err := os.MkdirTemp(dir, "building-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(build)
	built := filepath.Join(build, "hive.db")
	db, err := database.Open(context.Background(), "sqlite:"+built)
	if err != nil {
		return "", err
	}
	// Closing the last connection checkpoints the WAL into the file and removes it.
	if err := db.Close(); err != nil {
		return "", err
	}
	if err := os.Rename(built, path); err != nil {
		return "", err
	}
	return path, nil
})

// copySQLiteTemplate writes a copy of the migrated template to path.
func copySQLiteTemplate(path string) error {
	template, err := sqliteTemplate()
	if err != nil {
		return fmt.Errorf("sqlite template: %w", err)
	}
	src, err := os.Open(template)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// postgresTemplates remembers the template database made or found, per server URL.
var postgresTemplates sync.Map // base URL → func() (string, error)

// postgresTemplate names a migrated template database on the server of base, making it the
// first time any process asks for this version of the migrations.
func postgresTemplate(base string) (string, error) {
	once, _ := postgresTemplates.LoadOrStore(base, sync.OnceValues(func() (string, error) {
		return makePostgresTemplate(base)
	}))
	return once.(func() (string, error))()
}

func makePostgresTemplate(base string) (string, error) {
	version, err := migrationsVersion()
	if err != nil {
		return "", err
	}
	name := "hive_test_template_" + version
	ctx := context.Background()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	// Test packages run in parallel processes: one builds, the others wait for it here.
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(hashtext($1))", name); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, "SELECT pg_advisory_unlock(hashtext($1))", name) //nolint:errcheck
	var found bool
	if err := conn.QueryRowContext(ctx,
		"SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&found); err != nil {
		return "", err
	}
	if found {
		return name, nil
	}
	building := name + "_building_" + randomSuffix()
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+building); err != nil {
		return "", err
	}
	db, err := database.Open(ctx, withDatabase(base, building))
	if err == nil {
		err = db.Close()
	}
	if err == nil {
		// The rename publishes the template whole; it waits out the closing connections.
		err = retryWhileAccessed(func() error {
			_, err := conn.ExecContext(ctx, "ALTER DATABASE "+building+" RENAME TO "+name)
			return err
		})
	}
	if err != nil {
		_, _ = conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)")
		return "", fmt.Errorf("postgres template: %w", err)
	}
	return name, nil
}

// objectInUse is PostgreSQL's SQLSTATE 55006, its answer to CREATE DATABASE ... TEMPLATE or
// ALTER DATABASE ... RENAME while the database concerned still has a session.
const objectInUse = "55006"

// retryWhileAccessed retries fn while PostgreSQL refuses it because a connection to the
// database concerned is still closing (a closed pool's sessions end a moment after Close).
func retryWhileAccessed(fn func() error) error {
	var err error
	for range 100 {
		if err = fn(); database.PostgresCode(err) != objectInUse {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.Join(errors.New("the database stayed in use for 5 s"), err)
}
