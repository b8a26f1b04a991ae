package waterfall

import (
	"context"
	"net/http"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// StartWaterfallInput is POST /booking/{id}/waterfall: offer placements in turn. The limits are
// checked by NewWaterfall.check, so their refusals read the same wherever they come from.
type StartWaterfallInput struct {
	PlacementIDs         []int64 `json:"placementIds" maxItems:"400" doc:"The placements every offer covers (one instruction each)"`
	UserIDs              []int64 `json:"userIds" maxItems:"1000" doc:"The freelancers in rank order, first offered first"`
	Places               int     `json:"places" doc:"How many freelancers to fill the placements with"`
	OpenAtOnce           int     `json:"openAtOnce" doc:"How many offers may wait for an answer at once"`
	OfferLifetimeMinutes int     `json:"offerLifetimeMinutes" doc:"How long each offer stays open (15 minutes to 14 days)"`
}

// WaterfallActionInput is PATCH /waterfall/{id}.
type WaterfallActionInput struct {
	Action  string `json:"action" enum:"pause,resume,stop"`
	Version int    `json:"version" minimum:"1" doc:"The version read; a stale one is refused (409)"`
}

// WaterfallOrderInput is PUT /waterfall/{id}/order: the pending candidates in their new order.
type WaterfallOrderInput struct {
	UserIDs []int64 `json:"userIds" maxItems:"1000" doc:"Every candidate still pending, once each, first offered first"`
	Version int     `json:"version" minimum:"1" doc:"The version read; a stale one is refused (409)"`
}

// WaterfallCandidatesInput is POST /waterfall/{id}/candidates: more freelancers, listed after
// the others in the order given.
type WaterfallCandidatesInput struct {
	UserIDs []int64 `json:"userIds" maxItems:"1000" doc:"The freelancers to add, none listed already, first offered first"`
	Version int     `json:"version" minimum:"1" doc:"The version read; a stale one is refused (409)"`
}

// WaterfallList is a booking's waterfalls, newest first.
type WaterfallList struct {
	Items []WaterfallView `json:"items"`
}

// Register adds the offer waterfall's operations: managers of the booking's department
// (administrators included) only, since the ranked list is the client's.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, bookings: &bookings.Store{DB: d.DB}}
	h.register(api)
}

type handlers struct {
	store    *Store
	bookings *bookings.Store
}

func (h *handlers) register(api huma.API) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops.Answering(http.StatusCreated), "startWaterfall", "POST /booking/{id}/waterfall",
		"Offer placements in turn to a ranked list of freelancers", h.startWaterfall, 403, 404, 422)
	httpapi.Op(ops, "listWaterfalls", "GET /booking/{id}/waterfalls",
		"A booking's offer waterfalls with their progress, newest first", h.listWaterfalls, 403, 404)
	httpapi.Op(ops, "controlWaterfall", "PATCH /waterfall/{id}",
		"Pause, resume or stop an offer waterfall (stopping withdraws its open offers)", h.controlWaterfall, 403, 404, 409, 422)
	httpapi.Op(ops, "reorderWaterfall", "PUT /waterfall/{id}/order",
		"Rank an offer waterfall's pending candidates again", h.reorderWaterfall, 403, 404, 409, 422)
	httpapi.Op(ops, "addWaterfallCandidates", "POST /waterfall/{id}/candidates",
		"List more freelancers in an offer waterfall (one that ran out offers again at once)", h.addWaterfallCandidates, 403, 404, 409, 422)
}

func (h *handlers) startWaterfall(ctx context.Context, in *struct {
	bookings.IDPath
	Body StartWaterfallInput
}) (*struct{ Body WaterfallView }, error) {
	b, _, err := bookings.ManagedBooking(ctx, h.bookings, in.ID)
	if err != nil {
		return nil, err
	}
	nw := NewWaterfall(in.Body)
	nw.PlacementIDs = slices.Compact(slices.Sorted(slices.Values(nw.PlacementIDs)))
	id, err := h.store.StartWaterfall(ctx, b, nw)
	if err != nil {
		return nil, err
	}
	return h.waterfallView(ctx, b.ID, id)
}

func (h *handlers) listWaterfalls(ctx context.Context, in *bookings.IDPath) (*struct{ Body WaterfallList }, error) {
	if _, _, err := bookings.ManagedBooking(ctx, h.bookings, in.ID); err != nil {
		return nil, err
	}
	ws, err := h.store.Waterfalls(ctx, in.ID)
	return &struct{ Body WaterfallList }{Body: WaterfallList{Items: ws}}, err
}

func (h *handlers) controlWaterfall(ctx context.Context, in *struct {
	bookings.IDPath
	Body WaterfallActionInput
}) (*struct{ Body WaterfallView }, error) {
	return h.changeWaterfall(ctx, in.ID, func() error {
		return h.store.ControlWaterfall(ctx, in.ID, in.Body.Version, in.Body.Action)
	})
}

func (h *handlers) reorderWaterfall(ctx context.Context, in *struct {
	bookings.IDPath
	Body WaterfallOrderInput
}) (*struct{ Body WaterfallView }, error) {
	return h.changeWaterfall(ctx, in.ID, func() error {
		return h.store.ReorderWaterfall(ctx, in.ID, in.Body.Version, in.Body.UserIDs)
	})
}

func (h *handlers) addWaterfallCandidates(ctx context.Context, in *struct {
	bookings.IDPath
	Body WaterfallCandidatesInput
}) (*struct{ Body WaterfallView }, error) {
	return h.changeWaterfall(ctx, in.ID, func() error {
		return h.store.AddCandidates(ctx, in.ID, in.Body.Version, in.Body.UserIDs)
	})
}

// changeWaterfall makes change to waterfall id for a manager of its booking's department (others
// get what bookings.ManagedBooking answers: 404 when they cannot see the booking) and answers the
// waterfall as it then is.
func (h *handlers) changeWaterfall(ctx context.Context, id int64, change func() error) (*struct{ Body WaterfallView }, error) {
	booking, err := h.store.WaterfallBooking(ctx, id)
	if err != nil {
		return nil, err
	}
	if _, _, err := bookings.ManagedBooking(ctx, h.bookings, booking); err != nil {
		return nil, err
	}
	if err := change(); err != nil {
		return nil, err
	}
	return h.waterfallView(ctx, booking, id)
}

// waterfallView reads waterfall id of booking as written.
func (h *handlers) waterfallView(ctx context.Context, booking, id int64) (*struct{ Body WaterfallView }, error) {
	ws, err := h.store.Waterfalls(ctx, booking)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(ws, func(w WaterfallView) bool { return w.ID == id })
	if i < 0 {
		return nil, apperror.NotFound(waterfallNoun)
	}
	return &struct{ Body WaterfallView }{Body: ws[i]}, nil
}
