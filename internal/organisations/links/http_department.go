package links

import (
	"context"

	"github.com/hive/hive/internal/platform/httpapi"

	"github.com/danielgtaylor/huma/v2"
	"github.com/hive/hive/internal/platform/auth"
)

// UserDepartmentView is a user-department link as the API shows it.
type UserDepartmentView struct {
	ID           int64          `json:"id"`
	UserID       int64          `json:"userId"`
	DepartmentID int64          `json:"departmentId"`
	User         LinkUser       `json:"user"`
	Department   LinkDepartment `json:"department"`
	CanHire      bool           `json:"canHire"`
	CanManage    bool           `json:"canManage"`
	CanSelect    bool           `json:"canSelect"`
	Version      int            `json:"version"`
}

// LinkDepartment names the department of a link and its client.
type LinkDepartment struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	ClientID   int64  `json:"clientId"`
	ClientName string `json:"clientName"`
}

func userDepartmentView(r UserDepartmentRef) UserDepartmentView {
	return UserDepartmentView{ID: r.ID, UserID: r.UserID, DepartmentID: r.DepartmentID,
		User:       r.LinkedUser.view(),
		Department: LinkDepartment{ID: r.DepartmentID, Name: r.DepartmentName, ClientID: r.ClientID, ClientName: r.ClientName},
		CanHire:    r.CanHire, CanManage: r.CanManage, CanSelect: r.CanSelect, Version: r.Version}
}

type userDepartmentPage listPage[UserDepartmentView]

// userDepartmentSort is what the lists of this kind sort by.
type userDepartmentSort string

func (userDepartmentSort) Schema(huma.Registry) *huma.Schema {
	return sortSchema("id", "user", "email", "department", "client")
}

// userDepartmentQuery is the query of the grid of all user-department links.
type userDepartmentQuery struct {
	ListParams[userDepartmentSort]
	DepartmentIDs []int64              `query:"departmentIds,explode"`
	UserIDs       []int64              `query:"userIds,explode"`
	CanHire       httpapi.OptionalBool `query:"canHire"`
	ManageSelectFilter
}

func (q userDepartmentQuery) filter() UserLinkFilter {
	return q.ManageSelectFilter.filter(q.DepartmentIDs, q.UserIDs, q.CanHire)
}

// The bodies are aliases of unnamed structs, so the API document names them after their
// operations (createUserDepartmentRefRequest, ...).
type (
	userDepartmentNew = struct {
		UserLinkNew
		DepartmentID int64 `json:"departmentId,omitempty"`
		CanHire      bool  `json:"canHire,omitempty"`
	}
	userDepartmentChange = struct {
		UserLinkChange
		CanHire *bool `json:"canHire,omitempty"`
	}
)

// userDepartmentKind: a department's viewers see its links and its managers change them; a
// user always sees their own links, and may be linked only by a manager who may see them.
func (h *handlers) userDepartmentKind() linkKind[UserDepartmentRef, UserDepartmentView, UserLinkFilter,
	userDepartmentPage, userDepartmentQuery, userDepartmentSort, userDepartmentNew, userDepartmentChange] {
	return linkKind[UserDepartmentRef, UserDepartmentView, UserLinkFilter,
		userDepartmentPage, userDepartmentQuery, userDepartmentSort, userDepartmentNew, userDepartmentChange]{
		api: userLinkAPI("User-Department", "department", "a department", "departments",
			"Connect a user to a department (its managers, its client's managers, administrators)",
			"Change the rights of a user-department link"),
		kind: userDepartments, managed: 1, by: departmentRecord, ownerSees: true, other: h.requireVisibleUser,
		find: h.store.UserDepartment, read: h.store.UserDepartments, view: userDepartmentView,
		ends:     func(r UserDepartmentRef) [2]int64 { return [2]int64{r.UserID, r.DepartmentID} },
		ofRecord: linksOfRecord, ofUser: linksOfUser,
		newEnds: func(b userDepartmentNew) [2]int64 { return [2]int64{b.UserID, b.DepartmentID} },
		create:  h.createUserDepartment, update: h.updateUserDepartment, remove: h.store.DeleteUserDepartment,
	}
}

func (h *handlers) createUserDepartment(ctx context.Context, b userDepartmentNew) (UserDepartmentRef, error) {
	return h.store.CreateUserDepartment(ctx, b.UserID, b.DepartmentID,
		DepartmentFlags{CanHire: b.CanHire, CanManage: b.CanManage, CanSelect: b.CanSelect})
}

// updateUserDepartment sets the rights the body gives and keeps the others.
func (h *handlers) updateUserDepartment(ctx context.Context, _ *auth.Principal, r UserDepartmentRef, b userDepartmentChange) (UserDepartmentRef, error) {
	fl := DepartmentFlags{CanHire: setOr(b.CanHire, r.CanHire), CanManage: setOr(b.CanManage, r.CanManage),
		CanSelect: setOr(b.CanSelect, r.CanSelect)}
	return h.store.UpdateUserDepartment(ctx, r.ID, b.Version, fl)
}
