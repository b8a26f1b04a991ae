package tags

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/paging"
)

// TagView is a tag as the API shows it. Job title tags repeat the name as job_title_name and
// skill tags as skill_tag_name, as the spec shows them.
type TagView struct {
	ID           int64   `json:"id"`
	Name         string  `json:"name"`
	Category     string  `json:"category" enum:"job_title,skills,other"`
	EntityID     *int64  `json:"entityId" nullable:"true" doc:"null for a global tag"`
	EntityName   *string `json:"entityName" nullable:"true"`
	JobTitleName string  `json:"job_title_name,omitempty"`
	SkillTagName string  `json:"skill_tag_name,omitempty"`
	Version      int     `json:"version"`
}

func viewOf(t Tag) TagView {
	v := TagView{ID: t.ID, Name: t.Name, Category: t.Category, Version: t.Version}
	if t.EntityID.Valid {
		id, name := t.EntityID.Int64, t.EntityName.String
		v.EntityID, v.EntityName = &id, &name
	}
	switch t.Category {
	case CategoryJobTitle:
		v.JobTitleName = t.Name
	case CategorySkills:
		v.SkillTagName = t.Name
	}
	return v
}

func viewsOf(ts []Tag) []TagView {
	out := make([]TagView, 0, len(ts))
	for _, t := range ts {
		out = append(out, viewOf(t))
	}
	return out
}

// TagOption is a global tag in a picker.
type TagOption struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// DepartmentTagsView is one department of an entity with its tags.
type DepartmentTagsView struct {
	DepartmentID   int64     `json:"departmentId"`
	DepartmentName string    `json:"departmentName"`
	Tags           []TagView `json:"tags"`
}

type tagPage struct {
	Items []TagView `json:"items"`
	Total int       `json:"total"`
}

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

type tagOutput struct{ Body TagView }

// Register adds the operations of this area.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Tag"}
	created, deleted := ops.Answering(http.StatusCreated), ops.Answering(http.StatusNoContent)
	all := []int{403, 404, 409, 422}
	httpapi.Op(created, "createJobTitleTag", "POST /entity/job-title-tag",
		"Create a job title tag (global, or of an entity)", h.createJobTitle, all...)
	httpapi.Op(created, "createSkillTag", "POST /entity/skill-tag",
		"Create a skill tag (global, or of an entity)", h.createSkill, all...)
	httpapi.Op(ops, "renameJobTitleTag", "PATCH /entity/job-title-tag/{id}", "Rename a job title tag", h.renameJobTitle, all...)
	httpapi.Op(ops, "renameSkillTag", "PATCH /entity/skill-tag/{id}", "Rename a skill tag", h.renameSkill, all...)
	httpapi.Op(deleted, "deleteJobTitleTag", "DELETE /entity/job-title-tag/{id}",
		"Delete a job title tag and its uses", h.deleter(CategoryJobTitle), 403, 404)
	httpapi.Op(deleted, "deleteSkillTag", "DELETE /entity/skill-tag/{id}",
		"Delete a skill tag and its uses", h.deleter(CategorySkills), 403, 404)
	httpapi.Op(ops, "listTags", "GET /entity/tag", "Tags, one page at a time (configureTags)",
		httpapi.WithUser(h.list), 404, 422)
	httpapi.Op(ops, "getTag", "GET /entity/tag/{id}", "One tag", h.get, 404)
	httpapi.Op(ops, "updateTag", "PATCH /entity/tag/{id}", "Rename a tag", h.rename, all...)
	httpapi.Op(deleted, "deleteTag", "DELETE /entity/tag/{id}", "Delete a tag and its uses", h.deleter(""), 403, 404)
	httpapi.Op(created, "createEntityTag", "POST /entity/{id}/tag", "Create a tag of an entity", h.createEntityTag, all...)
	httpapi.Op(ops, "listEntityTags", "GET /entity/{id}/tags", "The tags of an entity", h.entityTags, 404)
	httpapi.Op(ops, "listEntityTagsByDepartment", "GET /entity/{id}/tags/by-department",
		"The tags of each department of an entity", h.byDepartment, 404)
	httpapi.Op(ops, "listSkillTags", "GET /account/skill-tags", "Every global skill tag, for pickers", h.options(CategorySkills))
	httpapi.Op(ops, "listJobTitleTags", "GET /account/job-title-tags",
		"Every global job title tag, for pickers", h.options(CategoryJobTitle))
}

type handlers struct{ store *Store }

