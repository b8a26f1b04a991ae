package database

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Tx is one write transaction. It carries the time it started (Now, read once from Hive's clock
// DB.Now), so every row written in it shares one timestamp and tests control time, and an ID
// that audit records share.
type Tx struct {
	tx  *sqlx.Tx
	db  *DB
	Now time.Time
	ID  string
	// unprepared lists the queries to prepare on the writer after the transaction.
	unprepared []string
}

// InTx runs fn in a transaction and commits when fn returns nil; any error or panic rolls back.
func (db *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	stx, err := db.write.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", translate(err))
	}
	tx := &Tx{tx: stx, db: db, Now: db.Now(), ID: newTxID()}
	defer func() {
		if len(tx.unprepared) > 0 {
			go db.writeStmts.prepare(tx.unprepared) // in the background: the writer may be busy again
		}
	}()
	defer stx.Rollback() //nolint:errcheck // a no-op after Commit
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.runBeforeCommit(ctx); err != nil {
		return err
	}
	mark, watched, err := tx.authMark(ctx)
	if err != nil {
		return err
	}
	if err := stx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", translate(err))
	}
	if watched {
		db.afterCommit(mark) // watch.go
	}
	return nil
}

func newTxID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Dialect is the engine this transaction runs on.
func (tx *Tx) Dialect() Dialect { return tx.db.Dialect }

// Exec runs a statement and returns the number of rows it touched.
func (tx *Tx) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	var res sql.Result
	var err error
	if stmt := tx.prepared(ctx, query); stmt != nil {
		res, err = stmt.ExecContext(ctx, args...)
	} else {
		res, err = tx.tx.ExecContext(ctx, tx.db.Rebind(query), args...)
	}
	if err != nil {
		return 0, translate(err)
	}
	return res.RowsAffected()
}

// Get scans one row into dest; use it with INSERT ... RETURNING too.
func (tx *Tx) Get(ctx context.Context, dest any, query string, args ...any) error {
	return tx.db.scan(ctx, tx.tx, tx.prepared(ctx, query), true, dest, query, args)
}

// Select scans every row into dest.
func (tx *Tx) Select(ctx context.Context, dest any, query string, args ...any) error {
	return tx.db.scan(ctx, tx.tx, tx.prepared(ctx, query), false, dest, query, args)
}

// prepared binds the writer's cached statement of query to this transaction (SQLite only: the
// single writer connection keeps it prepared across transactions). A query not prepared yet
// runs plainly and is prepared once the transaction has let go of the writer.
func (tx *Tx) prepared(ctx context.Context, query string) *sqlx.Stmt {
	return tx.db.writeStmts.inTx(ctx, tx.tx, query, &tx.unprepared)
}
