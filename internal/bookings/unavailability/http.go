package unavailability

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// DatesBody marks or clears dates of the caller (or, for administrators, of userId).
type DatesBody struct {
	Dates  []string `json:"dates" minItems:"1" maxItems:"366" doc:"Local dates YYYY-MM-DD"`
	UserID int64    `json:"userId,omitempty" doc:"Administrators only: whose dates"`
}

// IDPath is a user id in the path.
type IDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// Register adds the unavailability operations.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Unavailability"}
	httpapi.Op(ops, "markUnavailable", "POST /unavailability", "Mark dates unavailable (the caller's own)", h.mark, 403, 422)
	httpapi.Op(ops, "clearUnavailable", "DELETE /unavailability", "Mark dates available again", h.clear, 403, 422)
	httpapi.Op(ops, "unavailabilityByUserIds", "GET /unavailability/by-user-ids",
		"Unavailable dates of several users in a date range", httpapi.WithUser(h.byUsers), 422)
	httpapi.Op(ops, "getUnavailability", "GET /unavailability/{id}",
		"One user's unavailable dates (the id is the user's)", httpapi.WithUser(h.get), 404)
}

type handlers struct{ store *Store }

// target is whose dates a write changes: the caller's, or for administrators any user's.
func target(ctx context.Context, b DatesBody) (int64, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return 0, err
	}
	if b.UserID == 0 || b.UserID == p.UserID {
		return p.UserID, nil
	}
	if !p.Has(auth.NeedAdmin) {
		return 0, apperror.Forbidden()
	}
	return b.UserID, nil
}

func (h *handlers) mark(ctx context.Context, in *struct{ Body DatesBody }) (*struct{ Body Unavailability }, error) {
	return h.write(ctx, in.Body, true)
}

func (h *handlers) clear(ctx context.Context, in *struct{ Body DatesBody }) (*struct{ Body Unavailability }, error) {
	return h.write(ctx, in.Body, false)
}

// write marks (or clears) the dates of the caller (or, for administrators, of the body's user)
// and answers that user's dates.
func (h *handlers) write(ctx context.Context, b DatesBody, mark bool) (*struct{ Body Unavailability }, error) {
	user, err := target(ctx, b)
	if err != nil {
		return nil, err
	}
	dates, err := checkDates(b.Dates)
	if err != nil {
		return nil, err
	}
	err = h.store.Set(ctx, user, dates, mark)
	if err != nil {
		return nil, err
	}
	u, err := h.store.Of(ctx, user)
	return &struct{ Body Unavailability }{Body: u}, err
}

func (h *handlers) get(ctx context.Context, p *auth.Principal, in *IDPath) (*struct{ Body Unavailability }, error) {
	visible, err := h.store.Visible(ctx, ReaderOf(p), []int64{in.ID})
	if err != nil {
		return nil, err
	}
	if len(visible) == 0 {
		return nil, apperror.NotFound("User")
	}
	u, err := h.store.Of(ctx, in.ID)
	return &struct{ Body Unavailability }{Body: u}, err
}

func (h *handlers) byUsers(ctx context.Context, p *auth.Principal, in *struct {
	UserIDs   []int64 `query:"userIds,explode" maxItems:"500"`
	StartDate string  `query:"startDate" doc:"YYYY-MM-DD, inclusive"`
	EndDate   string  `query:"endDate" doc:"YYYY-MM-DD, inclusive"`
}) (*struct{ Body []Unavailability }, error) {
	if _, err := checkDates(append(nonEmpty(in.StartDate), nonEmpty(in.EndDate)...)); err != nil {
		return nil, err
	}
	ids, err := h.store.Visible(ctx, ReaderOf(p), in.UserIDs)
	if err != nil {
		return nil, err
	}
	out, err := h.store.Range(ctx, ids, in.StartDate, in.EndDate)
	return &struct{ Body []Unavailability }{Body: out}, err
}
