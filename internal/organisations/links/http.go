package links

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// LinkUser names the user of a link.
type LinkUser struct {
	ID        int64  `json:"id"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	FullName  string `json:"fullName"`
}

func userRef(id int64, first, last, email string) LinkUser {
	full := first
	switch {
	case first == "":
		full = last
	case last != "":
		full = first + " " + last
	}
	return LinkUser{ID: id, FirstName: first, LastName: last, Email: email, FullName: full}
}

func pageOf(page, size int, sort string) Page {
	return Page{Sort: sort, Offset: (page - 1) * size, Limit: size}
}

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// boolFilter reads an optional true/false query value.
func boolFilter(s string) *bool {
	if s == "" {
		return nil
	}
	v := s == "true"
	return &v
}

func checkID(path, body int64) error {
	if body != 0 && body != path {
		return apperror.Field("id", "The id does not match the address.")
	}
	return nil
}

// Register adds the operations of this area.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	h.registerUserDepartment(api)
	h.registerUserEntity(api)
	h.registerLegal(api)
}

type handlers struct{ store *Store }

// requireVisibleUser refuses to link a user the caller may not see (access.CanSeeUser)
// exactly as it refuses an id that names nobody: the same 422 on userId, with no name or
// address, so linking cannot be used to find accounts. Others are invited by e-mail instead.
func (h *handlers) requireVisibleUser(ctx context.Context, p *auth.Principal, id int64) error {
	ok, err := access.UserVisibleTo(ctx, h.store.DB, p, id)
	if err != nil {
		return err
	}
	if !ok {
		return apperror.Field("userId", MsgUserUnknown)
	}
	return nil
}

func register[I, O any](api huma.API, tag, id, method, path, summary string, errs []int, handler func(context.Context, *I) (*O, error)) {
	op := huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, Tags: []string{tag}, Errors: errs}
	switch method {
	case http.MethodPost:
		op.DefaultStatus = http.StatusCreated
	case http.MethodDelete:
		op.DefaultStatus = http.StatusNoContent
	}
	httpapi.Register(api, httpapi.Signed, op, handler)
}

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

type userDepartmentPage struct {
	Items []UserDepartmentView `json:"items"`
	Total int                  `json:"total"`
}

type userDepartmentOutput struct{ Body UserDepartmentView }

// UserDepartmentListParams are the paging and sort query parameters of its lists.
type UserDepartmentListParams struct {
	Page     int    `query:"page" minimum:"1" default:"1"`
	PageSize int    `query:"pageSize" minimum:"1" maximum:"100" default:"20"`
	Sort     string `query:"sort" enum:"id,-id,user,-user,email,-email,department,-department,client,-client," default:"id"`
}

func (p UserDepartmentListParams) page() Page { return pageOf(p.Page, p.PageSize, p.Sort) }

func (h *handlers) registerUserDepartment(api huma.API) {
	const base, tag = "/associations/user-department-refs", "User-Department links"
	register(api, tag, "listUserDepartmentRefs", http.MethodGet, base,
		"All User-Department connections the caller may see, one page at a time", []int{422}, h.listUserDepartments)
	register(api, tag, "createUserDepartmentRef", http.MethodPost, base,
		"Connect a user to a department (its managers, its client's managers, administrators)",
		[]int{403, 404, 409, 422}, h.createUserDepartment)
	register(api, tag, "getUserDepartmentRef", http.MethodGet, base+"/{id}", "One user-department link",
		[]int{404}, h.getUserDepartment)
	register(api, tag, "updateUserDepartmentRef", http.MethodPatch, base+"/{id}", "Change the rights of a user-department link",
		[]int{403, 404, 409, 422}, h.updateUserDepartment)
	register(api, tag, "deleteUserDepartmentRef", http.MethodDelete, base+"/{id}", "Remove a user-department link",
		[]int{403, 404}, h.deleteUserDepartment)
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
	out := &struct{ Body userDepartmentPage }{Body: userDepartmentPage{Items: make([]UserDepartmentView, 0, len(rows)), Total: total}}
	for _, r := range rows {
		out.Body.Items = append(out.Body.Items, userDepartmentView(r))
	}
	return out, nil
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
	sc := departmentScope(p)
	if in.ID == p.UserID {
		sc = Scope{All: true}
	}
	return h.userDepartmentPage(ctx, UserDepartmentFilter{UserIDs: []int64{in.ID}}, sc, in.page())
}

// loadUserDepartment returns link id when the caller may see it (its department, or their
// own link), and with manage set only when they may also change it.
func (h *handlers) loadUserDepartment(ctx context.Context, id int64, manage bool) (UserDepartmentRef, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return UserDepartmentRef{}, err
	}
	r, err := h.store.UserDepartment(ctx, id)
	if err != nil {
		return r, err
	}
	if !access.CanViewDepartment(p, r.DepartmentID) && r.UserID != p.UserID {
		return r, apperror.NotFound("Link")
	}
	if manage && !access.CanManageDepartment(p, r.DepartmentID) {
		return r, apperror.Forbidden()
	}
	return r, nil
}

func (h *handlers) getUserDepartment(ctx context.Context, in *idPath) (*userDepartmentOutput, error) {
	r, err := h.loadUserDepartment(ctx, in.ID, false)
	if err != nil {
		return nil, err
	}
	return &userDepartmentOutput{Body: userDepartmentView(r)}, nil
}

func (h *handlers) createUserDepartment(ctx context.Context, in *struct {
	Body struct {
		UserID       int64 `json:"userId,omitempty"`
		DepartmentID int64 `json:"departmentId,omitempty"`
		CanHire      bool  `json:"canHire,omitempty"`
		CanManage    bool  `json:"canManage,omitempty"`
		CanSelect    bool  `json:"canSelect,omitempty"`
	}
}) (*userDepartmentOutput, error) {
	b := in.Body
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	var v apperror.Invalid
	if b.UserID <= 0 {
		v.Add("userId", MsgRequired)
	}
	if b.DepartmentID <= 0 {
		v.Add("departmentId", MsgRequired)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	p, err := access.RequireDepartmentManager(ctx, b.DepartmentID)
	if err != nil {
		return nil, err
	}
	if err := h.requireVisibleUser(ctx, p, b.UserID); err != nil {
		return nil, err
	}
	r, err := h.store.CreateUserDepartment(ctx, b.UserID, b.DepartmentID,
		DepartmentFlags{CanHire: b.CanHire, CanManage: b.CanManage, CanSelect: b.CanSelect})
	if err != nil {
		return nil, err
	}
	return &userDepartmentOutput{Body: userDepartmentView(r)}, nil
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
}) (*userDepartmentOutput, error) {
	r, err := h.loadUserDepartment(ctx, in.ID, true)
	if err != nil {
		return nil, err
	}
	if err := checkID(in.ID, in.Body.ID); err != nil {
		return nil, err
	}
	fl := DepartmentFlags{CanHire: r.CanHire, CanManage: r.CanManage, CanSelect: r.CanSelect}
	for _, p := range []struct{ from, to *bool }{{in.Body.CanHire, &fl.CanHire}, {in.Body.CanManage, &fl.CanManage},
		{in.Body.CanSelect, &fl.CanSelect}} {
		if p.from != nil {
			*p.to = *p.from
		}
	}
	if r, err = h.store.UpdateUserDepartment(ctx, in.ID, in.Body.Version, fl); err != nil {
		return nil, err
	}
	return &userDepartmentOutput{Body: userDepartmentView(r)}, nil
}

func (h *handlers) deleteUserDepartment(ctx context.Context, in *idPath) (*struct{}, error) {
	if _, err := h.loadUserDepartment(ctx, in.ID, true); err != nil {
		return nil, err
	}
	return &struct{}{}, h.store.DeleteUserDepartment(ctx, in.ID)
}
