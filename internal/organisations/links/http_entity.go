package links

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// UserEntityView is a user-entity link as the API shows it.
type UserEntityView struct {
	ID          int64         `json:"id"`
	UserID      int64         `json:"userId"`
	EntityID    int64         `json:"entityId"`
	CanExternal bool          `json:"canExternal"`
	CanManage   bool          `json:"canManage"`
	CanSelect   bool          `json:"canSelect"`
	JobTitles   []JobTitleRef `json:"jobTitles"`
	User        LinkUser      `json:"user"`
	Entity      LinkEntity    `json:"entity"`
	Version     int           `json:"version"`
}

// LinkEntity names the entity of a link.
type LinkEntity struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Type string `json:"type"`
}

func userEntityView(r UserEntityRef) UserEntityView {
	jt := r.JobTitles
	if jt == nil {
		jt = []JobTitleRef{}
	}
	return UserEntityView{ID: r.ID, UserID: r.UserID, EntityID: r.EntityID, CanExternal: r.CanExternal,
		CanManage: r.CanManage, CanSelect: r.CanSelect, JobTitles: jt,
		User:   userRef(r.UserID, r.FirstName, r.LastName, r.Email),
		Entity: LinkEntity{ID: r.EntityID, Name: r.EntityName, Type: r.EntityType}, Version: r.Version}
}

type userEntityPage struct {
	Items []UserEntityView `json:"items"`
	Total int              `json:"total"`
}

type userEntityOutput struct{ Body UserEntityView }

// UserEntityListParams are the paging and sort query parameters of its lists.
type UserEntityListParams struct {
	Page     int    `query:"page" minimum:"1" default:"1"`
	PageSize int    `query:"pageSize" minimum:"1" maximum:"100" default:"20"`
	Sort     string `query:"sort" enum:"id,-id,user,-user,email,-email,entity,-entity," default:"id"`
}

func (p UserEntityListParams) page() Page { return pageOf(p.Page, p.PageSize, p.Sort) }

func (h *handlers) registerUserEntity(api huma.API) {
	const base, tag = "/associations/user-entity-refs", "User-Entity links"
	register(api, tag, "listUserEntityRefs", http.MethodGet, base,
		"All User-Entity connections the caller may see, one page at a time", []int{422}, h.listUserEntities)
	register(api, tag, "createUserEntityRef", http.MethodPost, base,
		"Connect a user to an entity (its managers, administrators)", []int{403, 404, 409, 422}, h.createUserEntity)
	register(api, tag, "getUserEntityRef", http.MethodGet, base+"/{id}", "One user-entity link", []int{404}, h.getUserEntity)
	register(api, tag, "updateUserEntityRef", http.MethodPatch, base+"/{id}",
		"Change the rights and job titles of a user-entity link", []int{403, 404, 409, 422}, h.updateUserEntity)
	register(api, tag, "deleteUserEntityRef", http.MethodDelete, base+"/{id}", "Remove a user-entity link",
		[]int{403, 404}, h.deleteUserEntity)
	register(api, tag, "listUserEntityRefsByEntity", http.MethodGet, base+"/by-entity-id/{id}",
		"The users connected to an entity", []int{404}, h.userEntitiesByEntity)
	register(api, tag, "listUserEntityRefsByUser", http.MethodGet, base+"/by-user-id/{id}",
		"The entities a user is connected to (all of them for the user themself)", nil, h.userEntitiesByUser)
}

func entityScope(p *auth.Principal) Scope {
	ids, all := access.VisibleEntityIDs(p)
	return Scope{Visible: ids, All: all, Self: p.UserID}
}

func (h *handlers) userEntityPage(ctx context.Context, f UserEntityFilter, sc Scope, p Page) (*struct{ Body userEntityPage }, error) {
	rows, total, err := h.store.UserEntities(ctx, f, sc, p)
	if err != nil {
		return nil, err
	}
	out := &struct{ Body userEntityPage }{Body: userEntityPage{Items: make([]UserEntityView, 0, len(rows)), Total: total}}
	for _, r := range rows {
		out.Body.Items = append(out.Body.Items, userEntityView(r))
	}
	return out, nil
}

func (h *handlers) listUserEntities(ctx context.Context, in *struct {
	UserEntityListParams
	EntityIDs   []int64 `query:"entityIds,explode"`
	UserIDs     []int64 `query:"userIds,explode"`
	CanExternal string  `query:"canExternal" enum:"true,false,"`
	CanManage   string  `query:"canManage" enum:"true,false,"`
	CanSelect   string  `query:"canSelect" enum:"true,false,"`
}) (*struct{ Body userEntityPage }, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f := UserEntityFilter{EntityIDs: in.EntityIDs, UserIDs: in.UserIDs, CanExternal: boolFilter(in.CanExternal),
		CanManage: boolFilter(in.CanManage), CanSelect: boolFilter(in.CanSelect)}
	return h.userEntityPage(ctx, f, entityScope(p), in.page())
}

