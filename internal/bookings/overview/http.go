package overview

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/input"
	"github.com/hive/hive/internal/platform/paging"
)

// Register adds the bookings list and a booking's stats.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, bookings: &bookings.Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops, "listBookings", "GET /booking", "Bookings of the departments the caller may see, newest first",
		httpapi.WithUser(h.list))
	httpapi.Op(ops, "bookingStats", "GET /booking/stats/{id}",
		"A booking's placements and instructions counted by colour", httpapi.WithUser(h.stats), 404)
}

type handlers struct {
	store    *Store
	bookings *bookings.Store
}

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *struct {
	DepartmentIDs []int64 `query:"departmentIds"`
	Search        string  `query:"search" maxLength:"200" doc:"Title or reference contains, case-insensitive"`
	paging.Params
}) (*struct{ Body BookingList }, error) {
	f := BookingListFilter{DepartmentIDs: in.DepartmentIDs, Search: input.Text(in.Search),
		Visible: access.VisibleDepartments(p), Offset: in.Offset(), Limit: in.Limit()}
	out, err := h.store.List(ctx, f)
	return &struct{ Body BookingList }{Body: out}, err
}

func (h *handlers) stats(ctx context.Context, p *auth.Principal, in *bookings.IDPath) (*struct{ Body BookingStats }, error) {
	b, err := h.bookings.Booking(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if !access.CanViewDepartment(p, b.DepartmentID) {
		return nil, apperror.NotFound("Booking")
	}
	st, err := h.store.Stats(ctx, in.ID)
	return &struct{ Body BookingStats }{Body: st}, err
}
