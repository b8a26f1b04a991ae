package links

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/paging"
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
		User:   r.LinkedUser.view(),
		Entity: LinkEntity{ID: r.EntityID, Name: r.EntityName, Type: r.EntityType}, Version: r.Version}
}

type userEntityPage listPage[UserEntityView]

// UserEntityListParams are the paging and sort query parameters of its lists.
type UserEntityListParams struct {
	paging.Params
	Sort string `query:"sort" enum:"id,-id,user,-user,email,-email,entity,-entity," default:"id"`
}

func (p UserEntityListParams) page() Page {
	return Page{Sort: p.Sort, Offset: p.Offset(), Limit: p.Limit()}
}

// userEntityRules: an entity's viewers see its links and its managers change them; a user
// always sees their own links, and may be linked only by a manager who may see them.
func (h *handlers) userEntityRules() rules[UserEntityRef, UserEntityView] {
	return rules[UserEntityRef, UserEntityView]{kind: userEntities, find: h.store.UserEntity,
		view: userEntityView, managed: 1, ownerSees: true,
		ends:    func(r UserEntityRef) [2]int64 { return [2]int64{r.UserID, r.EntityID} },
		canView: access.CanViewEntity, canManage: access.CanManageEntity,
		requireManager: access.RequireEntityManager, other: h.requireVisibleUser}
}

// userEntitiesOf is the input of the lists of one entity's or one user's links.
type userEntitiesOf struct {
	RecordID
	UserEntityListParams
}

func (h *handlers) userEntityLists() lists[UserEntityRef, UserEntityView, UserEntityFilter, userEntityPage] {
	return lists[UserEntityRef, UserEntityView, UserEntityFilter, userEntityPage]{
		read: h.store.UserEntities, view: userEntityView, scope: entityScope, requireViewer: access.RequireEntityViewer,
		ofRecord: func(id int64) UserEntityFilter { return UserEntityFilter{EntityIDs: []int64{id}} },
		ofUser:   func(id int64) UserEntityFilter { return UserEntityFilter{UserIDs: []int64{id}} }}
}

func (h *handlers) registerUserEntity(a huma.API) {
	registerKind[userEntitiesOf](a, kindAPI{base: "/associations/user-entity-refs", tag: "User-Entity links",
		name: "UserEntity", record: "entity",
		list:     "All User-Entity connections the caller may see, one page at a time",
		create:   "Connect a user to an entity (its managers, administrators)",
		get:      "One user-entity link",
		update:   "Change the rights and job titles of a user-entity link",
		remove:   "Remove a user-entity link",
		byRecord: "The users connected to an entity",
		byUser:   "The entities a user is connected to (all of them for the user themself)"},
		h.userEntityRules(), h.userEntityLists(), h.store.DeleteUserEntity,
		h.listUserEntities, h.createUserEntity, h.updateUserEntity)
}

// entityScope: the links of the entities the caller may see, and their own.
var entityScope = scopeOf(access.VisibleEntityIDs)

func (h *handlers) listUserEntities(ctx context.Context, in *struct {
	UserEntityListParams
	EntityIDs   []int64 `query:"entityIds,explode"`
	UserIDs     []int64 `query:"userIds,explode"`
	CanExternal string  `query:"canExternal" enum:"true,false,"`
	CanManage   string  `query:"canManage" enum:"true,false,"`
	CanSelect   string  `query:"canSelect" enum:"true,false,"`
}) (*output[userEntityPage], error) {
	f := UserEntityFilter{EntityIDs: in.EntityIDs, UserIDs: in.UserIDs, CanExternal: boolFilter(in.CanExternal),
		CanManage: boolFilter(in.CanManage), CanSelect: boolFilter(in.CanSelect)}
	return h.userEntityLists().all(ctx, f, in.page())
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
	r, _, err := k.changing(ctx, in.ID, in.Body.ID)
	if err != nil {
		return nil, err
	}
	fl := EntityFlags{CanExternal: setOr(in.Body.CanExternal, r.CanExternal), CanManage: setOr(in.Body.CanManage, r.CanManage),
		CanSelect: setOr(in.Body.CanSelect, r.CanSelect)}
	return k.saved(h.store.UpdateUserEntity(ctx, in.ID, in.Body.Version, fl, in.Body.JobTitleIDs))
}
