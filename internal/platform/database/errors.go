package database

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrUniqueViolation and ErrForeignKeyViolation are what stores see instead of driver errors,
// decided by the engines' error codes, never by message text.
var (
	ErrUniqueViolation     = errors.New("unique constraint violated")
	ErrForeignKeyViolation = errors.New("foreign key constraint violated")
)

// constraintError keeps the driver error for logs while matching the sentinel with errors.Is.
type constraintError struct {
	sentinel error
	cause    error
}

func (e *constraintError) Error() string        { return e.sentinel.Error() + ": " + e.cause.Error() }
func (e *constraintError) Is(target error) bool { return target == e.sentinel }
func (e *constraintError) Unwrap() error        { return e.cause }

func translate(err error) error {
	if err == nil {
		return nil
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "23505":
			return &constraintError{ErrUniqueViolation, err}
		case "23503":
			return &constraintError{ErrForeignKeyViolation, err}
		}
		return err
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		switch liteErr.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return &constraintError{ErrUniqueViolation, err}
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return &constraintError{ErrForeignKeyViolation, err}
		}
	}
	return err
}
