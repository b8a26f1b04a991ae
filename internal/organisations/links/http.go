package links

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/paging"
)

// The operations every kind of link shares, parameterised by a linkKind; each kind's file
// (http_department.go, http_entity.go, http_legal.go) holds only what is its own: its view,
// its rules, its query and its bodies.

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

// Register adds the operations of this area.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	register(api, h.userDepartmentKind())
	register(api, h.userEntityKind())
	register(api, h.legalKind())
}

type handlers struct{ store *Store }

// requireVisibleUser refuses to link a user the caller may not see (access.CanSeeUser)
// exactly as it refuses an id that names nobody: the same 422 on userId, with no name or
// address, so linking cannot be used to find accounts. Others are invited by e-mail instead.
func (h *handlers) requireVisibleUser(ctx context.Context, p *auth.Principal, id int64) error {
	ok, err := access.UserVisibleTo(ctx, h.store.DB, access.UserViewerOf(p), id)
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
// summaries. register derives the rest, the same for every kind.
type kindAPI struct {
	base, tag, name, record                             string
	list, create, get, update, remove, byRecord, byUser string // the summaries
}

// managedRecord is the access rules of the record a link hangs off (a department, an entity):
// its viewers see the link and its managers change it.
type managedRecord struct {
	canView, canManage            func(*auth.Principal, int64) bool
	requireViewer, requireManager func(context.Context, int64) (*auth.Principal, error)
	// scope is what a caller sees in a grid: the links of the records they may see, and their own.
	scope func(*auth.Principal) Scope
}

var (
	departmentRecord = managedRecord{canView: access.CanViewDepartment, canManage: access.CanManageDepartment,
		requireViewer: access.RequireDepartmentViewer, requireManager: access.RequireDepartmentManager,
		scope: scopeOf(access.VisibleDepartments)}
	entityRecord = managedRecord{canView: access.CanViewEntity, canManage: access.CanManageEntity,
		requireViewer: access.RequireEntityViewer, requireManager: access.RequireEntityManager,
		scope: scopeOf(access.VisibleEntities)}
)

// linkKind is all the operations must know of one kind of link. Its types are the link as the
// store reads it (R) and as the API shows it (V), the store's filter of a list (F), the kind's
// own name for a page of V (B, so the API document keeps its schema names), the grid's query
// (Q), what one record's and one user's lists sort by (S), and the create (C) and update (U)
// bodies.
type linkKind[R, V, F any, B pageBody[V], Q gridQuery[F], S sortParam, C any, U changeBody] struct {
	api  kindAPI
	kind kind // the store's description: the two ends' body fields, in order
	// managed is which end (0 or 1) names the record whose access rules (by) guard a link.
	managed int
	by      managedRecord
	// ownerSees lets the user a link is of (end 0) always see it.
	ownerSees bool
	// other refuses the other end of a new link when p may not name it.
	other func(ctx context.Context, p *auth.Principal, id int64) error

	find func(context.Context, int64) (R, error)
	read func(context.Context, F, Scope, Page) ([]R, int, error)
	view func(R) V
	ends func(R) [2]int64
	// ofRecord and ofUser filter the links of one record and of one user.
	ofRecord, ofUser func(int64) F

	// newEnds are the two ids a create body links; create stores a link whose ids passed
	// checkNew; update applies a body to link r, which p may change; remove deletes a link.
	newEnds func(C) [2]int64
	create  func(context.Context, C) (R, error)
	update  func(ctx context.Context, p *auth.Principal, r R, body U) (R, error)
	remove  func(context.Context, int64) error
}

// register adds the seven operations of one kind of link: its grid (list), create, get,
// update and delete, and the lists of one record's and one user's links.
func register[R, V, F any, B pageBody[V], Q gridQuery[F], S sortParam, C any, U changeBody](a huma.API,
	k linkKind[R, V, F, B, Q, S, C, U]) {
	d := k.api
	ops := httpapi.Operations{API: a, Access: httpapi.Signed, Tag: d.tag}
	one := d.base + "/{id}"
	httpapi.Op(ops, "list"+d.name+"Refs", "GET "+d.base, d.list, k.grid, 422)
	httpapi.Op(ops.Answering(http.StatusCreated), "create"+d.name+"Ref", "POST "+d.base, d.create, k.createOne, 403, 404, 409, 422)
	httpapi.Op(ops, "get"+d.name+"Ref", "GET "+one, d.get, k.get, 404)
	httpapi.Op(ops, "update"+d.name+"Ref", "PATCH "+one, d.update, k.updateOne, 403, 404, 409, 422)
	httpapi.Op(ops.Answering(http.StatusNoContent), "delete"+d.name+"Ref", "DELETE "+one, d.remove, k.deleteOne, 403, 404)
	httpapi.Op(ops, "list"+d.name+"RefsBy"+strings.ToUpper(d.record[:1])+d.record[1:],
		"GET "+d.base+"/by-"+d.record+"-id/{id}", d.byRecord, k.byRecord, 404)
	httpapi.Op(ops, "list"+d.name+"RefsByUser", "GET "+d.base+"/by-user-id/{id}", d.byUser, k.byUser)
}

// load returns link id when the caller may see it, and with manage set only when they may
// also change it; one they may not see is missing (404).
func (k linkKind[R, V, F, B, Q, S, C, U]) load(ctx context.Context, id int64, manage bool) (R, *auth.Principal, error) {
	var r R
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return r, nil, err
	}
	if r, err = k.find(ctx, id); err != nil {
		return r, p, err
	}
	ends := k.ends(r)
	if !k.by.canView(p, ends[k.managed]) && (!k.ownerSees || ends[0] != p.UserID) {
		return r, p, apperror.NotFound("Link")
	}
	if manage && !k.by.canManage(p, ends[k.managed]) {
		return r, p, apperror.Forbidden()
	}
	return r, p, nil
}

