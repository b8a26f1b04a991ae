package database

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// Each runs a read and hands its rows to fn one at a time as the engine produces them, so a
// long result (a report's year of rows) is never held in memory. fn scans the current row
// (rows.StructScan or rows.Scan); an error from fn stops the read and is returned. The read
// holds one reader connection, and its place in the queue of readers, until it ends.
func (db *DB) Each(ctx context.Context, fn func(rows *sqlx.Rows) error, query string, args ...any) error {
	if err := db.enter(ctx); err != nil {
		return err
	}
	defer db.leave()
	rows, err := db.read.QueryxContext(ctx, db.Rebind(query), args...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return translate(rows.Err())
}
