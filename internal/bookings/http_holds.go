package bookings

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/auth"
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

func (h *handlers) registerHolds(api huma.API) {
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

func (h *handlers) confirmHold(ctx context.Context, p *auth.Principal, in *IDPath) (*struct{ Body HoldResult }, error) {
	n, err := h.store.ConfirmHold(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body HoldResult }{Body: HoldResult{Days: n}}, nil
}

func (h *handlers) releaseHold(ctx context.Context, p *auth.Principal, in *struct {
	IDPath
	Body *ReleaseHoldBody
}) (*struct{ Body HoldResult }, error) {
	reason := ""
	if in.Body != nil {
		reason = input.Text(in.Body.Reason)
	}
	n, err := h.store.ReleaseHold(ctx, p, in.ID, reason)
	if err != nil {
		return nil, err
	}
	return &struct{ Body HoldResult }{Body: HoldResult{Days: n}}, nil
}

func (h *handlers) challengeHold(ctx context.Context, p *auth.Principal, in *IDPath) (*struct{ Body HoldResult }, error) {
	n, deadline, err := h.store.ChallengeHold(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	d := wireTime(deadline.UTC())
	return &struct{ Body HoldResult }{Body: HoldResult{Days: n, Deadline: &d}}, nil
}