func (h *handlers) userEntitiesByEntity(ctx context.Context, in *struct {
	ID int64 `path:"id" minimum:"1"`
	UserEntityListParams
}) (*struct{ Body userEntityPage }, error) {
	if _, err := access.RequireEntityViewer(ctx, in.ID); err != nil {
		return nil, err
	}
	return h.userEntityPage(ctx, UserEntityFilter{EntityIDs: []int64{in.ID}}, Scope{All: true}, in.page())
}

func (h *handlers) userEntitiesByUser(ctx context.Context, in *struct {
	ID int64 `path:"id" minimum:"1"`
	UserEntityListParams
}) (*struct{ Body userEntityPage }, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	sc := entityScope(p)
	if in.ID == p.UserID {
		sc = Scope{All: true}
	}
	return h.userEntityPage(ctx, UserEntityFilter{UserIDs: []int64{in.ID}}, sc, in.page())
}

// loadUserEntity returns link id when the caller may see it (its entity, or their own link),
// and with manage set only when they may also change it.
func (h *handlers) loadUserEntity(ctx context.Context, id int64, manage bool) (UserEntityRef, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return UserEntityRef{}, err
	}
	r, err := h.store.UserEntity(ctx, id)
	if err != nil {
		return r, err
	}
	if !access.CanViewEntity(p, r.EntityID) && r.UserID != p.UserID {
		return r, apperror.NotFound("Link")
	}
	if manage && !access.CanManageEntity(p, r.EntityID) {
		return r, apperror.Forbidden()
	}
	return r, nil
}

func (h *handlers) getUserEntity(ctx context.Context, in *idPath) (*userEntityOutput, error) {
	r, err := h.loadUserEntity(ctx, in.ID, false)
	if err != nil {
		return nil, err
	}
	return &userEntityOutput{Body: userEntityView(r)}, nil
}

func (h *handlers) createUserEntity(ctx context.Context, in *struct {
	Body struct {
		UserID      int64   `json:"userId,omitempty"`
		EntityID    int64   `json:"entityId,omitempty"`
		CanExternal bool    `json:"canExternal,omitempty"`
		CanManage   bool    `json:"canManage,omitempty"`
		CanSelect   bool    `json:"canSelect,omitempty"`
		JobTitleIDs []int64 `json:"jobTitleIds,omitempty" doc:"Job title tags (global or of this entity)"`
	}
}) (*userEntityOutput, error) {
	b := in.Body
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	var v apperror.Invalid
	if b.UserID <= 0 {
		v.Add("userId", MsgRequired)
	}
	if b.EntityID <= 0 {
		v.Add("entityId", MsgRequired)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	p, err := access.RequireEntityManager(ctx, b.EntityID)
	if err != nil {
		return nil, err
	}
	if err := h.requireVisibleUser(ctx, p, b.UserID); err != nil {
		return nil, err
	}
	r, err := h.store.CreateUserEntity(ctx, b.UserID, b.EntityID,
		EntityFlags{CanExternal: b.CanExternal, CanManage: b.CanManage, CanSelect: b.CanSelect}, b.JobTitleIDs)
	if err != nil {
		return nil, err
	}
	return &userEntityOutput{Body: userEntityView(r)}, nil
}

func (h *handlers) updateUserEntity(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		ID          int64   `json:"id,omitempty" doc:"Must match the path when given"`
		Version     int     `json:"version"`
		CanExternal *bool   `json:"canExternal,omitempty"`
		CanManage   *bool   `json:"canManage,omitempty"`
		CanSelect   *bool   `json:"canSelect,omitempty"`
		JobTitleIDs []int64 `json:"jobTitleIds,omitempty" doc:"Replaces the job titles when given"`
	}
}) (*userEntityOutput, error) {
	r, err := h.loadUserEntity(ctx, in.ID, true)
	if err != nil {
		return nil, err
	}
	if err := checkID(in.ID, in.Body.ID); err != nil {
		return nil, err
	}
	fl := EntityFlags{CanExternal: r.CanExternal, CanManage: r.CanManage, CanSelect: r.CanSelect}
	for _, p := range []struct{ from, to *bool }{{in.Body.CanExternal, &fl.CanExternal},
		{in.Body.CanManage, &fl.CanManage}, {in.Body.CanSelect, &fl.CanSelect}} {
		if p.from != nil {
			*p.to = *p.from
		}
	}
	if r, err = h.store.UpdateUserEntity(ctx, in.ID, in.Body.Version, fl, in.Body.JobTitleIDs); err != nil {
		return nil, err
	}
	return &userEntityOutput{Body: userEntityView(r)}, nil
}

func (h *handlers) deleteUserEntity(ctx context.Context, in *idPath) (*struct{}, error) {
	if _, err := h.loadUserEntity(ctx, in.ID, true); err != nil {
		return nil, err
	}
	return &struct{}{}, h.store.DeleteUserEntity(ctx, in.ID)
}
