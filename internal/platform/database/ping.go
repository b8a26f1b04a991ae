package database

import "context"

// Ping checks that the database answers, through the read pool: on SQLite the single writer
// connection may be busy with a long transaction, which does not make the database unreachable.
// The readiness probe calls it (internal/app/health.go).
func (db *DB) Ping(ctx context.Context) error {
	if err := db.enter(ctx); err != nil {
		return err
	}
	defer db.leave()
	return db.read.PingContext(ctx)
}