// canCreate checks the right to add a tag: to an entity, its managers; a global tag,
// administrators and client or agency managers.
func canCreate(ctx context.Context, entityID int64) error {
	if entityID != 0 {
		_, err := access.RequireEntityManager(ctx, entityID)
		return err
	}
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return err
	}
	if !access.IsClientOrAgencyManager(p) {
		return apperror.Forbidden()
	}
	return nil
}

// visible loads tag id when the caller may see it: global tags are visible to everyone signed
// in, an entity's tags to those who may see the entity. category, when set, must match.
func (h *handlers) visible(ctx context.Context, id int64, category string) (Tag, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return Tag{}, err
	}
	t, err := h.store.Tag(ctx, id)
	if err != nil {
		return t, err
	}
	if category != "" && t.Category != category {
		return t, apperror.NotFound("Tag")
	}
	if !t.Global() {
		if _, err := access.RequireEntityViewer(ctx, t.EntityID.Int64); err != nil {
			return t, err
		}
	}
	return t, nil
}

// editable is visible plus the right to change: global tags administrators only (spec: tag
// edit and delete are admin only), an entity's tags its managers.
func (h *handlers) editable(ctx context.Context, id int64, category string) (Tag, error) {
	t, err := h.visible(ctx, id, category)
	if err != nil {
		return t, err
	}
	if t.Global() {
		_, err = auth.Require(ctx, auth.NeedAdmin)
	} else {
		_, err = access.RequireEntityManager(ctx, t.EntityID.Int64)
	}
	return t, err
}

func (h *handlers) create(ctx context.Context, field, name, category string, entityID int64) (*tagOutput, error) {
	if entityID < 0 {
		return nil, apperror.Field("entityId", "Invalid entity.")
	}
	if err := canCreate(ctx, entityID); err != nil {
		return nil, err
	}
	var v apperror.Invalid
	name = NormalizeName(&v, field, name)
	if err := v.Err(); err != nil {
		return nil, err
	}
	t, err := h.store.Create(ctx, name, category, entityID)
	if err != nil {
		return nil, err
	}
	return &tagOutput{Body: viewOf(t)}, nil
}

func (h *handlers) createJobTitle(ctx context.Context, in *struct {
	Body struct {
		JobTitleName string `json:"job_title_name,omitempty" maxLength:"100"`
		EntityID     int64  `json:"entityId,omitempty" doc:"The entity the tag belongs to; absent for a global tag"`
	}
}) (*tagOutput, error) {
	return h.create(ctx, "job_title_name", in.Body.JobTitleName, CategoryJobTitle, in.Body.EntityID)
}

func (h *handlers) createSkill(ctx context.Context, in *struct {
	Body struct {
		SkillTagName string `json:"skill_tag_name,omitempty" maxLength:"100"`
		EntityID     int64  `json:"entityId,omitempty" doc:"The entity the tag belongs to; absent for a global tag"`
	}
}) (*tagOutput, error) {
	return h.create(ctx, "skill_tag_name", in.Body.SkillTagName, CategorySkills, in.Body.EntityID)
}

func (h *handlers) createEntityTag(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Name     string `json:"name,omitempty" maxLength:"100"`
		Category string `json:"category" enum:"job_title,skills,other"`
	}
}) (*tagOutput, error) {
	return h.create(ctx, "name", in.Body.Name, in.Body.Category, in.ID)
}

func (h *handlers) renameTo(ctx context.Context, id, bodyID int64, version int, field, name, category string) (*tagOutput, error) {
	if _, err := h.editable(ctx, id, category); err != nil {
		return nil, err
	}
	if bodyID != 0 && bodyID != id {
		return nil, apperror.Field("id", "The id does not match the address.")
	}
	var v apperror.Invalid
	name = NormalizeName(&v, field, name)
	if err := v.Err(); err != nil {
		return nil, err
	}
	t, err := h.store.Rename(ctx, id, version, name)
	if err != nil {
		return nil, err
	}
	return &tagOutput{Body: viewOf(t)}, nil
}

func (h *handlers) renameJobTitle(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		ID           int64  `json:"id,omitempty"`
		JobTitleName string `json:"job_title_name,omitempty" maxLength:"100"`
		Version      int    `json:"version"`
	}
}) (*tagOutput, error) {
	return h.renameTo(ctx, in.ID, in.Body.ID, in.Body.Version, "job_title_name", in.Body.JobTitleName, CategoryJobTitle)
}

