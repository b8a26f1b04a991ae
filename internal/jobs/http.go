package jobs

import (
	"context"
	"net/http"
	"regexp"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/input"
)

// Validation messages of job and placement templates.
const (
	MsgTitleRequired = "Title is required."
	MsgTime          = "Enter a time as HH:mm."
	MsgBreaks        = "Unpaid breaks cannot be negative."
)

// PlacementTemplateInput is a placement template as written by a client.
type PlacementTemplateInput struct {
	Title         string `json:"title" maxLength:"200"`
	StartTime     string `json:"startTime" doc:"HH:mm or HH:mm:00"`
	EndTime       string `json:"endTime" doc:"HH:mm or HH:mm:00; at or before the start means the next day"`
	UnpaidBreaks  int    `json:"unpaidBreaks,omitempty" doc:"Minutes, default 0"`
	SupplierNotes string `json:"supplierNotes,omitempty" maxLength:"5000" text:"multiline"`
	BuyRate       *Rate  `json:"buyRate,omitempty" doc:"Administrators only"`
	SellRate      *Rate  `json:"sellRate,omitempty"`
}

// placementTemplatePatch is PlacementTemplateInput with every field optional plus the version read.
type placementTemplatePatch struct {
	Version       int     `json:"version"`
	Title         *string `json:"title,omitempty" maxLength:"200"`
	StartTime     *string `json:"startTime,omitempty"`
	EndTime       *string `json:"endTime,omitempty"`
	UnpaidBreaks  *int    `json:"unpaidBreaks,omitempty"`
	SupplierNotes *string `json:"supplierNotes,omitempty" maxLength:"5000" text:"multiline"`
	BuyRate       *Rate   `json:"buyRate,omitempty"`
	SellRate      *Rate   `json:"sellRate,omitempty"`
}

type createJobTemplateBody struct {
	DepartmentID       int64                    `json:"departmentId" minimum:"1"`
	Title              string                   `json:"title" maxLength:"200"`
	Description        string                   `json:"description,omitempty" maxLength:"5000" text:"multiline"`
	PlacementTemplates []PlacementTemplateInput `json:"placementTemplates,omitempty"`
	PreferredUserIDs   []int64                  `json:"preferredUserIds,omitempty" doc:"Freelancers the department may hire"`
	AdminFields
}

type updateJobTemplateBody struct {
	Version          int     `json:"version"`
	Title            *string `json:"title,omitempty" maxLength:"200"`
	Description      *string `json:"description,omitempty" maxLength:"5000" text:"multiline"`
	PreferredUserIDs []int64 `json:"preferredUserIds,omitempty" doc:"Replaces the list when present; freelancers the department may hire"`
	AdminFields
}

type jobTemplatePage struct {
	Items []JobTemplateSummary `json:"items"`
	Total int                  `json:"total"`
}

var timePattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9](:00)?$`)

// normTime checks an HH:mm or HH:mm:00 time and returns it as HH:mm.
func normTime(v string) (string, bool) {
	if !timePattern.MatchString(v) {
		return "", false
	}
	return v[:5], true
}

// fields validates a placement template; prefix names the field in the request body.
func (in PlacementTemplateInput) fields(prefix string, admin bool) (PlacementFields, error) {
	if in.BuyRate != nil && !admin {
		return PlacementFields{}, apperror.Forbidden()
	}
	var v apperror.Invalid
	f := PlacementFields{Title: input.Text(in.Title), UnpaidBreaks: in.UnpaidBreaks, SupplierNotes: in.SupplierNotes,
		Buy: DefaultRate(), Sell: DefaultRate()}
	if f.Title == "" {
		v.Add(prefix+"title", MsgTitleRequired)
	}
	var ok bool
	if f.StartTime, ok = normTime(in.StartTime); !ok {
		v.Add(prefix+"startTime", MsgTime)
	}
	if f.EndTime, ok = normTime(in.EndTime); !ok {
		v.Add(prefix+"endTime", MsgTime)
	}
	if f.UnpaidBreaks < 0 {
		v.Add(prefix+"unpaidBreaks", MsgBreaks)
	}
	for name, r := range map[string]*Rate{"buyRate": in.BuyRate, "sellRate": in.SellRate} {
		if r == nil {
			continue
		}
		n := r.Normalised()
		if p := n.Problem(); p != "" {
			v.Add(prefix+name, p)
		}
		if name == "buyRate" {
			f.Buy = n
		} else {
			f.Sell = n
		}
	}
	return f, v.Err()
}

func registerWrites(api huma.API, h *handlers) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Job"}
	httpapi.Op(ops, "listJobTemplates", "GET /job-template", "Job templates the caller may see",
		httpapi.WithUser(h.list), 422)
	httpapi.Op(ops.Answering(http.StatusCreated), "createJobTemplate", "POST /job-template",
		"Create a job template", h.create, 403, 404, 422)
	httpapi.Op(ops, "updateJobTemplate", "PATCH /job-template/{id}", "Change a job template", h.update, 403, 404, 409, 422)
	httpapi.Op(ops.Answering(http.StatusNoContent), "deleteJobTemplate", "DELETE /job-template/{id}",
		"Delete a job template no booking uses", h.remove, 403, 404, 409)
	httpapi.Op(ops.Answering(http.StatusCreated), "createPlacementTemplate", "POST /job-template/{id}/placement-template",
		"Add a placement template", h.addPlacement, 403, 404, 422)
	httpapi.Op(ops, "updatePlacementTemplate", "PATCH /placement-template/{id}",
		"Change a placement template", h.updatePlacement, 403, 404, 409, 422)
	httpapi.Op(ops.Answering(http.StatusNoContent), "deletePlacementTemplate", "DELETE /placement-template/{id}",
		"Delete a placement template", h.removePlacement, 403, 404)
}

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *struct {
	DepartmentID int64  `query:"departmentId"`
	Search       string `query:"search" maxLength:"200" doc:"Title contains, case-insensitive"`
	Page         int    `query:"page" minimum:"1" default:"1"`
	PageSize     int    `query:"pageSize" minimum:"1" maximum:"100" default:"20"`
}) (*struct{ Body jobTemplatePage }, error) {
	f := ListFilter{Visible: access.VisibleDepartments(p), DepartmentID: in.DepartmentID,
		Search: input.Text(in.Search), Offset: (in.Page - 1) * in.PageSize, Limit: in.PageSize}
	items, total, err := h.store.List(ctx, f)
	return &struct{ Body jobTemplatePage }{Body: jobTemplatePage{Items: items, Total: total}}, err
}

// full reads template id with its placement templates and preferred users as the caller may see it.
func (h *handlers) full(ctx context.Context, id int64) (*struct{ Body JobTemplate }, error) {
	t, err := h.store.Template(ctx, id)
	if err != nil {
		return nil, err
	}
	if t.PlacementTemplates, err = h.store.PlacementTemplates(ctx, id, auth.FromContext(ctx).Has(auth.NeedAdmin)); err != nil {
		return nil, err
	}
	if t.PreferredUsers, err = h.store.PreferredUsers(ctx, id); err != nil {
		return nil, err
	}
	t.AdminFields = t.stored.shown(auth.FromContext(ctx))
	return &struct{ Body JobTemplate }{Body: t}, nil
}

func (h *handlers) create(ctx context.Context, in *struct{ Body createJobTemplateBody }) (*struct{ Body JobTemplate }, error) {
	p, err := access.RequireDepartmentManager(ctx, in.Body.DepartmentID)
	if err != nil {
		return nil, err
	}
	title := input.Text(in.Body.Title)
	if title == "" {
		return nil, apperror.Field("title", MsgTitleRequired)
	}
	pts := make([]PlacementFields, 0, len(in.Body.PlacementTemplates))
	for i, pt := range in.Body.PlacementTemplates {
		f, err := pt.fields("placementTemplates["+itoa(i)+"].", p.Has(auth.NeedAdmin))
		if err != nil {
			return nil, err
		}
		pts = append(pts, f)
	}
	admin, err := in.Body.AdminFields.over(adminText{}, p)
	if err != nil {
		return nil, err
	}
	id, err := h.store.Create(ctx, in.Body.DepartmentID, TemplateFields{Title: title, Description: in.Body.Description, Admin: admin},
		pts, in.Body.PreferredUserIDs)
	if err != nil {
		return nil, err
	}
	return h.full(ctx, id)
}

// requireVisibleUsers refuses users the caller may not see (access.CanSeeUser) as it
// refuses ids that name nobody: the answer lists their names, so a rate card must not find
// accounts the caller could not see before. A preferred list asks more
// (requireHireable), which refuses those alike.
func (h *handlers) requireVisibleUsers(ctx context.Context, p *auth.Principal, field string, users []int64) error {
	viewer := access.UserViewerOf(p)
	for _, u := range users {
		ok, err := access.UserVisibleTo(ctx, h.store.DB, viewer, u)
		if err != nil {
			return err
		}
		if !ok {
			return apperror.Field(field, MsgNoUser)
		}
	}
	return nil
}

// managed reads template id for a write by a manager of its department.
func (h *handlers) managed(ctx context.Context, id int64) (JobTemplate, *auth.Principal, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return JobTemplate{}, nil, err
	}
	t, err := h.store.Template(ctx, id)
	if err != nil {
		return t, nil, err
	}
	p, err := access.RequireDepartmentManager(ctx, t.DepartmentID)
	return t, p, err
}

func (h *handlers) update(ctx context.Context, in *struct {
	IDPath
	Body updateJobTemplateBody
}) (*struct{ Body JobTemplate }, error) {
	t, p, err := h.managed(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	admin, err := in.Body.AdminFields.over(t.stored, p)
	if err != nil {
		return nil, err
	}
	title, desc := t.Title, t.Description
	if in.Body.Title != nil {
		if title = input.Trimmed(in.Body.Title); title == "" {
			return nil, apperror.Field("title", MsgTitleRequired)
		}
	}
	if in.Body.Description != nil {
		desc = *in.Body.Description
	}
	f := TemplateFields{Title: title, Description: desc, Admin: admin}
	if err := h.store.Update(ctx, in.ID, t.DepartmentID, in.Body.Version, f, in.Body.PreferredUserIDs); err != nil {
		return nil, err
	}
	return h.full(ctx, in.ID)
}

func (h *handlers) remove(ctx context.Context, in *IDPath) (*struct{}, error) {
	if _, _, err := h.managed(ctx, in.ID); err != nil {
		return nil, err
	}
	return &struct{}{}, h.store.Delete(ctx, in.ID)
}

func (h *handlers) addPlacement(ctx context.Context, in *struct {
	IDPath
	Body PlacementTemplateInput
}) (*struct{ Body PlacementTemplate }, error) {
	_, p, err := h.managed(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	admin := p.Has(auth.NeedAdmin)
	f, err := in.Body.fields("", admin)
	if err != nil {
		return nil, err
	}
	id, err := h.store.AddPlacement(ctx, in.ID, f)
	if err != nil {
		return nil, err
	}
	pt, err := h.store.PlacementTemplate(ctx, id, admin)
	return &struct{ Body PlacementTemplate }{Body: pt}, err
}

// managedPlacement reads placement template id (with buy rate) for a write by a department manager.
func (h *handlers) managedPlacement(ctx context.Context, id int64) (PlacementTemplate, *auth.Principal, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return PlacementTemplate{}, nil, err
	}
	pt, err := h.store.PlacementTemplate(ctx, id, true)
	if err != nil {
		return pt, nil, err
	}
	_, p, err := h.managed(ctx, pt.JobTemplateID)
	return pt, p, err
}

func (h *handlers) updatePlacement(ctx context.Context, in *struct {
	IDPath
	Body placementTemplatePatch
}) (*struct{ Body PlacementTemplate }, error) {
	pt, p, err := h.managedPlacement(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	b := in.Body
	merged := PlacementTemplateInput{Title: pick(b.Title, pt.Title), StartTime: pick(b.StartTime, pt.StartTime),
		EndTime: pick(b.EndTime, pt.EndTime), UnpaidBreaks: pick(b.UnpaidBreaks, pt.UnpaidBreaks),
		SupplierNotes: pick(b.SupplierNotes, pt.SupplierNotes), SellRate: &pt.SellRate}
	if b.SellRate != nil {
		merged.SellRate = b.SellRate
	}
	admin := p.Has(auth.NeedAdmin)
	if b.BuyRate != nil && !admin {
		return nil, apperror.Forbidden()
	}
	f, err := merged.fields("", admin)
	if err != nil {
		return nil, err
	}
	// The buy rate is kept unless an administrator sends a new one.
	if f.Buy, err = replaced(b.BuyRate, *pt.BuyRate, "buyRate"); err != nil {
		return nil, err
	}
	if err := h.store.UpdatePlacement(ctx, in.ID, b.Version, f); err != nil {
		return nil, err
	}
	out, err := h.store.PlacementTemplate(ctx, in.ID, admin)
	return &struct{ Body PlacementTemplate }{Body: out}, err
}

func (h *handlers) removePlacement(ctx context.Context, in *IDPath) (*struct{}, error) {
	if _, _, err := h.managedPlacement(ctx, in.ID); err != nil {
		return nil, err
	}
	return &struct{}{}, h.store.DeletePlacement(ctx, in.ID)
}

func pick[T any](v *T, old T) T {
	if v != nil {
		return *v
	}
	return old
}
