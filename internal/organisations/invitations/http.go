package invitations

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/paging"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// TokenLookupPerAddress limits the public look-ups of invitation links per client address.
var TokenLookupPerAddress = ratelimit.Rule{Limit: 20, Window: 5 * time.Minute}

type handlers struct {
	store    *Store
	wakeMail func()
}

// Register adds the invitation operations and the sign-up operations that consume them.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB, BaseURL: d.Config.BaseURL}, wakeMail: d.WakeMail}
	signed := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Invitation"}
	public := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "Invitation"}
	httpapi.Op(signed, "listInvitations", "GET /invitation",
		"Invitations the caller may see: of the entities they view, and their own", httpapi.WithUser(h.list), 422)
	httpapi.Op(signed.Answering(http.StatusCreated), "createInvitation", "POST /invitation",
		"Invite someone by email to join an entity (its managers); mails a link", h.create, 403, 404, 409, 422)
	httpapi.Op(signed, "getInvitation", "GET /invitation/{id}",
		"One invitation (the invited user, viewers of its entity)", httpapi.WithUser(h.get), 404)
	httpapi.Op(signed, "updateInvitation", "PATCH /invitation/{id}",
		"Accept or reject an invitation (the invited user only)", httpapi.WithUser(h.update), 403, 404, 409, 422)
	httpapi.Op(signed, "listInvitationsByUser", "GET /invitation/by-user/{id}",
		"Invitations bound to a user (the user themself or administrators)", h.byUser, 403, 404, 422)
	httpapi.Op(signed, "listInvitationsByEntity", "GET /invitation/by-entity/{id}",
		"Invitations to an entity (its viewers)", h.byEntity, 404, 422)
	httpapi.Op(public, "getInvitationByToken", "GET /invitation/token/{token}",
		"What a sign-up page shows about its invitation link", h.byToken, 404, 503)

	signUp := &accounts.HTTP{Service: &accounts.Service{Store: &accounts.Store{DB: d.DB, Limits: accounts.SessionLimitsOf(d.Config)},
		BaseURL: d.Config.BaseURL, WakeMail: d.WakeMail, PendingInvitations: PendingHook(d.DB)},
		BuildID: d.Config.BuildID, SecureCookies: d.Config.SecureCookies}
	signUp.RegisterSignUp(api, Claimer{})
}

// IDPath is the id in an operation's path.
type IDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// ListQuery is the paging, sorting and filters of the invitation lists.
type ListQuery struct {
	paging.Params
	Sort    string `query:"sort" maxLength:"40" doc:"createdAt, email, status, purpose or entityName; prefix - for descending; default -createdAt"`
	Status  string `query:"status" enum:"pending,accepted,rejected," default:""`
	Purpose string `query:"purpose" enum:"freelancer,staff,other," default:""`
	Email   string `query:"email" maxLength:"320" doc:"Address contains (case-insensitive)"`
}

func (q ListQuery) filter() (Filter, error) {
	if !ValidSort(q.Sort) {
		return Filter{}, &apperror.Error{Kind: apperror.KindInvalid, Code: apperror.CodeValidation,
			Message: "Unknown sort field", Fields: []apperror.FieldError{{Loc: []string{"query", "sort"},
				Msg: "Sort by one of " + SortFields, Type: "value_error"}}}
	}
	return Filter{Status: q.Status, Purpose: q.Purpose, Email: q.Email, Sort: q.Sort,
		Offset: q.Offset(), Limit: q.Limit()}, nil
}

type pageOutput struct {
	Body InvitationPage
}

type invitationOutput struct {
	Body Invitation
}

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *ListQuery) (*pageOutput, error) {
	return h.page(ctx, *in, func(f *Filter) {
		visible := access.VisibleEntities(p)
		f.AllVisible = visible.All
		if !visible.All {
			f.EntityIDs, f.UserID = visible.IDs, p.UserID
		}
	})
}

func (h *handlers) byEntity(ctx context.Context, in *struct {
	IDPath
	ListQuery
}) (*pageOutput, error) {
	if _, err := access.RequireEntityViewer(ctx, in.ID); err != nil {
		return nil, err
	}
	return h.page(ctx, in.ListQuery, func(f *Filter) { f.AllVisible, f.EntityID = true, in.ID })
}

