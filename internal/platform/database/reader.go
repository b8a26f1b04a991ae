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
