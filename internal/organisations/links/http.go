package links

import (
	"context"
	"net/http"
	"strings"

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

// view is the user as a link shows it.
func (u LinkedUser) view() LinkUser {
	return LinkUser{ID: u.UserID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email,
		FullName: auth.FullName(u.FirstName, u.LastName)}
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

// kindAPI is how one kind of link appears in the API: where, under which tag, its operation ids'
// stem (list<Name>Refs, create<Name>Ref, ...), the record its by-record list is of, and the
// summaries. registerKind derives the rest, the same for every kind.
type kindAPI struct {
	base, tag, name, record                             string
	list, create, get, update, remove, byRecord, byUser string // the summaries
}

// registerKind adds the seven operations of one kind of link: its grid (list), create, get,
// update and delete, and the lists of one record's and one user's links.
func registerKind[In recordListInput, L, C, U, R, V, F any, B pageBody[V]](a huma.API, d kindAPI, k rules[R, V],
	l lists[R, V, F, B], del func(context.Context, int64) error, list func(context.Context, *L) (*output[B], error),
	create func(context.Context, *C) (*output[V], error), update func(context.Context, *U) (*output[V], error)) {
	ops := httpapi.Operations{API: a, Access: httpapi.Signed, Tag: d.tag}
	one := d.base + "/{id}"
	httpapi.Op(ops, "list"+d.name+"Refs", "GET "+d.base, d.list, list, 422)
	httpapi.Op(ops.Answering(http.StatusCreated), "create"+d.name+"Ref", "POST "+d.base, d.create, create, 403, 404, 409, 422)
	httpapi.Op(ops, "get"+d.name+"Ref", "GET "+one, d.get, k.get, 404)
	httpapi.Op(ops, "update"+d.name+"Ref", "PATCH "+one, d.update, update, 403, 404, 409, 422)
	httpapi.Op(ops.Answering(http.StatusNoContent), "delete"+d.name+"Ref", "DELETE "+one, d.remove, k.remove(del), 403, 404)
	httpapi.Op(ops, "list"+d.name+"RefsBy"+strings.ToUpper(d.record[:1])+d.record[1:],
		"GET "+d.base+"/by-"+d.record+"-id/{id}", d.byRecord, byRecord[In](l), 404)
	httpapi.Op(ops, "list"+d.name+"RefsByUser", "GET "+d.base+"/by-user-id/{id}", d.byUser, byUser[In](l))
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

// changing loads link id for an update whose body names bodyID (none, or the same id): the
// caller must be allowed to change it.
func (k rules[R, V]) changing(ctx context.Context, id, bodyID int64) (R, *auth.Principal, error) {
	r, p, err := k.load(ctx, id, true)
	if err == nil && bodyID != 0 && bodyID != id {
		err = apperror.Field("id", "The id does not match the address.")
	}
	return r, p, err
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

// pageBody is a kind's own name for listPage[V].
type pageBody[V any] interface {
	~struct {
		Items []V `json:"items"`
		Total int `json:"total"`
	}
}

// RecordID is the path of the lists of one record's (a department's, an entity's, a user's)
// links; the kind's paging and sort parameters are embedded beside it (userDepartmentsOf, ...).
type RecordID struct {
	ID int64 `path:"id" minimum:"1"`
}

func (r RecordID) recordID() int64 { return r.ID }

// recordListInput is the input of a list of one record's links.
type recordListInput interface {
	recordID() int64
	page() Page
}

// lists are what the list operations must know of one kind of link: how to read a page of
// links and show them, which links a caller sees in the grid (scope), who may list one
// record's links (requireViewer), and the filters of one record's and of one user's links.
type lists[R, V, F any, B pageBody[V]] struct {
	read          func(context.Context, F, Scope, Page) ([]R, int, error)
	view          func(R) V
	scope         func(*auth.Principal) Scope
	requireViewer func(context.Context, int64) (*auth.Principal, error)
	ofRecord      func(int64) F
	ofUser        func(int64) F
}

// page reads and shows one page of the links of f within sc.
func (l lists[R, V, F, B]) page(ctx context.Context, f F, sc Scope, p Page) (*output[B], error) {
	rows, total, err := l.read(ctx, f, sc, p)
	if err != nil {
		return nil, err
	}
	out := listPage[V]{Items: make([]V, 0, len(rows)), Total: total}
	for _, r := range rows {
		out.Items = append(out.Items, l.view(r))
	}
	return &output[B]{Body: B(out)}, nil
}

// all is the grid: the links of f the caller may see.
func (l lists[R, V, F, B]) all(ctx context.Context, f F, p Page) (*output[B], error) {
	c, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return l.page(ctx, f, l.scope(c), p)
}

// byRecord lists every link of one record to those who may see the record.
func byRecord[In recordListInput, R, V, F any, B pageBody[V]](l lists[R, V, F, B]) func(context.Context, *In) (*output[B], error) {
	return func(ctx context.Context, in *In) (*output[B], error) {
		id := (*in).recordID()
		if _, err := l.requireViewer(ctx, id); err != nil {
			return nil, err
		}
		return l.page(ctx, l.ofRecord(id), Scope{All: true}, (*in).page())
	}
}

// byUser lists the links of one user: all of them to the user themself, else those the caller
// sees in the grid.
func byUser[In recordListInput, R, V, F any, B pageBody[V]](l lists[R, V, F, B]) func(context.Context, *In) (*output[B], error) {
	return httpapi.WithUser(func(ctx context.Context, p *auth.Principal, in *In) (*output[B], error) {
		id := (*in).recordID()
		return l.page(ctx, l.ofUser(id), byUserScope(p, id, l.scope), (*in).page())
	})
}

// scopeOf is the scope of a grid over the records visible gives a caller: their links, and
// always the caller's own.
func scopeOf(visible func(*auth.Principal) ([]int64, bool)) func(*auth.Principal) Scope {
	return func(p *auth.Principal) Scope {
		ids, all := visible(p)
		return Scope{Visible: ids, All: all, Self: p.UserID}
	}
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
