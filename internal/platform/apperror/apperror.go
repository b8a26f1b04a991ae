// Package apperror is Hive's one application error type. Features return these; the HTTP layer
// maps each Kind to a status in one table (httpapi) and sends Code and Message to the client.
package apperror

import (
	"errors"
	"fmt"
)

// Kind classifies an error by what the caller can do about it.
type Kind string

// The kinds of application error. Unknown errors are KindInternal and are the only ones logged
// as errors.
const (
	KindInvalid      Kind = "invalid"
	KindUnauthorized Kind = "unauthorized"
	KindForbidden    Kind = "forbidden"
	KindNotFound     Kind = "not_found"
	KindConflict     Kind = "conflict"
	KindTooMany      Kind = "too_many"
	KindTooLarge     Kind = "too_large"
	KindInternal     Kind = "internal"
)

// The error codes of the catalogue in docs/api.md. The UI keys behaviour on some of them
// (A-103 and A-104 at login), so they never change meaning.
const (
	CodeNotAuthenticated   = "A-100"
	CodeInvalidCredentials = "A-101"
	CodeAccessDenied       = "A-102"
	CodeNeedsReset         = "A-103"
	CodeNotActivated       = "A-104"
	CodeBadToken           = "A-105"
	CodeCSRF               = "A-106"
	CodeProvider           = "A-107"
	CodeNotFound           = "N-404"
	CodeConflict           = "C-409"
	CodeValidation         = "V-422"
	CodeTooLarge           = "S-413"
	CodeInternal           = "S-500"
	CodeTooManyRequests    = "S-503"
)

// FieldError is one invalid input, located like FastAPI's loc: ["body", "email"].
type FieldError struct {
	Loc  []string
	Msg  string
	Type string
}

// Error is an application error with a kind, a catalogue code and a message for people.
type Error struct {
	Kind       Kind
	Code       string
	Message    string
	Fields     []FieldError
	RetryAfter int // seconds, for KindTooMany
}

func (e *Error) Error() string { return fmt.Sprintf("%s %s: %s", e.Kind, e.Code, e.Message) }

// New builds an error of the given kind and code.
func New(kind Kind, code, message string) *Error {
	return &Error{Kind: kind, Code: code, Message: message}
}

// NotFound says the named thing does not exist or is not visible to the caller.
func NotFound(what string) *Error {
	return New(KindNotFound, CodeNotFound, what+" not found")
}

// Forbidden says the signed-in user may not do this.
func Forbidden() *Error {
	return New(KindForbidden, CodeAccessDenied, "You don't have permission to access this resource.")
}

// Unauthenticated says there is no valid session.
func Unauthenticated() *Error {
	return New(KindUnauthorized, CodeNotAuthenticated, "Not authenticated")
}

// Conflict says the write lost against another one (stale version, duplicate value).
func Conflict(message string) *Error { return New(KindConflict, CodeConflict, message) }

// Invalid collects field errors into one validation error; nil when there are none.
type Invalid struct{ fields []FieldError }

// Add records that the body field name is invalid with msg.
func (v *Invalid) Add(field, msg string) {
	v.fields = append(v.fields, FieldError{Loc: []string{"body", field}, Msg: msg, Type: "value_error"})
}

// Err returns the validation error, or nil when nothing was added.
func (v *Invalid) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return &Error{Kind: KindInvalid, Code: CodeValidation, Message: v.fields[0].Msg, Fields: v.fields}
}

// Field returns a validation error for a single body field.
func Field(field, msg string) error {
	var v Invalid
	v.Add(field, msg)
	return v.Err()
}

// ErrUnavailable marks the failure of a service Hive depends on (the database, the file store)
// rather than of the request: the API answers it 503 S-503 with Retry-After, never 500, so a
// client retries a little later. Match it with errors.Is.
var ErrUnavailable = errors.New("service unavailable")

// Unavailable wraps cause so that errors.Is(err, ErrUnavailable) holds, keeping cause (and
// what it wraps) for logs and for errors.Is/As; nil stays nil.
func Unavailable(cause error) error {
	if cause == nil {
		return nil
	}
	return &unavailable{cause}
}

type unavailable struct{ cause error }

func (e *unavailable) Error() string        { return "unavailable: " + e.cause.Error() }
func (e *unavailable) Is(target error) bool { return target == ErrUnavailable }
func (e *unavailable) Unwrap() error        { return e.cause }

// As returns err as an *Error, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// KindOf returns the kind of err; errors that are not application errors are internal.
func KindOf(err error) Kind {
	if e := As(err); e != nil {
		return e.Kind
	}
	return KindInternal
}
