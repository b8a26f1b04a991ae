package jobs

import (
	"context"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/input"
)

// IDPath is a record id in the path.
type IDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// Register adds the job template operations.
func Register(api huma.API, d feature.Deps, inUse InUse) {
	h := &handlers{store: &Store{DB: d.DB, InUse: inUse}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Job"}
	httpapi.Op(ops, "listJobBriefs", "GET /job/brief", "Job templates the caller may see, in brief",
		httpapi.WithUser(h.briefs), 422)
	httpapi.Op(ops, "getJobBrief", "GET /job/{id}/brief", "One job template in brief", h.brief, 404)
	httpapi.Op(ops, "getJobTemplate", "GET /job-template/{id}",
		"One job template with its placement templates", h.template, 404)
	httpapi.Op(ops, "listDepartmentJobTemplates", "GET /department/{id}/job-templates",
		"Job templates of a department", h.ofDepartment, 404)
	httpapi.Op(ops, "listHireableFreelancers", "GET /department/{id}/hireable-freelancers",
		"Freelancers the department may hire (a job template's preferred freelancers are chosen from them)",
		h.hireable, 403, 404, 422)
	registerWrites(api, h)
	registerRateCards(api, h)
}

func itoa(i int) string { return strconv.Itoa(i) }

type handlers struct{ store *Store }

func (h *handlers) briefs(ctx context.Context, p *auth.Principal, in *struct {
	UserIDs []int64 `query:"user_ids,explode" doc:"Only templates of departments these users are linked to"`
}) (*struct{ Body []JobBrief }, error) {
	out, err := h.store.Briefs(ctx, access.VisibleDepartments(p), in.UserIDs)
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
