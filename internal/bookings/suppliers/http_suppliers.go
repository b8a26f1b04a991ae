package suppliers

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// AvailableSuppliersInput is the request: booking, placement template and optional selection.
type AvailableSuppliersInput struct {
	ID                  int64   `path:"id" minimum:"1"`
	PlacementTemplateID int64   `path:"placementTemplateId" minimum:"1"`
	PlacementIDs        []int64 `query:"placementIds,explode" maxItems:"400" doc:"Default: every live placement of the booking with this placement template"`
}

// Register adds the available-suppliers operation.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, bookings: &bookings.Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops, "availableSuppliers", "GET /booking/{id}/placement-template/{placementTemplateId}/available-suppliers",
		"The department's hireable users ranked by availability for placements of one placement template",
		h.availableSuppliers, 403, 404, 422)
}

// handlers serve the operation: the core bookings store reads the booking the caller must manage.
type handlers struct {
	store    *Store
	bookings *bookings.Store
}

func (h *handlers) availableSuppliers(ctx context.Context, in *AvailableSuppliersInput) (*struct{ Body AvailableSuppliersList }, error) {
	b, err := h.bookings.Booking(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	p, err := access.RequireDepartmentManager(ctx, b.DepartmentID)
	if err != nil {
		return nil, err
	}
	list, err := h.store.AvailableSuppliers(ctx, access.BookingReaderOf(p),
		Booking{ID: b.ID, DepartmentID: b.DepartmentID, JobTemplateID: b.JobTemplateID}, in.PlacementTemplateID, in.PlacementIDs)
	if err != nil {
		return nil, err
	}
	return &struct{ Body AvailableSuppliersList }{Body: list}, nil
}
