package create

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/input"
)

// Register adds POST /booking.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, bookings: &bookings.Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops.Answering(http.StatusCreated), "createBooking", "POST /booking",
		"Create a booking from a job template: one placement per date per placement template",
		httpapi.WithUser(h.create), 403, 404, 422)
}

type handlers struct {
	store    *Store
	bookings *bookings.Store
}

// CreateInput is the createBooking payload.
type CreateInput struct {
	JobTemplateID        int64    `json:"jobTemplateId" minimum:"1"`
	Title                string   `json:"title,omitempty" maxLength:"200" doc:"Defaults to the job template's title"`
	Reference            string   `json:"reference,omitempty" maxLength:"100"`
	IR35                 bool     `json:"ir35,omitempty"`
	Type                 string   `json:"type,omitempty" enum:"default,pre_confirmed" default:"default"`
	Direct               bool     `json:"direct,omitempty"`
	SubstitutionAllowed  bool     `json:"substitutionAllowed,omitempty"`
	PeriodType           string   `json:"periodType,omitempty" enum:"range,custom" default:"custom"`
	Dates                []string `json:"dates" minItems:"1" maxItems:"366" doc:"Local dates YYYY-MM-DD"`
	PlacementTemplateIDs []int64  `json:"placementTemplateIds,omitempty" doc:"Default: every placement template of the job template"`
}

// createRequest is createBooking's request: the payload and an optional Idempotency-Key.
type createRequest struct {
	IdempotencyKey string `header:"Idempotency-Key" maxLength:"200" doc:"Any unique text the client makes once per booking it means to create (a UUID). Sent again with the same booking, it answers with the booking the first request made instead of making another; sent with a different booking, 422."`
	Body           CreateInput
}

func (h *handlers) create(ctx context.Context, p *auth.Principal, in *createRequest) (*struct{ Body bookings.BookingView }, error) {
	b := NewBooking(in.Body)
	jt, err := h.store.JobTemplate(ctx, b.JobTemplateID)
	if err != nil {
		return nil, err
	}
	if _, err := access.RequireDepartmentManager(ctx, jt.DepartmentID); err != nil {
		return nil, err
	}
	if err := normalise(&b, jt); err != nil {
		return nil, err
	}
	id, err := h.store.CreateOnce(ctx, jt, b, p.UserID, input.Text(in.IdempotencyKey))
	if err != nil {
		return nil, err
	}
	v, err := bookings.View(ctx, h.bookings, p, id)
	if err != nil {
		return nil, err
	}
	return &struct{ Body bookings.BookingView }{Body: v}, nil
}
