// Package directory is the All Users grid: accounts one page at a time, by tab, search, column
// filters and sort, with administrator-only fields for administrators.
package directory

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/people"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

// ListInput is the query of GET /account.
type ListInput struct {
	Page            int    `query:"page" minimum:"1" default:"1"`
	PageSize        int    `query:"pageSize" minimum:"1" maximum:"100" default:"20" doc:"The grid offers 20, 40 and 100"`
	Role            string `query:"role" enum:"freelancer,staff," default:"" doc:"The tab: freelancer or staff; empty for both"`
	Search          string `query:"search" maxLength:"100" doc:"Contains, in the full name or e-mail address"`
	Sort            string `query:"sort" enum:"email,-email,firstName,-firstName,lastName,-lastName,label,-label,onboardingState,-onboardingState,accountStatus,-accountStatus," default:"" doc:"Default lastName; accountStatus for administrators only"`
	Email           string `query:"email" maxLength:"100" doc:"Contains"`
	FirstName       string `query:"firstName" maxLength:"100" doc:"Starts with (case-insensitive)"`
	LastName        string `query:"lastName" maxLength:"100" doc:"Starts with (case-insensitive)"`
	Label           string `query:"label" maxLength:"100" doc:"Contains"`
	OnboardingState string `query:"onboardingState" enum:"not_applicable,freelancer_started,freelancer_needs_entity,freelancer_needs_legal_entity,complete,staff,aborted," default:""`
	AccountStatus   string `query:"accountStatus" enum:"unknown,active,inactive,reset_required,system,require_email_change," default:"" doc:"Administrators only"`
}

// Register adds the directory operations.
func Register(api huma.API, d people.Deps) {
	store := &Store{DB: d.DB}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "listAccounts", Method: http.MethodGet,
		Path:    "/account",
		Summary: "All Users, one page at a time (administrators; managers see freelancers and the people of their organisations; staff, read-only, the people of the organisations they view)",
		Tags:    []string{"Account"}, Errors: []int{403, 422}},
		httpapi.WithUser(func(ctx context.Context, p *auth.Principal, in *ListInput) (*struct{ Body UserListPage }, error) {
			q := Query{Search: in.Search, Sort: in.Sort, Email: in.Email, FirstName: in.FirstName,
				LastName: in.LastName, Label: in.Label, OnboardingState: in.OnboardingState,
				AccountStatus: in.AccountStatus, Offset: (in.Page - 1) * in.PageSize, Limit: in.PageSize, Viewer: p.UserID}
			admin := p.Has(auth.NeedAdmin)
			if !access.CanListUsers(p) {
				return nil, apperror.Forbidden()
			}
			if !admin {
				// Managers find freelancers to hire and the people of the organisations they manage;
				// staff, read-only, the people of the organisations they view: whom CanSeeUser lets
				// them see, so every row opens.
				if in.AccountStatus != "" || in.Sort == "accountStatus" || in.Sort == "-accountStatus" {
					return nil, apperror.Forbidden()
				}
				scope := access.UsersSeenBy(p)
				q.Scope = &scope
			}
			if in.Role != "" {
				freelancers := in.Role == "freelancer"
				q.Freelancers = &freelancers
			}
			rows, total, err := store.List(ctx, q)
			if err != nil {
				return nil, err
			}
			out := &struct{ Body UserListPage }{Body: UserListPage{Items: make([]UserListItem, 0, len(rows)), Total: total}}
			for _, r := range rows {
				out.Body.Items = append(out.Body.Items, itemOf(r, admin))
			}
			return out, nil
		}))
}
