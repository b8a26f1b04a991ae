package database

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/hive/hive/internal/platform/apperror"
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

// translate turns driver errors into what stores and the API understand: the constraint
// sentinels above, and apperror.ErrUnavailable for a database that cannot be reached or is
// restarting (answered 503, not 500). sql.ErrNoRows and context errors pass unchanged.
func translate(err error) error {
	if err == nil || errors.Is(err, sql.ErrNoRows) {
		return err
	}
	switch PostgresCode(err) {
	case "23505":
		return &constraintError{ErrUniqueViolation, err}
	case "23503":
		return &constraintError{ErrForeignKeyViolation, err}
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
	if unavailable(err) {
		return apperror.Unavailable(err)
	}
	return err
}

// unavailable reports whether err says the database is out of reach rather than that the query
// was wrong: a connection refused, reset or closed (PostgreSQL stopped, restarted, failed over),
// PostgreSQL's connection-exception class 08, its shutdown and start-up codes 57P01-57P03 and
// too_many_connections 53300, or SQLite's disk full (13) and locked past busy_timeout (5).
// database/sql opens a fresh connection for the next call, so the database is back by itself
// once it is up.
func unavailable(err error) bool {
	if code := PostgresCode(err); code != "" {
		return strings.HasPrefix(code, "08") || code == "57P01" || code == "57P02" ||
			code == "57P03" || code == "53300"
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		primary := liteErr.Code() & 0xff // extended codes carry the primary one in the low byte
		return primary == sqlite3.SQLITE_FULL || primary == sqlite3.SQLITE_BUSY
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connectErr) || errors.As(err, &netErr) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || pgconn.SafeToRetry(err)
}

// PostgresCode is the SQLSTATE of the PostgreSQL error in err's chain, or "" when there is none
// (another engine's error, a network error). It is the one place that unwraps pgx's error type,
// so a refusal is told by its code, never by its message text.
func PostgresCode(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}
