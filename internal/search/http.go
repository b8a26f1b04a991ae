package search

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Register adds POST /search.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "search", Method: http.MethodPost,
		Path: "/search", Summary: "Global search, and the freelancer advanced search when filters are set",
		Description: "Department managers and administrators only. Without filters: the records matching query " +
			"(3 characters or more; prefix, accents and case ignored, one typo in words of five letters or more, " +
			"exact e-mail or booking reference first) that the caller may see, by hiveRank descending, at most 50 " +
			"per source; with sort_key the users are in that order (their hiveRank their place in it). " +
			"With filters: the freelancer advanced search. Order By price is by day-rate equivalent ascending, " +
			"rates in the chosen currency (GBP when none is chosen) first, then other currencies, no rate last; " +
			"businessType groups by business type A to Z; preferred puts the searcher's preferred freelancers first; " +
			"ties go by distance, relevance, then name.",
		Tags: []string{"Search"}, Errors: []int{403, 422}}, httpapi.WithUser(h.search))
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

func (h *handlers) search(ctx context.Context, p *auth.Principal, in *SearchInput) (*SearchOutput, error) {
	if !CanAdvancedSearch(p) { // the search box is the department managers' (spec part 1 §6)
		return nil, apperror.Forbidden()
	}
	q, sc := in.Body.Data, ScopeOf(p)
	var results []Result
	var err error
	switch {
	case q.Filter.IsSet(): // Advanced validates the filter against the database's clock
		results, err = h.store.Advanced(ctx, sc, q)
	default:
		results, err = h.store.Global(ctx, sc, q)
	}
	if err != nil {
		return nil, err
	}
	out := &SearchOutput{}
	out.Body.Data = results
	return out, nil
}
