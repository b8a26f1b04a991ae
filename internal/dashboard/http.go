package dashboard

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

type handlers struct {
	store *Store
	embed config.AnalyticsEmbed
}

// Register adds GET /dashboard/stats and GET /dashboard/embed.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, embed: d.Config.Analytics}
	tags := []string{"Dashboard"}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "dashboardStats", Method: http.MethodGet,
		Path: "/dashboard/stats", Summary: "The dashboard's figures over a date range, in the caller's scope",
		Description: "Administrators see every client; client, agency and department managers the departments they " +
			"manage; freelancers and staff who manage nothing are refused. See docs/dashboard.md.",
		Tags: tags, Errors: []int{403, 422}}, h.stats)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "dashboardEmbed", Method: http.MethodGet,
		Path: "/dashboard/embed", Summary: "A signed address of the embedded analytics dashboard (administrators)",
		Description: "null when HIVE_ANALYTICS_EMBED_URL and HIVE_ANALYTICS_EMBED_SECRET are not set.",
		Tags:        tags, Errors: []int{403}}, h.embedURL)
}

// StatsParams are the stats operation's query.
type StatsParams struct {
	StartDate string  `query:"startDate" required:"true" doc:"Local date YYYY-MM-DD, inclusive"`
	EndDate   string  `query:"endDate" required:"true" doc:"Local date YYYY-MM-DD, inclusive; at most 366 days from startDate"`
	ClientIDs []int64 `query:"clientIds,explode" maxItems:"500" doc:"Only these clients; each must be one the caller manages"`
}

func (h *handlers) stats(ctx context.Context, in *StatsParams) (*struct{ Body DashboardStats }, error) {
	scope, err := ScopeOf(auth.FromContext(ctx)) // a visitor's nil principal: 401
	if err != nil {
		return nil, err
	}
	r, err := ParseRange(in.StartDate, in.EndDate)
	if err != nil {
		return nil, err
	}
	if len(in.ClientIDs) > 0 {
		var seen []int64
		if !scope.Departments.All {
			if seen, err = h.store.ClientsOf(ctx, scope.Departments.IDs); err != nil {
				return nil, err
			}
		}
		if scope, err = scope.NarrowToClients(in.ClientIDs, seen); err != nil {
			return nil, err
		}
	}
	out, err := h.store.Stats(ctx, scope, r)
	if err != nil {
		return nil, err
	}
	return &struct{ Body DashboardStats }{Body: out}, nil
}

// Embed is the signed address of the analytics dashboard.
type DashboardEmbed struct {
	URL *string `json:"url" doc:"The iframe's address, valid for 10 minutes; null when no analytics dashboard is configured"`
}

func (h *handlers) embedURL(ctx context.Context, _ *struct{}) (*struct{ Body DashboardEmbed }, error) {
	scope, err := ScopeOf(auth.FromContext(ctx)) // a visitor's nil principal: 401
	if err != nil {
		return nil, err
	}
	// The embedded product shows every client's figures: administrators only.
	if !scope.Admin {
		return nil, apperror.Forbidden()
	}
	out := &struct{ Body DashboardEmbed }{}
	if !h.embed.Configured() {
		return out, nil
	}
	u, err := EmbedURL(h.embed, h.store.DB.Now())
	if err != nil {
		return nil, err
	}
	out.Body.URL = &u
	return out, nil
}
