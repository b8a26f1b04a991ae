package database

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"
)

// Reader is what a store's reads need: *DB and *Tx both are one, so the same query function
// serves a handler's read and a check inside a write's transaction.
type Reader interface {
	Get(ctx context.Context, dest any, query string, args ...any) error
	Select(ctx context.Context, dest any, query string, args ...any) error
}

var (
	_ Reader = (*DB)(nil)
	_ Reader = (*Tx)(nil)
	_ Reader = (*snapshot)(nil)
)

// ReadPlanned runs fn's reads so that PostgreSQL plans each query for its values. PostgreSQL
// plans a prepared query once for any values after a few runs, and for reads whose best plan
// depends on how common a value is (one department of many, rare or common search words, a
// narrow or wide box) that generic plan was three to ten times slower in the benchmarks
// (bench/README.md: the scheduler's month view, search). Inside a transaction told to plan
// each query for its values it is not; SQLite plans every statement for its values anyway and
// reads directly. On PostgreSQL the reads share one snapshot, as ReadSnapshot's do: a read-only
// transaction, which needs no check for auth changes at its end (a write transaction did, one
// round trip more per call).
func (db *DB) ReadPlanned(ctx context.Context, fn func(r Reader) error) error {
	if db.Dialect != Postgres {
		return fn(db)
	}
	return db.readInSnapshot(ctx, `SET LOCAL plan_cache_mode = force_custom_plan`, fn)
}

// PlanOnceFromHere tells PostgreSQL, inside ReadPlanned's fn, to plan the reads of r that
// follow once per connection, as it does outside ReadPlanned, until r ends. It is for the last
// reads of a ReadPlanned whose plans cannot depend on their values, such as lookups of a list
// of keys: planning those for every call cost more than running them (the month view's groups,
// bench/README.md). It costs one round trip, where setting the mode back would cost another, so
// only reads of that kind may follow it. Elsewhere (SQLite, a reader outside a snapshot) it
// does nothing.
func PlanOnceFromHere(ctx context.Context, r Reader) error {
	s, ok := r.(*snapshot)
	if !ok || s.db.Dialect != Postgres {
		return nil
	}
	var mode string
	return s.Get(ctx, &mode, `SELECT set_config('plan_cache_mode', 'force_generic_plan', true)`)
}

// ReadSnapshot runs fn's reads in one read-only transaction, so that they all see the database
// as it was at one instant: a page assembled from several reads (a booking's detail) never
// mixes the state before a write with the state after it. On PostgreSQL the transaction is
// REPEATABLE READ (its snapshot is taken at the first read); on SQLite a reader's transaction
// keeps its WAL snapshot from its first read to its end. It holds one reader for its length.
func (db *DB) ReadSnapshot(ctx context.Context, fn func(r Reader) error) error {
	return db.readInSnapshot(ctx, "", fn)
}

// readInSnapshot is ReadSnapshot, running setup (a SET LOCAL) first when it is not empty.
func (db *DB) readInSnapshot(ctx context.Context, setup string, fn func(r Reader) error) error {
	if err := db.enter(ctx); err != nil {
		return err
	}
	defer db.leave()
	opts := &sql.TxOptions{}
	if db.Dialect == Postgres {
		opts.Isolation, opts.ReadOnly = sql.LevelRepeatableRead, true
	}
	stx, err := db.read.BeginTxx(ctx, opts)
	if err != nil {
		return translate(err)
	}
	defer stx.Rollback() //nolint:errcheck // a no-op after Commit
	if setup != "" {
		if _, err := stx.ExecContext(ctx, setup); err != nil {
			return translate(err)
		}
	}
	s := &snapshot{tx: stx, db: db}
	defer func() {
		if len(s.unprepared) > 0 {
			go db.readStmts.prepare(s.unprepared) // needs a reader, which this one holds until now
		}
	}()
	if err := fn(s); err != nil {
		return err
	}
	return translate(stx.Commit())
}

// snapshot is ReadSnapshot's Reader. On SQLite it runs the readers' prepared statements, each
// prepared on this connection the first time it meets them; a query not prepared yet runs
// plainly and is prepared afterwards (preparing on the pool now could wait for a reader that
// every snapshot holds).
type snapshot struct {
	tx         *sqlx.Tx
	db         *DB
	unprepared []string
}

func (s *snapshot) Get(ctx context.Context, dest any, query string, args ...any) error {
	return s.db.scan(ctx, s.tx, s.db.readStmts.inTx(ctx, s.tx, query, &s.unprepared), true, dest, query, args)
}

func (s *snapshot) Select(ctx context.Context, dest any, query string, args ...any) error {
	return s.db.scan(ctx, s.tx, s.db.readStmts.inTx(ctx, s.tx, query, &s.unprepared), false, dest, query, args)
}
