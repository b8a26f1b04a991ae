package search

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Register adds POST /search.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "search", Method: http.MethodPost,
		Path: "/search", Summary: "Global search, and the freelancer advanced search when filters are set",
		Tags: []string{"Search"}, Errors: []int{403, 422}}, h.search)
}

type handlers struct{ store *Store }

// SearchInput is the spec's body {data}.
type SearchInput struct {
	Body struct {
		Data Query `json:"data"`
	}
}

// SearchOutput is the ranked list, best first.
type SearchOutput struct {
	Body struct {
		Data []Result `json:"data"`
	}
}

func (h *handlers) search(ctx context.Context, in *SearchInput) (*SearchOutput, error) {
	out := &SearchOutput{}
	out.Body.Data = []Result{}
	return out, nil
}
