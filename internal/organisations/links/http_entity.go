package links

import (
	"context"

	"github.com/hive/hive/internal/platform/httpapi"

	"github.com/danielgtaylor/huma/v2"
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
		User:   r.LinkedUser.view(),
		Entity: LinkEntity{ID: r.EntityID, Name: r.EntityName, Type: r.EntityType}, Version: r.Version}
}

type userEntityPage listPage[UserEntityView]

// userEntitySort is what the lists of this kind sort by.
type userEntitySort string

func (userEntitySort) Schema(huma.Registry) *huma.Schema {
	return sortSchema("id", "user", "email", "entity")
}

// userEntityQuery is the query of the grid of all user-entity links.
type userEntityQuery struct {
	ListParams[userEntitySort]
	EntityIDs   []int64              `query:"entityIds,explode"`
	UserIDs     []int64              `query:"userIds,explode"`
	CanExternal httpapi.OptionalBool `query:"canExternal"`
	ManageSelectFilter
}

func (q userEntityQuery) filter() UserLinkFilter {
	return q.ManageSelectFilter.filter(q.EntityIDs, q.UserIDs, q.CanExternal)
}

// The bodies are aliases of unnamed structs, so the API document names them after their
// operations (createUserEntityRefRequest, ...).
type (
	userEntityNew = struct {
		UserLinkNew
		EntityID    int64   `json:"entityId,omitempty"`
		CanExternal bool    `json:"canExternal,omitempty"`
		JobTitleIDs []int64 `json:"jobTitleIds,omitempty" doc:"Job title tags (global or of this entity)"`
	}
	userEntityChange = struct {
		UserLinkChange
		CanExternal *bool   `json:"canExternal,omitempty"`
		JobTitleIDs []int64 `json:"jobTitleIds,omitempty" doc:"Replaces the job titles when given"`
	}
)

// userEntityKind: an entity's viewers see its links and its managers change them; a user
// always sees their own links, and may be linked only by a manager who may see them.
func (h *handlers) userEntityKind() linkKind[UserEntityRef, UserEntityView, UserLinkFilter,
	userEntityPage, userEntityQuery, userEntitySort, userEntityNew, userEntityChange] {
	return linkKind[UserEntityRef, UserEntityView, UserLinkFilter,
		userEntityPage, userEntityQuery, userEntitySort, userEntityNew, userEntityChange]{
		api: userLinkAPI("User-Entity", "entity", "an entity", "entities",
			"Connect a user to an entity (its managers, administrators)",
			"Change the rights and job titles of a user-entity link"),
		kind: userEntities, managed: 1, by: entityRecord, ownerSees: true, other: h.requireVisibleUser,
		find: h.store.UserEntity, read: h.store.UserEntities, view: userEntityView,
		ends:     func(r UserEntityRef) [2]int64 { return [2]int64{r.UserID, r.EntityID} },
		ofRecord: linksOfRecord, ofUser: linksOfUser,
		newEnds: func(b userEntityNew) [2]int64 { return [2]int64{b.UserID, b.EntityID} },
		create:  h.createUserEntity, update: h.updateUserEntity, remove: h.store.DeleteUserEntity,
	}
}

func (h *handlers) createUserEntity(ctx context.Context, b userEntityNew) (UserEntityRef, error) {
	return h.store.CreateUserEntity(ctx, b.UserID, b.EntityID,
		EntityFlags{CanExternal: b.CanExternal, CanManage: b.CanManage, CanSelect: b.CanSelect}, b.JobTitleIDs)
}

// updateUserEntity sets the rights the body gives and keeps the others; job titles given
// replace the link's.
func (h *handlers) updateUserEntity(ctx context.Context, _ *auth.Principal, r UserEntityRef, b userEntityChange) (UserEntityRef, error) {
	fl := EntityFlags{CanExternal: setOr(b.CanExternal, r.CanExternal), CanManage: setOr(b.CanManage, r.CanManage),
		CanSelect: setOr(b.CanSelect, r.CanSelect)}
	return h.store.UpdateUserEntity(ctx, r.ID, b.Version, fl, b.JobTitleIDs)
}
