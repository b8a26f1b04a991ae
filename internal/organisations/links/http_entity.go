package links

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
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

type userEntityPage listPage[UserEntityView]

// UserEntityListParams are the paging and sort query parameters of its lists.
type UserEntityListParams struct {
	Page     int    `query:"page" minimum:"1" default:"1"`
	PageSize int    `query:"pageSize" minimum:"1" maximum:"100" default:"20"`
	Sort     string `query:"sort" enum:"id,-id,user,-user,email,-email,entity,-entity," default:"id"`
}

func (p UserEntityListParams) page() Page { return pageOf(p.Page, p.PageSize, p.Sort) }

// userEntityRules: an entity's viewers see its links and its managers change them; a user
// always sees their own links, and may be linked only by a manager who may see them.
func (h *handlers) userEntityRules() rules[UserEntityRef, UserEntityView] {
	return rules[UserEntityRef, UserEntityView]{kind: userEntities, find: h.store.UserEntity,
		view: userEntityView, managed: 1, ownerSees: true,
		ends:    func(r UserEntityRef) [2]int64 { return [2]int64{r.UserID, r.EntityID} },
		canView: access.CanViewEntity, canManage: access.CanManageEntity,
		requireManager: access.RequireEntityManager, other: h.requireVisibleUser}
}

func (h *handlers) registerUserEntity(api huma.API) {
	const base, tag = "/associations/user-entity-refs", "User-Entity links"
	k := h.userEntityRules()
	register(api, tag, "listUserEntityRefs", http.MethodGet, base,
		"All User-Entity connections the caller may see, one page at a time", []int{422}, h.listUserEntities)
	register(api, tag, "createUserEntityRef", http.MethodPost, base,
		"Connect a user to an entity (its managers, administrators)", []int{403, 404, 409, 422}, h.createUserEntity)
	register(api, tag, "getUserEntityRef", http.MethodGet, base+"/{id}", "One user-entity link", []int{404}, k.get)
	register(api, tag, "updateUserEntityRef", http.MethodPatch, base+"/{id}",
		"Change the rights and job titles of a user-entity link", []int{403, 404, 409, 422}, h.updateUserEntity)
	register(api, tag, "deleteUserEntityRef", http.MethodDelete, base+"/{id}", "Remove a user-entity link",
		[]int{403, 404}, k.remove(h.store.DeleteUserEntity))
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
	return &struct{ Body userEntityPage }{Body: userEntityPage(pageOfViews(rows, total, userEntityView))}, nil
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
	return h.userEntityPage(ctx, UserEntityFilter{UserIDs: []int64{in.ID}}, byUserScope(p, in.ID, entityScope), in.page())
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
}) (*output[UserEntityView], error) {
	b, k := in.Body, h.userEntityRules()
	if err := k.checkNew(ctx, [2]int64{b.UserID, b.EntityID}); err != nil {
		return nil, err
	}
	return k.saved(h.store.CreateUserEntity(ctx, b.UserID, b.EntityID,
		EntityFlags{CanExternal: b.CanExternal, CanManage: b.CanManage, CanSelect: b.CanSelect}, b.JobTitleIDs))
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
}) (*output[UserEntityView], error) {
	k := h.userEntityRules()
	r, _, err := k.load(ctx, in.ID, true)
	if err != nil {
		return nil, err
	}
	if err := checkID(in.ID, in.Body.ID); err != nil {
		return nil, err
	}
	fl := EntityFlags{CanExternal: setOr(in.Body.CanExternal, r.CanExternal), CanManage: setOr(in.Body.CanManage, r.CanManage),
		CanSelect: setOr(in.Body.CanSelect, r.CanSelect)}
	return k.saved(h.store.UpdateUserEntity(ctx, in.ID, in.Body.Version, fl, in.Body.JobTitleIDs))
}
