package database

import (
	"context"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/hive/hive/migrations"
)

// Migrate applies every pending migration of this engine's embedded set.
func (db *DB) Migrate(ctx context.Context) error {
	dialect := goose.DialectSQLite3
	if db.Dialect == Postgres {
		dialect = goose.DialectPostgres
	}
	files, err := fs.Sub(migrations.FS, string(db.Dialect))
	if err != nil {
		return err
	}
	var options []goose.ProviderOption
	if db.Dialect == Postgres {
		// Nodes starting together against one database take turns: a session advisory lock
		// around the run, so the second finds the migrations applied (docs/operations.md).
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		options = append(options, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, db.write.DB, files, options...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}
