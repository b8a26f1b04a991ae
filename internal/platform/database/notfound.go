package database

import (
	"database/sql"
	"errors"

	"github.com/hive/hive/internal/platform/apperror"
)

// NotFound turns a single-row read that found no row into the application's not-found error
// for what ("Booking" → "Booking not found", the message clients see); any other error, and
// nil, passes through. It is the one home of "no row means not found":
//
//	return b, database.NotFound(tx.Get(ctx, &b, `SELECT ... WHERE id = ?`, id), "Booking")
func NotFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return apperror.NotFound(what)
	}
	return err
}

// NoRowsAs returns instead when err says no row was found, and err otherwise: for the reads
// whose missing row means something other than not found (a spent token, a field error).
func NoRowsAs(err, instead error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return instead
	}
	return err
}

// Found reports whether a single-row read found its row, with no row as (false, nil): for
// existence checks and optional rows, which are not errors.
func Found(err error) (bool, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
