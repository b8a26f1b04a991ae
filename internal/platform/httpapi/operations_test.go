package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Op describes an operation as a huma.Operation written out would: the route's method and
// path, the group's tag and access, its success status, and 401 added to a Signed one's errors
// (huma adds 500 after them).
func TestOpDescribesTheOperation(t *testing.T) {
	api := httpapi.NewAPI(http.NewServeMux())
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Thing"}
	handler := func(context.Context, *struct{}) (*struct{}, error) { return &struct{}{}, nil }
	httpapi.Op(ops.Answering(http.StatusCreated), "createThing", "POST /thing", "Create a thing", handler, 403, 422)
	httpapi.Op(httpapi.Operations{API: api, Access: httpapi.Public, Tag: "Thing"}, "getThing", "GET /thing/{id}",
		"One thing", handler)

	created := api.OpenAPI().Paths["/thing"].Post
	if created == nil || created.OperationID != "createThing" || created.Summary != "Create a thing" ||
		!slices.Equal(created.Tags, []string{"Thing"}) || created.DefaultStatus != http.StatusCreated ||
		!slices.Equal(created.Errors[:3], []int{403, 422, http.StatusUnauthorized}) ||
		created.Metadata[httpapi.AccessKey] != httpapi.Signed {
		t.Fatalf("createThing = %+v", created)
	}
	got := api.OpenAPI().Paths["/thing/{id}"].Get
	if got == nil || got.OperationID != "getThing" || got.DefaultStatus != http.StatusNoContent || slices.Contains(got.Errors, http.StatusUnauthorized) ||
		got.Metadata[httpapi.AccessKey] != httpapi.Public {
		t.Fatalf("getThing = %+v", got)
	}
}

// A route that is not "METHOD /path" is a programming error, found when the server starts.
func TestOpRefusesARouteWithoutMethod(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for a route without a method")
		}
	}()
	ops := httpapi.Operations{API: httpapi.NewAPI(http.NewServeMux()), Access: httpapi.Signed, Tag: "Thing"}
	httpapi.Op(ops, "broken", "/thing", "Broken", func(context.Context, *struct{}) (*struct{}, error) { return nil, nil })
}

// WithUser hands the handler the signed-in principal, and refuses a visitor (401) without
// running the handler.
func TestWithUserPassesThePrincipal(t *testing.T) {
	var seen *auth.Principal
	handler := httpapi.WithUser(func(_ context.Context, p *auth.Principal, _ *struct{}) (*struct{}, error) {
		seen = p
		return &struct{}{}, nil
	})
	caller := &auth.Principal{UserID: 7}
	if _, err := handler(auth.WithPrincipal(context.Background(), caller), &struct{}{}); err != nil || seen != caller {
		t.Fatalf("signed in: err %v, handler saw %+v", err, seen)
	}
	seen = nil
	_, err := handler(context.Background(), &struct{}{})
	if apperror.KindOf(err) != apperror.KindUnauthorized || seen != nil {
		t.Fatalf("visitor: err %v, handler saw %+v", err, seen)
	}
}
