package holds

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/input"
)

// HoldResult reports a hold operation: how many days of the hold it changed, and a
// challenge's deadline.
type HoldResult struct {
	Days     int     `json:"days" doc:"Days (instructions) of the hold confirmed, released or challenged"`
	Deadline *string `json:"deadline,omitempty" doc:"A challenge's deadline: the higher holds are released then unless confirmed or released before"`
}

// ReleaseHoldBody optionally says why.
type ReleaseHoldBody struct {
	Reason string `json:"reason,omitempty" maxLength:"500" doc:"Default: Hold released"`
}

// Register adds the hold operations.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	h.register(api)
}

type handlers struct{ store *Store }

func (h *handlers) register(api huma.API) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	errs := []int{403, 404, 409, 422}
	httpapi.Op(ops, "confirmHold", "POST /instruction/{id}/hold/confirm",
		"Confirm a first hold into a booked instruction (every day of the freelancer's hold in the booking)",
		httpapi.WithUser(h.confirmHold), errs...)
	httpapi.Op(ops, "releaseHold", "POST /instruction/{id}/hold/release",
		"Release a hold (every day of the freelancer's hold in the booking); the holds below move up",
		httpapi.WithUser(h.releaseHold), errs...)
	httpapi.Op(ops, "challengeHold", "POST /instruction/{id}/hold/challenge",
		"Challenge the holds above this one: they are released at the deadline unless confirmed or released",
		httpapi.WithUser(h.challengeHold), errs...)
}

// actor decides who p is for instruction id (bookings.ActorFor): its freelancer or a manager of
// its department; 404 for an instruction p may not see, 403 for a viewer.
func (h *handlers) actor(ctx context.Context, p *auth.Principal, id int64) (status.Actor, error) {
	t, err := bookings.StatusTarget(ctx, h.store.DB, id)
	if err != nil {
		return "", err
	}
	return bookings.ActorFor(p, t)
}

func (h *handlers) confirmHold(ctx context.Context, p *auth.Principal, in *bookings.IDPath) (*struct{ Body HoldResult }, error) {
	if _, err := h.actor(ctx, p, in.ID); err != nil {
		return nil, err
	}
	n, err := h.store.ConfirmHold(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body HoldResult }{Body: HoldResult{Days: n}}, nil
}

func (h *handlers) releaseHold(ctx context.Context, p *auth.Principal, in *struct {
	bookings.IDPath
	Body *ReleaseHoldBody
}) (*struct{ Body HoldResult }, error) {
	actor, err := h.actor(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	reason := ""
	if in.Body != nil {
		reason = input.Text(in.Body.Reason)
	}
	n, err := h.store.ReleaseHold(ctx, actor, in.ID, reason)
	if err != nil {
		return nil, err
	}
	return &struct{ Body HoldResult }{Body: HoldResult{Days: n}}, nil
}

func (h *handlers) challengeHold(ctx context.Context, p *auth.Principal, in *bookings.IDPath) (*struct{ Body HoldResult }, error) {
	actor, err := h.actor(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	n, deadline, err := h.store.ChallengeHold(ctx, actor, in.ID)
	if err != nil {
		return nil, err
	}
	d := bookings.WireTime(deadline.UTC())
	return &struct{ Body HoldResult }{Body: HoldResult{Days: n, Deadline: &d}}, nil
}