func (h *handlers) byUser(ctx context.Context, in *struct {
	IDPath
	ListQuery
}) (*pageOutput, error) {
	if _, err := auth.RequireSelfOr(ctx, in.ID, auth.NeedAdmin); err != nil {
		return nil, err
	}
	return h.page(ctx, in.ListQuery, func(f *Filter) { f.AllVisible, f.UserID = true, in.ID })
}

// page is one page of the invitations q selects within the scope an operation sets (whose
// invitations the caller may list), once the caller has passed its permission check.
func (h *handlers) page(ctx context.Context, q ListQuery, scope func(*Filter)) (*pageOutput, error) {
	f, err := q.filter()
	if err != nil {
		return nil, err
	}
	scope(&f)
	page, err := h.store.List(ctx, f)
	return &pageOutput{Body: page}, err
}

// visible loads invitation id for p: the invited user, viewers of its entity and
// administrators see it; anyone else gets 404.
func (h *handlers) visible(ctx context.Context, p *auth.Principal, id int64) (row, error) {
	r, err := h.store.readRow(ctx, id)
	if err != nil {
		return r, err
	}
	if !r.addressee(p.UserID) && !access.CanViewEntity(p, r.EntityID) && !p.Has(auth.NeedAdmin) {
		return r, apperror.NotFound("Invitation")
	}
	return r, nil
}

func (h *handlers) get(ctx context.Context, p *auth.Principal, in *IDPath) (*invitationOutput, error) {
	r, err := h.visible(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	return &invitationOutput{Body: r.invitation()}, nil
}

func (h *handlers) create(ctx context.Context, in *struct {
	Body struct {
		EntityID int64  `json:"entityId,omitempty" required:"false" doc:"The entity the person is invited to"`
		Email    string `json:"email,omitempty" maxLength:"320" required:"false"`
		Purpose  string `json:"purpose,omitempty" enum:"freelancer,staff,other" required:"false" doc:"Default freelancer"`
		Message  string `json:"message,omitempty" maxLength:"2000" required:"false" doc:"Plain text, at most 1000 characters (longer bodies are refused before reading)" text:"multiline"`
	}
}) (*invitationOutput, error) {
	n := NewInvitation{EntityID: in.Body.EntityID, Email: in.Body.Email, Purpose: in.Body.Purpose, Message: in.Body.Message}
	var p *auth.Principal
	var err error
	if n.EntityID > 0 {
		p, err = access.RequireEntityManager(ctx, n.EntityID)
	} else {
		p, err = auth.RequireUser(ctx) // validation reports the missing entity
	}
	if err != nil {
		return nil, err
	}
	if n.EntityID > 0 {
		if err := h.store.CountInvite(ctx, p.UserID, n.EntityID); err != nil {
			return nil, err
		}
	}
	inv, err := h.store.Create(ctx, n, p.UserID, p.FullName())
	if err != nil {
		return nil, err
	}
	if h.wakeMail != nil {
		h.wakeMail()
	}
	return &invitationOutput{Body: inv}, nil
}

func (h *handlers) update(ctx context.Context, p *auth.Principal, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Status  string `json:"status" enum:"accepted,rejected"`
		Version int    `json:"version" minimum:"1"`
	}
}) (*invitationOutput, error) {
	if _, err := h.visible(ctx, p, in.ID); err != nil {
		return nil, err
	}
	inv, err := h.store.Answer(ctx, in.ID, p.UserID, in.Body.Status, in.Body.Version)
	if err != nil {
		return nil, err
	}
	return &invitationOutput{Body: inv}, nil
}

func (h *handlers) byToken(ctx context.Context, in *struct {
	Token string `path:"token" maxLength:"200"`
}) (*struct{ Body InvitationTokenInfo }, error) {
	if err := h.store.CountTokenLookup(ctx, httpapi.ClientAddr(ctx)); err != nil {
		return nil, err
	}
	info, err := h.store.ByToken(ctx, in.Token)
	if err != nil {
		return nil, err
	}
	return &struct{ Body InvitationTokenInfo }{Body: info}, nil
}
