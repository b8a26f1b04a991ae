package links

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/paging"
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

// UserDepartmentListParams are the paging and sort query parameters of its lists.
type UserDepartmentListParams struct {
	paging.Params
	Sort string `query:"sort" enum:"id,-id,user,-user,email,-email,department,-department,client,-client," default:"id"`
}

func (p UserDepartmentListParams) page() Page {
	return Page{Sort: p.Sort, Offset: p.Offset(), Limit: p.Limit()}
}

// userDepartmentRules: a department's viewers see its links and its managers change them; a
// user always sees their own links, and may be linked only by a manager who may see them.
func (h *handlers) userDepartmentRules() rules[UserDepartmentRef, UserDepartmentView] {
	return rules[UserDepartmentRef, UserDepartmentView]{kind: userDepartments, find: h.store.UserDepartment,
		view: userDepartmentView, managed: 1, ownerSees: true,
		ends:    func(r UserDepartmentRef) [2]int64 { return [2]int64{r.UserID, r.DepartmentID} },
		canView: access.CanViewDepartment, canManage: access.CanManageDepartment,
		requireManager: access.RequireDepartmentManager, other: h.requireVisibleUser}
}

// userDepartmentsOf is the input of the lists of one department's or one user's links.
type userDepartmentsOf struct {
	RecordID
	UserDepartmentListParams
}

func (h *handlers) userDepartmentLists() lists[UserDepartmentRef, UserDepartmentView, UserDepartmentFilter, userDepartmentPage] {
	return lists[UserDepartmentRef, UserDepartmentView, UserDepartmentFilter, userDepartmentPage]{
		read: h.store.UserDepartments, view: userDepartmentView, scope: departmentScope,
		requireViewer: access.RequireDepartmentViewer,
		ofRecord:      func(id int64) UserDepartmentFilter { return UserDepartmentFilter{DepartmentIDs: []int64{id}} },
		ofUser:        func(id int64) UserDepartmentFilter { return UserDepartmentFilter{UserIDs: []int64{id}} }}
}

func (h *handlers) registerUserDepartment(a huma.API) {
	registerKind[userDepartmentsOf](a, kindAPI{base: "/associations/user-department-refs", tag: "User-Department links",
		name: "UserDepartment", record: "department",
		list:     "All User-Department connections the caller may see, one page at a time",
		create:   "Connect a user to a department (its managers, its client's managers, administrators)",
		get:      "One user-department link",
		update:   "Change the rights of a user-department link",
		remove:   "Remove a user-department link",
		byRecord: "The users connected to a department",
		byUser:   "The departments a user is connected to (all of them for the user themself)"},
		h.userDepartmentRules(), h.userDepartmentLists(), h.store.DeleteUserDepartment,
		h.listUserDepartments, h.createUserDepartment, h.updateUserDepartment)
}

// departmentScope: the links of the departments the caller may see, and their own.
var departmentScope = scopeOf(access.VisibleDepartmentIDs)

func (h *handlers) listUserDepartments(ctx context.Context, in *struct {
	UserDepartmentListParams
	DepartmentIDs []int64 `query:"departmentIds,explode"`
	UserIDs       []int64 `query:"userIds,explode"`
	CanHire       string  `query:"canHire" enum:"true,false,"`
	CanManage     string  `query:"canManage" enum:"true,false,"`
	CanSelect     string  `query:"canSelect" enum:"true,false,"`
}) (*output[userDepartmentPage], error) {
	f := UserDepartmentFilter{DepartmentIDs: in.DepartmentIDs, UserIDs: in.UserIDs, CanHire: boolFilter(in.CanHire),
		CanManage: boolFilter(in.CanManage), CanSelect: boolFilter(in.CanSelect)}
	return h.userDepartmentLists().all(ctx, f, in.page())
}

func (h *handlers) createUserDepartment(ctx context.Context, in *struct {
	Body struct {
		UserID       int64 `json:"userId,omitempty"`
		DepartmentID int64 `json:"departmentId,omitempty"`
		CanHire      bool  `json:"canHire,omitempty"`
		CanManage    bool  `json:"canManage,omitempty"`
		CanSelect    bool  `json:"canSelect,omitempty"`
	}
}) (*output[UserDepartmentView], error) {
	b, k := in.Body, h.userDepartmentRules()
	if err := k.checkNew(ctx, [2]int64{b.UserID, b.DepartmentID}); err != nil {
		return nil, err
	}
	return k.saved(h.store.CreateUserDepartment(ctx, b.UserID, b.DepartmentID,
		DepartmentFlags{CanHire: b.CanHire, CanManage: b.CanManage, CanSelect: b.CanSelect}))
}

func (h *handlers) updateUserDepartment(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		ID        int64 `json:"id,omitempty" doc:"Must match the path when given"`
		Version   int   `json:"version"`
		CanHire   *bool `json:"canHire,omitempty"`
		CanManage *bool `json:"canManage,omitempty"`
		CanSelect *bool `json:"canSelect,omitempty"`
	}
}) (*output[UserDepartmentView], error) {
	k := h.userDepartmentRules()
	r, _, err := k.changing(ctx, in.ID, in.Body.ID)
	if err != nil {
		return nil, err
	}
	fl := DepartmentFlags{CanHire: setOr(in.Body.CanHire, r.CanHire), CanManage: setOr(in.Body.CanManage, r.CanManage),
		CanSelect: setOr(in.Body.CanSelect, r.CanSelect)}
	return k.saved(h.store.UpdateUserDepartment(ctx, in.ID, in.Body.Version, fl))
}
