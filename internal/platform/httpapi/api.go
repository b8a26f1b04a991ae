// Package httpapi builds Hive's HTTP server: the huma API under /api/v1 with its OpenAPI
// document, the error model, and the middleware every request passes through.
package httpapi

import (
	"context"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/go-chi/chi/v5"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/input"
)

// Prefix is where the JSON API lives.
const Prefix = "/api/v1"

// APIVersion is the version of the API contract (not of the build), so the generated document
// changes only when the API does.
const APIVersion = "1.0"

// MaxBodyBytes bounds every request body.
const MaxBodyBytes = 1 << 20

// Access says who may call an operation before its own permission checks run.
type Access string

// Public operations answer visitors; Signed operations answer 401 to anyone without a session.
// Every operation declares one, and a test walks the OpenAPI document to check them.
const (
	Public Access = "public"
	Signed Access = "signed"
)

// AccessKey is the operation metadata key holding its Access.
const AccessKey = "x-hive-access"

// BeforeSecondFactorKey marks the few Signed operations a principal who must enrol a second
// factor may still call (whoami, sign-out, the enrolment itself): Operations.BeforeSecondFactor.
const BeforeSecondFactorKey = "x-hive-before-second-factor"

// MsgEnrolSecondFactorFirst refuses every other operation to such a principal.
const MsgEnrolSecondFactorFirst = "Set up two-step sign-in before anything else: your account requires it."

// NewAPI creates the huma API mounted on mux under Prefix.
func NewAPI(mux *http.ServeMux) huma.API {
	registry := huma.NewMapRegistry("#/components/schemas/", huma.DefaultSchemaNamer)
	cfg := huma.Config{
		OpenAPI: &huma.OpenAPI{
			OpenAPI: "3.1.0",
			Info: &huma.Info{
				Title:       "Hive API",
				Version:     APIVersion,
				Description: "Crew and freelancer booking. Errors: docs/api.md.",
			},
			Servers:    []*huma.Server{{URL: Prefix}},
			Components: &huma.Components{Schemas: registry},
		},
		OpenAPIPath:   "/openapi",
		Formats:       huma.DefaultFormats,
		DefaultFormat: "application/json",
	}
	// chi rather than http.ServeMux: the spec's paths put literal and parameter segments in
	// the same place (/account/impersonate/{id} beside /account/{id}/set-password), which
	// ServeMux refuses as ambiguous and chi resolves by preferring the literal segment.
	router := chi.NewRouter()
	mux.Handle(Prefix+"/", http.StripPrefix(Prefix, router))
	api := humachi.New(router, cfg)
	api.UseMiddleware(requireSessionUnlessPublic(api), requireSecondFactorEnrolment(api))
	return api
}

// Register adds an operation whose handler returns application errors; they are converted to
// the API's error shape here, so features never write status codes by hand. Its request body
// reaches the handler with every single-line string on one line (input.SingleLines), so no
// title, reference or name is stored over several lines.
func Register[I, O any](api huma.API, access Access, op huma.Operation, handler func(context.Context, *I) (*O, error)) {
	if op.Metadata == nil {
		op.Metadata = map[string]any{}
	}
	op.Metadata[AccessKey] = access
	if op.Extensions == nil {
		op.Extensions = map[string]any{}
	}
	op.Extensions[AccessKey] = string(access)
	if op.MaxBodyBytes == 0 {
		op.MaxBodyBytes = MaxBodyBytes
	}
	if access == Signed {
		op.Errors = append(op.Errors, http.StatusUnauthorized)
	}
	var body reflect.StructField
	hasBody := false
	if t := reflect.TypeFor[I](); t.Kind() == reflect.Struct {
		body, hasBody = t.FieldByName("Body")
	}
	huma.Register(api, op, func(ctx context.Context, in *I) (*O, error) {
		if hasBody {
			input.SingleLines(reflect.ValueOf(in).Elem().FieldByIndex(body.Index).Addr().Interface())
		}
		out, err := handler(ctx, in)
		if err != nil {
			return nil, FromAppError(ctx, err)
		}
		return out, nil
	})
}

// requireSessionUnlessPublic answers 401 before any Signed operation runs for a visitor.
func requireSessionUnlessPublic(api huma.API) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		access, _ := ctx.Operation().Metadata[AccessKey].(Access)
		if access != Public && auth.FromContext(ctx.Context()) == nil {
			_ = huma.WriteErr(api, ctx, http.StatusUnauthorized, "Not authenticated")
			return
		}
		next(ctx)
	}
}

// requireSecondFactorEnrolment answers 403 to a principal who must enrol a second factor
// (auth.Principal.MustEnrolSecondFactor) for every Signed operation not marked
// BeforeSecondFactorKey: the web sends them to enrolment, and the server holds them there.
func requireSecondFactorEnrolment(api huma.API) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		op := ctx.Operation()
		access, _ := op.Metadata[AccessKey].(Access)
		allowed, _ := op.Metadata[BeforeSecondFactorKey].(bool)
		if access != Public && !allowed && auth.FromContext(ctx.Context()).MustEnrolSecondFactor() {
			_ = huma.WriteErr(api, ctx, http.StatusForbidden, MsgEnrolSecondFactorFirst)
			return
		}
		next(ctx)
	}
}