// checkNew checks the two ids of a new link: both given, the caller manages the managed end,
// and the other end passes k.other.
func (k linkKind[R, V, F, B, Q, S, C, U]) checkNew(ctx context.Context, ids [2]int64) error {
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
	p, err := k.by.requireManager(ctx, ids[k.managed])
	if err != nil {
		return err
	}
	return k.other(ctx, p, ids[1-k.managed])
}

// output is one link as an operation returns it.
type output[V any] struct{ Body V }

// saved answers a create or update with the link as stored.
func (k linkKind[R, V, F, B, Q, S, C, U]) saved(r R, err error) (*output[V], error) {
	if err != nil {
		return nil, err
	}
	return &output[V]{Body: k.view(r)}, nil
}

func (k linkKind[R, V, F, B, Q, S, C, U]) get(ctx context.Context, in *idPath) (*output[V], error) {
	r, _, err := k.load(ctx, in.ID, false)
	return k.saved(r, err)
}

// createOne is the create operation. Its input is an unnamed struct, and C is one too, so the
// API document names the body after the operation (createUserDepartmentRefRequest, ...).
func (k linkKind[R, V, F, B, Q, S, C, U]) createOne(ctx context.Context, in *struct{ Body C }) (*output[V], error) {
	if err := k.checkNew(ctx, k.newEnds(in.Body)); err != nil {
		return nil, err
	}
	return k.saved(k.create(ctx, in.Body))
}

// Revision is what every update body carries besides the kind's own fields. It is exported
// because huma reads the fields of exported embedded structs only.
type Revision struct {
	ID      int64 `json:"id,omitempty" doc:"Must match the path when given"`
	Version int   `json:"version"`
}

func (r Revision) revision() Revision { return r }

// changeBody is an update body: a Revision and the kind's own fields.
type changeBody interface{ revision() Revision }

// updateOne is the update operation: the caller must be allowed to change the link, and the
// body's id, when given, must be the path's.
func (k linkKind[R, V, F, B, Q, S, C, U]) updateOne(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body U
}) (*output[V], error) {
	r, p, err := k.load(ctx, in.ID, true)
	if err != nil {
		return nil, err
	}
	if bodyID := in.Body.revision().ID; bodyID != 0 && bodyID != in.ID {
		return nil, apperror.Field("id", "The id does not match the address.")
	}
	return k.saved(k.update(ctx, p, r, in.Body))
}