func (h *handlers) renameSkill(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		ID           int64  `json:"id,omitempty"`
		SkillTagName string `json:"skill_tag_name,omitempty" maxLength:"100"`
		Version      int    `json:"version"`
	}
}) (*tagOutput, error) {
	return h.renameTo(ctx, in.ID, in.Body.ID, in.Body.Version, "skill_tag_name", in.Body.SkillTagName, CategorySkills)
}

func (h *handlers) rename(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		ID      int64  `json:"id,omitempty"`
		Name    string `json:"name,omitempty" maxLength:"100"`
		Version int    `json:"version"`
	}
}) (*tagOutput, error) {
	return h.renameTo(ctx, in.ID, in.Body.ID, in.Body.Version, "name", in.Body.Name, "")
}

func (h *handlers) deleter(category string) func(context.Context, *idPath) (*struct{}, error) {
	return func(ctx context.Context, in *idPath) (*struct{}, error) {
		if _, err := h.editable(ctx, in.ID, category); err != nil {
			return nil, err
		}
		return &struct{}{}, h.store.Delete(ctx, in.ID)
	}
}

func (h *handlers) get(ctx context.Context, in *idPath) (*tagOutput, error) {
	t, err := h.visible(ctx, in.ID, "")
	if err != nil {
		return nil, err
	}
	return &tagOutput{Body: viewOf(t)}, nil
}

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *struct {
	paging.Params
	Sort     string `query:"sort" enum:"name,-name,category,-category,id,-id," default:"name"`
	Category string `query:"category" enum:"job_title,skills,other,"`
	Name     string `query:"name" maxLength:"100" doc:"Name contains, case-insensitive"`
	EntityID int64  `query:"entityId" doc:"Only the tags of this entity"`
	Global   bool   `query:"global" doc:"Only global tags"`
}) (*struct{ Body tagPage }, error) {
	if in.EntityID != 0 {
		if _, err := access.RequireEntityViewer(ctx, in.EntityID); err != nil {
			return nil, err
		}
	}
	f := Filter{Category: in.Category, Name: in.Name, EntityID: in.EntityID, GlobalOnly: in.Global,
		Visible: access.VisibleEntities(p), Sort: in.Sort, Offset: in.Offset(), Limit: in.Limit()}
	rows, total, err := h.store.List(ctx, f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body tagPage }{Body: tagPage{Items: viewsOf(rows), Total: total}}, nil
}

// entityVisible checks the caller may see entity id and that it exists.
func (h *handlers) entityVisible(ctx context.Context, id int64) error {
	if _, err := access.RequireEntityViewer(ctx, id); err != nil {
		return err
	}
	ok, err := h.store.EntityExists(ctx, id)
	if err == nil && !ok {
		err = apperror.NotFound("Entity")
	}
	return err
}

func (h *handlers) entityTags(ctx context.Context, in *struct {
	ID       int64  `path:"id" minimum:"1"`
	Category string `query:"category" enum:"job_title,skills,other,"`
}) (*struct{ Body []TagView }, error) {
	if err := h.entityVisible(ctx, in.ID); err != nil {
		return nil, err
	}
	ts, err := h.store.EntityTags(ctx, in.ID, in.Category)
	if err != nil {
		return nil, err
	}
	return &struct{ Body []TagView }{Body: viewsOf(ts)}, nil
}

func (h *handlers) byDepartment(ctx context.Context, in *idPath) (*struct{ Body []DepartmentTagsView }, error) {
	if err := h.entityVisible(ctx, in.ID); err != nil {
		return nil, err
	}
	groups, err := h.store.ByDepartment(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	out := make([]DepartmentTagsView, 0, len(groups))
	for _, g := range groups {
		out = append(out, DepartmentTagsView{DepartmentID: g.DepartmentID, DepartmentName: g.DepartmentName, Tags: viewsOf(g.Tags)})
	}
	return &struct{ Body []DepartmentTagsView }{Body: out}, nil
}

func (h *handlers) options(category string) func(context.Context, *struct{}) (*struct{ Body []TagOption }, error) {
	return func(ctx context.Context, _ *struct{}) (*struct{ Body []TagOption }, error) {
		if _, err := auth.RequireUser(ctx); err != nil {
			return nil, err
		}
		ts, err := h.store.Global(ctx, category)
		if err != nil {
			return nil, err
		}
		out := make([]TagOption, 0, len(ts))
		for _, t := range ts {
			out = append(out, TagOption{ID: t.ID, Name: t.Name})
		}
		return &struct{ Body []TagOption }{Body: out}, nil
	}
}
