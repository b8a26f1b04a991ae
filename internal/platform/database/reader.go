package database

import "context"

// Reader is what a store's reads need: *DB and *Tx both are one, so the same query function
// serves a handler's read and a check inside a write's transaction.
type Reader interface {
	Get(ctx context.Context, dest any, query string, args ...any) error
	Select(ctx context.Context, dest any, query string, args ...any) error
}

var (
	_ Reader = (*DB)(nil)
	_ Reader = (*Tx)(nil)
)

// ReadPlanned runs fn's reads so that PostgreSQL plans each query for its values. PostgreSQL
// plans a prepared query once for any values after a few runs, and for reads whose best plan
// depends on how common a value is (one department of many, rare or common search words, a
// narrow or wide box) that generic plan was three to ten times slower in the benchmarks
// (bench/README.md: the scheduler's month view, search). Inside a transaction told to plan
// each query for its values it is not; SQLite plans every statement for its values anyway and
// reads directly.
func (db *DB) ReadPlanned(ctx context.Context, fn func(r Reader) error) error {
	if db.Dialect != Postgres {
		return fn(db)
	}
	return db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL plan_cache_mode = force_custom_plan`); err != nil {
			return err
		}
		return fn(tx)
	})
}
