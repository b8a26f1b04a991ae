package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
)

// ErrorBody is the one error shape of the API: {"error", "errorCode"} and, for validation
// errors, "detail" with one entry per invalid field.
type ErrorBody struct {
	Message   string        `json:"error" doc:"Human-readable message"`
	ErrorCode string        `json:"errorCode" doc:"Catalogue code, such as A-104 (docs/api.md)"`
	Detail    []ErrorDetail `json:"detail,omitempty" doc:"Invalid fields (422 only)"`

	status  int
	headers http.Header
}

// ErrorDetail locates one invalid input: loc is like ["body", "email"].
type ErrorDetail struct {
	Loc  []string `json:"loc"`
	Msg  string   `json:"msg"`
	Type string   `json:"type"`
}

// Error implements error.
func (e *ErrorBody) Error() string { return e.ErrorCode + " " + e.Message }

// GetStatus implements huma.StatusError.
func (e *ErrorBody) GetStatus() int { return e.status }

// GetHeaders implements huma.HeadersError (Retry-After on 503).
func (e *ErrorBody) GetHeaders() http.Header { return e.headers }

// statusOf is the one table from application error kinds to HTTP statuses.
var statusOf = map[apperror.Kind]int{
	apperror.KindInvalid:      http.StatusUnprocessableEntity,
	apperror.KindUnauthorized: http.StatusUnauthorized,
	apperror.KindForbidden:    http.StatusForbidden,
	apperror.KindNotFound:     http.StatusNotFound,
	apperror.KindConflict:     http.StatusConflict,
	apperror.KindTooMany:      http.StatusServiceUnavailable,
	apperror.KindTooLarge:     http.StatusRequestEntityTooLarge,
	apperror.KindInternal:     http.StatusInternalServerError,
}

// codeOfStatus gives huma's own errors (routing, body parsing) a catalogue code.
var codeOfStatus = map[int]string{
	http.StatusBadRequest:            apperror.CodeValidation,
	http.StatusUnauthorized:          apperror.CodeNotAuthenticated,
	http.StatusForbidden:             apperror.CodeAccessDenied,
	http.StatusNotFound:              apperror.CodeNotFound,
	http.StatusConflict:              apperror.CodeConflict,
	http.StatusRequestEntityTooLarge: apperror.CodeTooLarge,
	http.StatusUnprocessableEntity:   apperror.CodeValidation,
	http.StatusServiceUnavailable:    apperror.CodeTooManyRequests,
}

// MsgUnavailable answers a request that met an unavailable database or file store.
const MsgUnavailable = "The service is briefly unavailable. Please try again in a few seconds."

// unavailableRetryAfter is the Retry-After of a 503 for an unavailable dependency, in seconds:
// about how long a database restart or fail-over takes.
const unavailableRetryAfter = "5"

// FromAppError converts an application error to the API's error body. A dependency that is
// down (apperror.ErrUnavailable: the database unreachable, the file store full or unreachable)
// is a 503 S-503 with Retry-After, the spec's answer for "try again in a bit". Anything else
// that is not an application error is logged and answered as an opaque 500.
func FromAppError(ctx context.Context, err error) *ErrorBody {
	if errors.Is(err, apperror.ErrUnavailable) {
		slog.WarnContext(ctx, "dependency unavailable", "err", err, "request_id", RequestID(ctx))
		return &ErrorBody{status: http.StatusServiceUnavailable, Message: MsgUnavailable,
			ErrorCode: apperror.CodeTooManyRequests, headers: http.Header{"Retry-After": {unavailableRetryAfter}}}
	}
	e := apperror.As(err)
	if e == nil || e.Kind == apperror.KindInternal {
		slog.ErrorContext(ctx, "internal error", "err", err, "request_id", RequestID(ctx))
		return &ErrorBody{status: 500, Message: "Cannot complete request", ErrorCode: apperror.CodeInternal}
	}
	body := &ErrorBody{status: statusOf[e.Kind], Message: e.Message, ErrorCode: e.Code}
	for _, f := range e.Fields {
		body.Detail = append(body.Detail, ErrorDetail{Loc: f.Loc, Msg: f.Msg, Type: f.Type})
	}
	if e.RetryAfter > 0 {
		body.headers = http.Header{"Retry-After": {strconv.Itoa(e.RetryAfter)}}
	}
	return body
}

// newHumaError replaces huma.NewError so that huma's own errors (bad JSON, schema violations,
// oversized bodies) take Hive's shape. Body problems are 422 whether the JSON failed to parse
// or failed the schema, so the client has one rule for bad input.
func newHumaError(status int, msg string, errs ...error) huma.StatusError {
	if status == http.StatusBadRequest {
		status = http.StatusUnprocessableEntity
	}
	body := &ErrorBody{status: status, Message: msg, ErrorCode: codeOfStatus[status]}
	if body.ErrorCode == "" {
		body.ErrorCode = apperror.CodeInternal
	}
	for _, err := range errs {
		if err == nil {
			continue
		}
		d := ErrorDetail{Loc: []string{"body"}, Msg: err.Error(), Type: "value_error"}
		if hd, ok := err.(huma.ErrorDetailer); ok {
			detail := hd.ErrorDetail()
			d.Msg = friendlyMessage(detail.Message)
			if detail.Location != "" {
				d.Loc = strings.Split(detail.Location, ".")
			}
		}
		body.Detail = append(body.Detail, d)
	}
	if len(body.Detail) > 0 && status == http.StatusUnprocessableEntity {
		body.Message = body.Detail[0].Msg
	}
	return body
}

// friendlyMessage rewrites the schema validator's terse messages where the spec has wording.
func friendlyMessage(msg string) string {
	switch {
	case strings.HasPrefix(msg, "expected length <="):
		return "Too long: " + msg
	case strings.HasPrefix(msg, "unexpected property"):
		return "Unknown field: " + msg
	}
	return msg
}

func init() {
	huma.NewError = newHumaError
}
