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
	return LinkUser{ID: id, FirstName: first, LastName: last, Email: email, FullName: auth.FullName(first, last)}
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

// rules are what the operations must know of one kind of link: how to read it and show it,
// who may see and change it, and what a new link's two ids must pass. get, delete, load and
// checkNew below are the same for all three kinds.
type rules[R, V any] struct {
	kind kind // the store's description: the two ends' body fields, in order
	find func(context.Context, int64) (R, error)
	view func(R) V
	// managed is which end (0 or 1) names the department or entity whose managers may change a
	// link; the viewers of that record may see it.
	managed            int
	ends               func(R) [2]int64
	canView, canManage func(*auth.Principal, int64) bool
	requireManager     func(context.Context, int64) (*auth.Principal, error)
	// ownerSees lets the user a link is of (end 0) always see it.
	ownerSees bool
	// other refuses the other end of a new link, p's caller may not name it.
	other func(ctx context.Context, p *auth.Principal, id int64) error
}

// load returns link id when the caller may see it, and with manage set only when they may
// also change it; one they may not see is missing (404).
func (k rules[R, V]) load(ctx context.Context, id int64, manage bool) (R, *auth.Principal, error) {
	var r R
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return r, nil, err
	}
	if r, err = k.find(ctx, id); err != nil {
		return r, p, err
	}
	ends := k.ends(r)
	if !k.canView(p, ends[k.managed]) && (!k.ownerSees || ends[0] != p.UserID) {
		return r, p, apperror.NotFound("Link")
	}
	if manage && !k.canManage(p, ends[k.managed]) {
		return r, p, apperror.Forbidden()
	}
	return r, p, nil
}

// checkNew checks the two ids of a new link: both given, the caller manages the managed end,
// and the other end passes k.other.
func (k rules[R, V]) checkNew(ctx context.Context, ids [2]int64) error {
	if _, err := auth.RequireUser(ctx); err != nil {
		return err
	}
	var v apperror.Invalid
	for i, e := range k.kind.ends {
		if ids[i] <= 0 {
			v.Add(e.field, MsgRequired)
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	p, err := k.requireManager(ctx, ids[k.managed])
	if err != nil {
		return err
	}
	return k.other(ctx, p, ids[1-k.managed])
}

// output is one link as an operation returns it.
type output[V any] struct{ Body V }

func (k rules[R, V]) get(ctx context.Context, in *idPath) (*output[V], error) {
	r, _, err := k.load(ctx, in.ID, false)
	if err != nil {
		return nil, err
	}
	return &output[V]{Body: k.view(r)}, nil
}

// saved answers a create or update with the link as stored.
func (k rules[R, V]) saved(r R, err error) (*output[V], error) {
	if err != nil {
		return nil, err
	}
	return &output[V]{Body: k.view(r)}, nil
}

// remove is the delete operation: del removes a link the caller may change.
func (k rules[R, V]) remove(del func(context.Context, int64) error) func(context.Context, *idPath) (*struct{}, error) {
	return func(ctx context.Context, in *idPath) (*struct{}, error) {
		if _, _, err := k.load(ctx, in.ID, true); err != nil {
			return nil, err
		}
		return &struct{}{}, del(ctx, in.ID)
	}
}

// listPage is one page of a list; each kind names its own (userDepartmentPage, ...), so the
// API document keeps its schema names.
type listPage[V any] struct {
	Items []V `json:"items"`
	Total int `json:"total"`
}

// pageOfViews shows rows, one page of total.
func pageOfViews[R, V any](rows []R, total int, view func(R) V) listPage[V] {
	out := listPage[V]{Items: make([]V, 0, len(rows)), Total: total}
	for _, r := range rows {
		out.Items = append(out.Items, view(r))
	}
	return out
}

// byUserScope is the scope of a by-user list: the caller's own links all, else scope.
func byUserScope(p *auth.Principal, userID int64, scope func(*auth.Principal) Scope) Scope {
	if userID == p.UserID {
		return Scope{All: true}
	}
	return scope(p)
}

// setOr is the value a PATCH gives (v), else the current one.
func setOr(v *bool, current bool) bool {
	if v != nil {
		return *v
	}
	return current
}
