// Package jobs holds job templates: a department's reusable job with its placement templates
// (times, breaks, notes, default buy and sell rates) and its preferred freelancers. Bookings are
// created from them.
package jobs

import (
	"context"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/input"
)

// IDPath is a record id in the path.
type IDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// Register adds the job template operations.
func Register(api huma.API, d feature.Deps, inUse func(ctx context.Context, tx *database.Tx, jobTemplate int64) (bool, error)) {
	h := &handlers{store: &Store{DB: d.DB, InUse: inUse}}
	tags := []string{"Job"}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "listJobBriefs", Method: http.MethodGet,
		Path: "/job/brief", Summary: "Job templates the caller may see, in brief", Tags: tags, Errors: []int{422}}, h.briefs)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "getJobBrief", Method: http.MethodGet,
		Path: "/job/{id}/brief", Summary: "One job template in brief", Tags: tags, Errors: []int{404}}, h.brief)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "getJobTemplate", Method: http.MethodGet,
		Path: "/job-template/{id}", Summary: "One job template with its placement templates", Tags: tags,
		Errors: []int{404}}, h.template)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "listDepartmentJobTemplates", Method: http.MethodGet,
		Path: "/department/{id}/job-templates", Summary: "Job templates of a department", Tags: tags,
		Errors: []int{404}}, h.ofDepartment)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "listHireableFreelancers", Method: http.MethodGet,
		Path: "/department/{id}/hireable-freelancers", Summary: "Freelancers the department may hire (a job template's preferred freelancers are chosen from them)",
		Tags: tags, Errors: []int{403, 404, 422}}, h.hireable)
	registerWrites(api, h)
	registerRateCards(api, h)
}

func itoa(i int) string { return strconv.Itoa(i) }

type handlers struct{ store *Store }

func (h *handlers) briefs(ctx context.Context, in *struct {
	UserIDs []int64 `query:"user_ids,explode" doc:"Only templates of departments these users are linked to"`
}) (*struct{ Body []JobBrief }, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	visible, all := access.VisibleDepartmentIDs(p)
	out, err := h.store.Briefs(ctx, visible, all, in.UserIDs)
	return &struct{ Body []JobBrief }{Body: out}, err
}

func (h *handlers) brief(ctx context.Context, in *IDPath) (*struct{ Body JobBrief }, error) {
	t, err := h.visible(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body JobBrief }{Body: JobBrief{ID: t.ID, Title: t.Title, Type: t.Type, EntityName: t.ClientName}}, nil
}

func (h *handlers) template(ctx context.Context, in *IDPath) (*struct{ Body JobTemplate }, error) {
	t, err := h.visible(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return h.full(ctx, t.ID)
}

// visible reads a template the caller may see; others are told it does not exist.
func (h *handlers) visible(ctx context.Context, id int64) (JobTemplate, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return JobTemplate{}, err
	}
	t, err := h.store.Template(ctx, id)
	if err != nil {
		return t, err
	}
	if _, err := access.RequireDepartmentViewer(ctx, t.DepartmentID); err != nil {
		return t, err
	}
	return t, nil
}

// hireable lists the freelancers a manager of the department may make preferred (HireRule).
func (h *handlers) hireable(ctx context.Context, in *struct {
	IDPath
	Search string `query:"search" maxLength:"200" doc:"Name or e-mail contains, case-insensitive"`
}) (*struct{ Body []PreferredUser }, error) {
	if _, err := access.RequireDepartmentManager(ctx, in.ID); err != nil {
		return nil, err
	}
	out, err := h.store.Hireable(ctx, in.ID, input.Text(in.Search))
	return &struct{ Body []PreferredUser }{Body: out}, err
}

func (h *handlers) ofDepartment(ctx context.Context, in *IDPath) (*struct{ Body []JobTemplateSummary }, error) {
	if _, err := access.RequireDepartmentViewer(ctx, in.ID); err != nil {
		return nil, err
	}
	out, err := h.store.OfDepartment(ctx, in.ID)
	return &struct{ Body []JobTemplateSummary }{Body: out}, err
}