// deleteOne is the delete operation: it removes a link the caller may change.
func (k linkKind[R, V, F, B, Q, S, C, U]) deleteOne(ctx context.Context, in *idPath) (*struct{}, error) {
	if _, _, err := k.load(ctx, in.ID, true); err != nil {
		return nil, err
	}
	return &struct{}{}, k.remove(ctx, in.ID)
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

// gridQuery is the query of a kind's grid: its paging and sort, and its filters.
type gridQuery[F any] interface {
	page() Page
	filter() F
}

// RecordID is the path of the lists of one record's (a department's, an entity's, a user's)
// links.
type RecordID struct {
	ID int64 `path:"id" minimum:"1"`
}

// sortParam is a kind's sort parameter: a string type whose schema lists what its lists sort by
// (sortSchema), so one listParams serves every kind with its own enum in the API document.
type sortParam interface {
	~string
	huma.SchemaProvider
}

// sortSchema is the schema of a sort parameter over keys: each ascending, each descending
// ("-key"), and blank for the default.
func sortSchema(keys ...string) *huma.Schema {
	enum := make([]any, 0, 2*len(keys)+1)
	for _, k := range keys {
		enum = append(enum, k, "-"+k)
	}
	return &huma.Schema{Type: huma.TypeString, Enum: append(enum, "")}
}

// ListParams are the paging and sort query parameters of a kind's lists.
type ListParams[S sortParam] struct {
	paging.Params
	Sort S `query:"sort" default:"id"`
}

func (p ListParams[S]) page() Page {
	return Page{Sort: string(p.Sort), Offset: p.Offset(), Limit: p.Limit()}
}

// linksOf is the input of the lists of one record's and one user's links.
type linksOf[S sortParam] struct {
	RecordID
	ListParams[S]
}

// page reads and shows one page of the links of f within sc.
func (k linkKind[R, V, F, B, Q, S, C, U]) page(ctx context.Context, f F, sc Scope, p Page) (*output[B], error) {
	rows, total, err := k.read(ctx, f, sc, p)
	if err != nil {
		return nil, err
	}
	out := listPage[V]{Items: make([]V, 0, len(rows)), Total: total}
	for _, r := range rows {
		out.Items = append(out.Items, k.view(r))
	}
	return &output[B]{Body: B(out)}, nil
}

// grid is the list operation: the links of the query's filter that the caller may see.
func (k linkKind[R, V, F, B, Q, S, C, U]) grid(ctx context.Context, in *Q) (*output[B], error) {
	c, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return k.page(ctx, (*in).filter(), k.by.scope(c), (*in).page())
}

// byRecord lists every link of one record to those who may see the record.
func (k linkKind[R, V, F, B, Q, S, C, U]) byRecord(ctx context.Context, in *linksOf[S]) (*output[B], error) {
	id := in.ID
	if _, err := k.by.requireViewer(ctx, id); err != nil {
		return nil, err
	}
	return k.page(ctx, k.ofRecord(id), everything, in.page())
}

// byUser lists the links of one user: all of them to the user themself, else those the caller
// sees in the grid.
func (k linkKind[R, V, F, B, Q, S, C, U]) byUser(ctx context.Context, in *linksOf[S]) (*output[B], error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	id := in.ID
	return k.page(ctx, k.ofUser(id), byUserScope(p, id, k.by.scope), in.page())
}

// scopeOf is the scope of a grid over the records visible gives a caller: their links, and
// always the caller's own.
func scopeOf(visible func(*auth.Principal) database.Visibility) func(*auth.Principal) Scope {
	return func(p *auth.Principal) Scope { return Scope{Visible: visible(p), Self: p.UserID} }
}

// byUserScope is the scope of a by-user list: the caller's own links all, else scope.
func byUserScope(p *auth.Principal, userID int64, scope func(*auth.Principal) Scope) Scope {
	if userID == p.UserID {
		return everything
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

// userLinkAPI is how a kind of link between a user and a record (a department, an entity)
// appears in the API: its paths, tag and operation ids from title ("User-Department"), and the
// summaries all such kinds share, worded for the record; create and update say what the kind's
// own bodies do.
func userLinkAPI(title, record, aRecord, records, create, update string) kindAPI {
	lower := strings.ToLower(title)
	return kindAPI{base: "/associations/" + lower + "-refs", tag: title + " links",
		name: strings.ReplaceAll(title, "-", ""), record: record,
		list:     "All " + title + " connections the caller may see, one page at a time",
		create:   create,
		get:      "One " + lower + " link",
		update:   update,
		remove:   "Remove a " + lower + " link",
		byRecord: "The users connected to " + aRecord,
		byUser:   "The " + records + " a user is connected to (all of them for the user themself)"}
}

// The rights every kind of user link grants besides its own first one (to hire, to be an
// external resource) are to manage the record and to select from it. Each kind's grid query
// and bodies embed these types, so that a kind declares only what is its own; they are
// exported because huma reads the fields of exported embedded structs only.
type (
	// ManageSelectFilter keeps the links that grant (true) or withhold (false) those rights.
	ManageSelectFilter struct {
		CanManage httpapi.OptionalBool `query:"canManage"`
		CanSelect httpapi.OptionalBool `query:"canSelect"`
	}
	// UserLinkNew is what every new user link names: its user, and those rights to grant.
	UserLinkNew struct {
		UserID    int64 `json:"userId,omitempty"`
		CanManage bool  `json:"canManage,omitempty"`
		CanSelect bool  `json:"canSelect,omitempty"`
	}
	// UserLinkChange is what every update of a user link carries: its revision, and those
	// rights to set (the others are kept).
	UserLinkChange struct {
		Revision
		CanManage *bool `json:"canManage,omitempty"`
		CanSelect *bool `json:"canSelect,omitempty"`
	}
)

// filter is the store's filter of a user link grid: links to records, of users, and by the
// kind's own first right and the shared ones.
func (m ManageSelectFilter) filter(records, users []int64, first httpapi.OptionalBool) UserLinkFilter {
	return UserLinkFilter{RecordIDs: records, UserIDs: users,
		Rights: [3]*bool{first.Value(), m.CanManage.Value(), m.CanSelect.Value()}}
}

// linksOfRecord and linksOfUser filter the links of one record and of one user, for every kind
// of user link.
func linksOfRecord(id int64) UserLinkFilter { return UserLinkFilter{RecordIDs: []int64{id}} }
func linksOfUser(id int64) UserLinkFilter   { return UserLinkFilter{UserIDs: []int64{id}} }
