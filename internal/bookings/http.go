package bookings

import (
	"context"
	"slices"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Register adds the operations that read a booking, grant its placements and change its
// instructions' statuses.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	h.register(api)
}

type handlers struct{ store *Store }

// ManagedBooking reads booking id for a signed-in manager of its department, who is returned
// too; 404 for a booking the caller cannot see, 403 for one they may only view. The handlers of
// every booking's sub-feature decide with it.
func ManagedBooking(ctx context.Context, store *Store, id int64) (BookingRow, *auth.Principal, error) {
	b, err := store.Booking(ctx, id)
	if err != nil {
		return b, nil, err
	}
	p, err := access.RequireDepartmentManager(ctx, b.DepartmentID)
	return b, p, err
}

// StatusItem is one item of PATCH /instruction/status: exactly one of the two statuses.
type StatusItem struct {
	ID                 int64  `json:"id" minimum:"1"`
	Version            int    `json:"version,omitempty" doc:"The version read; a stale one is refused (409)"`
	SupplierStatus     string `json:"supplierStatus,omitempty" enum:"accepted,rejected,cancelled,"`
	ClientStatus       string `json:"clientStatus,omitempty" enum:"accepted,rejected,cancelled,"`
	CancellationReason string `json:"cancellationReason,omitempty" maxLength:"500" text:"multiline"`
}

// IDPath is a record id in the path.
type IDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// GrantBody is the grant payload: one freelancer (userId) or several (userIds).
type GrantBody struct {
	UserID       int64      `json:"userId,omitempty"`
	UserIDs      []int64    `json:"userIds,omitempty" maxItems:"200"`
	PlacementIDs []int64    `json:"placementIds" minItems:"1" maxItems:"400"`
	AnswerBy     *time.Time `json:"answerBy,omitempty" doc:"When the freelancer must have answered by (RFC 3339): in the future, not after any placement's start. Unanswered then, the offer is cancelled with the reason 'Offer expired'; the freelancer is reminded before."`
	Kind         string     `json:"kind,omitempty" enum:"offer,hold" doc:"offer (the default): a yes-or-no instruction; hold: a pencil, ranked after the freelancer's holds placed before it"`
}

// StatusResult reports how many instructions a status change updated.
type StatusResult struct {
	Updated int `json:"updated"`
}

func (h *handlers) register(api huma.API) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops, "getBooking", "GET /booking/{id}",
		"One booking with its placements and instructions (a freelancer sees their own)", httpapi.WithUser(h.get), 404)
	httpapi.Op(ops, "grantPlacements", "POST /placement/{id}/grant",
		"Instruct freelancers into placements of one booking", h.grant, 403, 404, 422)
	httpapi.Op(ops, "updateInstructionStatus", "PATCH /instruction/status",
		"Accept, reject or cancel instructions (all or none)", httpapi.WithUser(h.setStatus), 403, 404, 409, 422)
}

func (h *handlers) get(ctx context.Context, p *auth.Principal, in *IDPath) (*struct{ Body BookingView }, error) {
	return h.view(ctx, p, in.ID)
}

// view assembles the booking as p may see it: department viewers see every instruction, a
// freelancer holding an instruction sees the booking with only their own; others get 404.
func (h *handlers) view(ctx context.Context, p *auth.Principal, id int64) (*struct{ Body BookingView }, error) {
	v, err := View(ctx, h.store, p, id)
	if err != nil {
		return nil, err
	}
	return &struct{ Body BookingView }{Body: v}, nil
}

// View is booking id as p may see it (view above); a sub-feature's operation that changes a
// booking answers with it.
func View(ctx context.Context, store *Store, p *auth.Principal, id int64) (BookingView, error) {
	d, err := store.Detail(ctx, id)
	if err != nil {
		return BookingView{}, err
	}
	if d, err = d.SeenBy(p); err != nil {
		return BookingView{}, err
	}
	return assemble(d.Booking, d.Placements, d.Instructions, d.Modified, p, store.DB.Now()), nil
}

func (h *handlers) grant(ctx context.Context, in *struct {
	IDPath
	Body GrantBody
}) (*struct{ Body GrantResult }, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	users := slices.Clone(in.Body.UserIDs)
	if in.Body.UserID != 0 {
		users = append(users, in.Body.UserID)
	}
	slices.Sort(users)
	users = slices.Compact(users)
	if len(users) == 0 {
		return nil, apperror.Field("userIds", "Choose at least one freelancer")
	}
	bookingID, err := h.store.BookingOfPlacement(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	b, _, err := ManagedBooking(ctx, h.store, bookingID)
	if err != nil {
		return nil, err
	}
	placements := slices.Clone(in.Body.PlacementIDs)
	slices.Sort(placements)
	res, err := h.store.GrantWith(ctx, b, GrantRequest{PlacementIDs: slices.Compact(placements), UserIDs: users,
		AnswerBy: in.Body.AnswerBy, Kind: in.Body.Kind})
	if err != nil {
		return nil, err
	}
	return &struct{ Body GrantResult }{Body: res}, nil
}

func (h *handlers) setStatus(ctx context.Context, p *auth.Principal, in *struct {
	Body []StatusItem `minItems:"1" maxItems:"500"`
}) (*struct{ Body StatusResult }, error) {
	changes := make([]StatusChange, len(in.Body))
	for i, it := range in.Body {
		changes[i] = StatusChange(it)
	}
	n, err := h.store.SetStatuses(ctx, p, changes)
	if err != nil {
		return nil, err
	}
	return &struct{ Body StatusResult }{Body: StatusResult{Updated: n}}, nil
}

// SeenBy is d as p may see it (access.CanSeeBooking): whole for a viewer of its department;
// with only p's own instructions for a freelancer holding one in it; 404 for anyone else.
func (d Detail) SeenBy(p *auth.Principal) (Detail, error) {
	if !access.SeesWholeBooking(p, d.Booking.DepartmentID) {
		d.Instructions = slices.DeleteFunc(d.Instructions, func(r InstructionRow) bool { return r.UserID != p.UserID })
	}
	if !access.CanSeeBooking(p, d.Booking.DepartmentID, len(d.Instructions) > 0) {
		return Detail{}, apperror.NotFound("Booking")
	}
	return d, nil
}
