package httpapi

import (
	"context"
	"fmt"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/auth"
)

// Operations are the operations of one feature that share a tag and an access, so that each
// operation is registered by one line naming only what is its own (Op).
type Operations struct {
	API    huma.API
	Access Access
	Tag    string
	// Status is the success status when it is not huma's default (200, or 204 without a body):
	// set it with Answering.
	Status int
	// beforeSecondFactor lets a principal who must enrol a second factor call these operations
	// (BeforeSecondFactor).
	beforeSecondFactor bool
}

// BeforeSecondFactor is o for operations a principal who must still enrol a second factor may
// call: whoami, sign-out and the enrolment. Every other Signed operation refuses them.
func (o Operations) BeforeSecondFactor() Operations {
	o.beforeSecondFactor = true
	return o
}

// Answering is o for operations whose success is status (201 Created, 202 Accepted, ...).
func (o Operations) Answering(status int) Operations {
	o.Status = status
	return o
}

// Op registers one operation of o: its id, its route ("GET /entity/{id}"), its summary, its
// handler, and the error statuses it answers besides 401 (which Register adds for Signed).
func Op[I, O any](o Operations, id, route, summary string, handler func(context.Context, *I) (*O, error), errs ...int) {
	method, path, ok := strings.Cut(route, " ")
	if !ok {
		panic(fmt.Sprintf("httpapi.Op %s: route %q is not \"METHOD /path\"", id, route))
	}
	op := huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary,
		Tags: []string{o.Tag}, DefaultStatus: o.Status, Errors: errs}
	if o.beforeSecondFactor {
		op.Metadata = map[string]any{BeforeSecondFactorKey: true}
	}
	Register(o.API, o.Access, op, handler)
}

// WithUser is the handler of an operation that acts for its caller: handler gets the signed-in
// principal and makes its own access checks with it. A visitor gets 401 here, as the session
// middleware already answers before any Signed operation runs, so the principal is never nil.
func WithUser[I, O any](handler func(context.Context, *auth.Principal, *I) (*O, error)) func(context.Context, *I) (*O, error) {
	return func(ctx context.Context, in *I) (*O, error) {
		p, err := auth.RequireUser(ctx)
		if err != nil {
			return nil, err
		}
		return handler(ctx, p, in)
	}
}
