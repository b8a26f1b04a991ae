package amend

import (
	"context"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Register adds the booking update, the placement amendment and cancellation, the rate
// amendment and the working-time override.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, bookings: &bookings.Store{DB: d.DB}}
	h.register(api)
	h.registerOverride(api)
}

type handlers struct {
	store    *Store
	bookings *bookings.Store
}

// UpdateBookingInput is PATCH /booking/{id}: what may change after creation. The booking's type
// and job template may not (spec part 2 §2), so they are not here.
type UpdateBookingInput struct {
	Version             int     `json:"version" minimum:"1" doc:"The version read; a stale one is refused (409)"`
	Title               *string `json:"title,omitempty" maxLength:"200"`
	Reference           *string `json:"reference,omitempty" maxLength:"100"`
	IR35                *bool   `json:"ir35,omitempty"`
	SubstitutionAllowed *bool   `json:"substitutionAllowed,omitempty"`
}

// RateAmendmentInput is PATCH /instruction/rate: new rates for instructions. Only
// administrators may send a buy rate.
type RateAmendmentInput struct {
	IDs      []int64        `json:"ids" minItems:"1" maxItems:"500"`
	BuyRate  *bookings.Rate `json:"buyRate,omitempty"`
	SellRate *bookings.Rate `json:"sellRate,omitempty"`
}

// PlacementAmendment is one item of PATCH /placements (spec part 2 §2 "Placement amend").
type PlacementAmendment struct {
	ID            int64  `json:"id" minimum:"1"`
	Revision      int    `json:"revision,omitempty" doc:"The placement's revision read; a stale one is refused (409)"`
	Title         string `json:"title" minLength:"1" maxLength:"200"`
	StartTime     string `json:"startTime" pattern:"^([01][0-9]|2[0-3]):[0-5][0-9](:00)?$" doc:"HH:mm or HH:mm:00, local time"`
	EndTime       string `json:"endTime" pattern:"^([01][0-9]|2[0-3]):[0-5][0-9](:00)?$" doc:"HH:mm or HH:mm:00, local time"`
	SupplierNotes string `json:"supplierNotes" maxLength:"2000" text:"multiline"`
	UnpaidBreaks  int    `json:"unpaidBreaks" minimum:"0" maximum:"1440" doc:"Minutes"`
}

// CancelPlacementsInput is the body of DELETE /placements.
type CancelPlacementsInput struct {
	IDs                []int64 `json:"ids" minItems:"1" maxItems:"500"`
	CancellationReason string  `json:"cancellationReason" minLength:"1" maxLength:"500" text:"multiline"`
}

// PlacementsResult reports how many placements a change touched.
type PlacementsResult struct {
	Updated int `json:"updated"`
}

// register adds the update and the amend and cancel operations.
func (h *handlers) register(api huma.API) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops, "updateBooking", "PATCH /booking/{id}",
		"Change a booking's title, reference, IR35 and substitution flags", h.update, 403, 404, 409, 422)
	httpapi.Op(ops, "amendPlacements", "PATCH /placements",
		"Amend placements' title, times, notes and unpaid breaks (all or none)", h.amendPlacements, 403, 404, 409, 422)
	httpapi.Op(ops, "cancelPlacements", "DELETE /placements",
		"Cancel placements with a reason; their instructions are cancelled", h.cancelPlacements, 403, 404, 422)
	httpapi.Op(ops, "amendInstructionRates", "PATCH /instruction/rate",
		"Set instructions' sell rate, and buy rate (administrators only)",
		httpapi.WithUser(h.amendRates), 403, 404, 409, 422)
}

func (h *handlers) update(ctx context.Context, in *struct {
	bookings.IDPath
	Body UpdateBookingInput
}) (*struct{ Body bookings.BookingView }, error) {
	_, p, err := bookings.ManagedBooking(ctx, h.bookings, in.ID)
	if err != nil {
		return nil, err
	}
	if err := h.store.UpdateBooking(ctx, in.ID, BookingChange(in.Body)); err != nil {
		return nil, err
	}
	v, err := bookings.View(ctx, h.bookings, p, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body bookings.BookingView }{Body: v}, nil
}

// requireManagerOf checks the caller manages every department of departments (a map of record
// id to department id), each department once.
func requireManagerOf(ctx context.Context, departments map[int64]int64) error {
	seen := []int64{}
	for _, d := range departments {
		if slices.Contains(seen, d) {
			continue
		}
		seen = append(seen, d)
		if _, err := access.RequireDepartmentManager(ctx, d); err != nil {
			return err
		}
	}
	return nil
}

func (h *handlers) amendPlacements(ctx context.Context, in *struct {
	Body []PlacementAmendment `minItems:"1" maxItems:"500"`
}) (*struct{ Body PlacementsResult }, error) {
	ids := make([]int64, 0, len(in.Body))
	changes := make([]PlacementChange, 0, len(in.Body))
	for _, it := range in.Body {
		ids, changes = append(ids, it.ID), append(changes, PlacementChange(it))
	}
	if err := h.requirePlacementsManager(ctx, ids); err != nil {
		return nil, err
	}
	n, err := h.store.AmendPlacements(ctx, changes)
	return &struct{ Body PlacementsResult }{Body: PlacementsResult{Updated: n}}, err
}

func (h *handlers) cancelPlacements(ctx context.Context, in *struct{ Body CancelPlacementsInput }) (*struct{ Body PlacementsResult }, error) {
	if err := h.requirePlacementsManager(ctx, in.Body.IDs); err != nil {
		return nil, err
	}
	n, err := h.store.CancelPlacements(ctx, in.Body.IDs, in.Body.CancellationReason)
	return &struct{ Body PlacementsResult }{Body: PlacementsResult{Updated: n}}, err
}

func (h *handlers) requirePlacementsManager(ctx context.Context, ids []int64) error {
	if _, err := auth.RequireUser(ctx); err != nil {
		return err
	}
	departments, err := h.store.PlacementDepartments(ctx, ids)
	if err != nil {
		return err
	}
	return requireManagerOf(ctx, departments)
}

func (h *handlers) amendRates(ctx context.Context, p *auth.Principal, in *struct{ Body RateAmendmentInput }) (*struct{ Body bookings.StatusResult }, error) {
	buy, sell := in.Body.BuyRate, in.Body.SellRate
	if buy == nil && sell == nil {
		return nil, apperror.Field("sellRate", "Give a sell rate or a buy rate")
	}
	if err := bookings.CheckGivenRates(p, buy, sell); err != nil {
		return nil, err
	}
	departments, err := h.store.InstructionDepartments(ctx, in.Body.IDs)
	if err != nil {
		return nil, err
	}
	if err := requireManagerOf(ctx, departments); err != nil {
		return nil, err
	}
	n, err := h.store.AmendRates(ctx, slices.Compact(slices.Sorted(slices.Values(in.Body.IDs))), buy, sell)
	return &struct{ Body bookings.StatusResult }{Body: bookings.StatusResult{Updated: n}}, err
}
