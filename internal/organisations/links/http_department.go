package links

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
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
		User:       userRef(r.UserID, r.FirstName, r.LastName, r.Email),
		Department: LinkDepartment{ID: r.DepartmentID, Name: r.DepartmentName, ClientID: r.ClientID, ClientName: r.ClientName},
		CanHire:    r.CanHire, CanManage: r.CanManage, CanSelect: r.CanSelect, Version: r.Version}
}

type userDepartmentPage listPage[UserDepartmentView]

// UserDepartmentListParams are the paging and sort query parameters of its lists.
type UserDepartmentListParams struct {
	Page     int    `query:"page" minimum:"1" default:"1"`
	PageSize int    `query:"pageSize" minimum:"1" maximum:"100" default:"20"`
	Sort     string `query:"sort" enum:"id,-id,user,-user,email,-email,department,-department,client,-client," default:"id"`
}

func (p UserDepartmentListParams) page() Page { return pageOf(p.Page, p.PageSize, p.Sort) }

// userDepartmentRules: a department's viewers see its links and its managers change them; a
// user always sees their own links, and may be linked only by a manager who may see them.
func (h *handlers) userDepartmentRules() rules[UserDepartmentRef, UserDepartmentView] {
	return rules[UserDepartmentRef, UserDepartmentView]{kind: userDepartments, find: h.store.UserDepartment,
		view: userDepartmentView, managed: 1, ownerSees: true,
		ends:    func(r UserDepartmentRef) [2]int64 { return [2]int64{r.UserID, r.DepartmentID} },
		canView: access.CanViewDepartment, canManage: access.CanManageDepartment,
		requireManager: access.RequireDepartmentManager, other: h.requireVisibleUser}
}

func (h *handlers) registerUserDepartment(api huma.API) {
	const base, tag = "/associations/user-department-refs", "User-Department links"
	k := h.userDepartmentRules()
	register(api, tag, "listUserDepartmentRefs", http.MethodGet, base,
		"All User-Department connections the caller may see, one page at a time", []int{422}, h.listUserDepartments)
	register(api, tag, "createUserDepartmentRef", http.MethodPost, base,
		"Connect a user to a department (its managers, its client's managers, administrators)",
		[]int{403, 404, 409, 422}, h.createUserDepartment)
	register(api, tag, "getUserDepartmentRef", http.MethodGet, base+"/{id}", "One user-department link",
		[]int{404}, k.get)
	register(api, tag, "updateUserDepartmentRef", http.MethodPatch, base+"/{id}", "Change the rights of a user-department link",
		[]int{403, 404, 409, 422}, h.updateUserDepartment)
	register(api, tag, "deleteUserDepartmentRef", http.MethodDelete, base+"/{id}", "Remove a user-department link",
		[]int{403, 404}, k.remove(h.store.DeleteUserDepartment))
	register(api, tag, "listUserDepartmentRefsByDepartment", http.MethodGet, base+"/by-department-id/{id}",
		"The users connected to a department", []int{404}, h.userDepartmentsByDepartment)
	register(api, tag, "listUserDepartmentRefsByUser", http.MethodGet, base+"/by-user-id/{id}",
		"The departments a user is connected to (all of them for the user themself)", nil, h.userDepartmentsByUser)
}

func (h *handlers) userDepartmentPage(ctx context.Context, f UserDepartmentFilter, sc Scope, p Page) (*struct{ Body userDepartmentPage }, error) {
	rows, total, err := h.store.UserDepartments(ctx, f, sc, p)
	if err != nil {
		return nil, err
	}
	return &struct{ Body userDepartmentPage }{Body: userDepartmentPage(pageOfViews(rows, total, userDepartmentView))}, nil
}

func departmentScope(p *auth.Principal) Scope {
	ids, all := access.VisibleDepartmentIDs(p)
	return Scope{Visible: ids, All: all, Self: p.UserID}
}

func (h *handlers) listUserDepartments(ctx context.Context, in *struct {
	UserDepartmentListParams
	DepartmentIDs []int64 `query:"departmentIds,explode"`
	UserIDs       []int64 `query:"userIds,explode"`
	CanHire       string  `query:"canHire" enum:"true,false,"`
	CanManage     string  `query:"canManage" enum:"true,false,"`
	CanSelect     string  `query:"canSelect" enum:"true,false,"`
}) (*struct{ Body userDepartmentPage }, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f := UserDepartmentFilter{DepartmentIDs: in.DepartmentIDs, UserIDs: in.UserIDs, CanHire: boolFilter(in.CanHire),
		CanManage: boolFilter(in.CanManage), CanSelect: boolFilter(in.CanSelect)}
	return h.userDepartmentPage(ctx, f, departmentScope(p), in.page())
}

func (h *handlers) userDepartmentsByDepartment(ctx context.Context, in *struct {
	ID int64 `path:"id" minimum:"1"`
	UserDepartmentListParams
}) (*struct{ Body userDepartmentPage }, error) {
	if _, err := access.RequireDepartmentViewer(ctx, in.ID); err != nil {
		return nil, err
	}
	return h.userDepartmentPage(ctx, UserDepartmentFilter{DepartmentIDs: []int64{in.ID}}, Scope{All: true}, in.page())
}

func (h *handlers) userDepartmentsByUser(ctx context.Context, in *struct {
	ID int64 `path:"id" minimum:"1"`
	UserDepartmentListParams
}) (*struct{ Body userDepartmentPage }, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return h.userDepartmentPage(ctx, UserDepartmentFilter{UserIDs: []int64{in.ID}}, byUserScope(p, in.ID, departmentScope), in.page())
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
	r, _, err := k.load(ctx, in.ID, true)
	if err != nil {
		return nil, err
	}
	if err := checkID(in.ID, in.Body.ID); err != nil {
		return nil, err
	}
	fl := DepartmentFlags{CanHire: setOr(in.Body.CanHire, r.CanHire), CanManage: setOr(in.Body.CanManage, r.CanManage),
		CanSelect: setOr(in.Body.CanSelect, r.CanSelect)}
	return k.saved(h.store.UpdateUserDepartment(ctx, in.ID, in.Body.Version, fl))
}
