package scheduler

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Register adds the booking summary and the bookmark operations.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	tags := []string{"Scheduler"}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "bookingSummary", Method: http.MethodGet,
		Path: "/booking/summary", Summary: "Placement groups per day of a range, or (grouped=false) the grid's instruction rows",
		Tags: tags, Errors: []int{422}}, httpapi.WithUser(h.summary))
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "listBookingBookmarks", Method: http.MethodGet,
		Path: "/booking/bookmark", Summary: "The caller's saved filter sets", Tags: tags, Errors: []int{403}}, h.bookmarks)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "getBookingBookmark", Method: http.MethodGet,
		Path: "/booking/bookmark/{id}", Summary: "One of the caller's saved filter sets", Tags: tags,
		Errors: []int{403, 404}}, h.bookmark)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "createBookingBookmark", Method: http.MethodPost,
		Path: "/booking/bookmark", Summary: "Save the filter set with a description", Tags: tags,
		DefaultStatus: http.StatusCreated, Errors: []int{403, 422}}, h.createBookmark)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "deleteBookingBookmark", Method: http.MethodDelete,
		Path: "/booking/{id}/bookmark", Summary: "Delete one of the caller's saved filter sets (the id is the bookmark's)",
		Tags: tags, DefaultStatus: http.StatusNoContent, Errors: []int{403, 404}}, h.deleteBookmark)
}

type handlers struct{ store *Store }

// BookingSummaryParams is the query of GET /booking/summary (arrays as repeated keys).
type BookingSummaryParams struct {
	DepartmentIDs     []int64  `query:"departmentIds,explode" maxItems:"500"`
	ClientIDs         []int64  `query:"clientIds,explode" maxItems:"500"`
	UserIDs           []int64  `query:"userIds,explode" maxItems:"500"`
	PlacementStatuses []string `query:"placementStatuses,explode" maxItems:"5" enum:"red,orange,purple,green,gray" doc:"Group colours (grouped) or instruction colours (grid)"`
	JobTemplateIDs    []int64  `query:"jobTemplateIds,explode" maxItems:"500"`
	StartDate         string   `query:"startDate" doc:"Local date YYYY-MM-DD, inclusive. Required, but the grid (grouped=false) may leave out both dates: its rows are then every date's, the recent changes"`
	EndDate           string   `query:"endDate" doc:"Local date YYYY-MM-DD, inclusive; at most 62 days after startDate"`
	Grouped           bool     `query:"grouped" default:"true" doc:"false: the grid page's instruction rows, paged"`
	IncludeDeleted    bool     `query:"includeDeleted" doc:"Include cancelled placements"`
	OverviewOnly      bool     `query:"overviewOnly" doc:"Colours and counts only, without the instruction lists"`
	GroupsPerDay      int      `query:"groupsPerDay" minimum:"0" doc:"grouped: list at most this many groups a day, the first in order (a month cell shows a few); 0 lists them all. groupCount and placementCount still count them all"`
	CancelledOnly     bool     `query:"cancelledOnly" doc:"Grid: only instructions cancelled on either side, of cancelled placements too"`
	Page              int      `query:"page" minimum:"1" default:"1"`
	PageSize          int      `query:"pageSize" minimum:"1" maximum:"200" default:"50"`
	Sort              string   `query:"sort" enum:"-modified,modified,-date,date" default:"-modified" doc:"Grid order: modified is the instruction's latest change, date the placement's start"`
}

func (h *handlers) summary(ctx context.Context, p *auth.Principal, in *BookingSummaryParams) (_ *struct{ Body BookingSummary }, err error) {
	start, end := in.StartDate, in.EndDate
	var dates []string
	if !in.Grouped && start == "" && end == "" {
		start, end = everyDate() // the grid's recent changes, whatever the placements' dates
	} else if dates, err = summaryDates(start, end); err != nil {
		return nil, err
	}
	f := SummaryFilter{Start: start, End: end, DepartmentIDs: in.DepartmentIDs, ClientIDs: in.ClientIDs,
		UserIDs: in.UserIDs, JobTemplateIDs: in.JobTemplateIDs, IncludeDeleted: in.IncludeDeleted,
		OverviewOnly: in.OverviewOnly, CancelledOnly: in.CancelledOnly, GroupsPerDay: in.GroupsPerDay,
		Viewer: p.UserID, Visible: access.VisibleDepartments(p), Admin: p.Has(auth.NeedAdmin),
		Sort: in.Sort, Offset: (in.Page - 1) * in.PageSize, Limit: in.PageSize}
	for _, c := range in.PlacementStatuses {
		f.Colours = append(f.Colours, status.Colour(c))
	}
	out := &struct{ Body BookingSummary }{}
	if in.Grouped {
		out.Body.Days, err = h.store.Groups(ctx, f, dates)
		return out, err
	}
	items, total, err := h.store.Changes(ctx, f)
	out.Body.Items, out.Body.Total = &items, &total
	return out, err
}

// requireBookmarker is the signed-in department manager or administrator: the filter panel is
// theirs (spec part 2 §6).
func requireBookmarker(ctx context.Context) (*auth.Principal, error) {
	return auth.Require(ctx, auth.NeedDepartmentManager)
}

// BookingBookmarkPath is a bookmark id in the path.
type BookingBookmarkPath struct {
	ID int64 `path:"id" minimum:"1"`
}

func (h *handlers) bookmarks(ctx context.Context, _ *struct{}) (*struct{ Body BookingBookmarkList }, error) {
	p, err := requireBookmarker(ctx)
	if err != nil {
		return nil, err
	}
	items, err := h.store.Bookmarks(ctx, p.UserID)
	return &struct{ Body BookingBookmarkList }{Body: BookingBookmarkList{Items: items}}, err
}

func (h *handlers) bookmark(ctx context.Context, in *BookingBookmarkPath) (*struct{ Body BookingBookmark }, error) {
	p, err := requireBookmarker(ctx)
	if err != nil {
		return nil, err
	}
	b, err := h.store.Bookmark(ctx, p.UserID, in.ID)
	return &struct{ Body BookingBookmark }{Body: b}, err
}

func (h *handlers) createBookmark(ctx context.Context, in *struct{ Body BookingBookmarkInput }) (*struct{ Body BookingBookmark }, error) {
	p, err := requireBookmarker(ctx)
	if err != nil {
		return nil, err
	}
	b, err := in.Body.normalised()
	if err != nil {
		return nil, err
	}
	b.ID, err = h.store.CreateBookmark(ctx, p.UserID, b)
	if err != nil {
		return nil, err
	}
	return &struct{ Body BookingBookmark }{Body: b}, nil
}

func (h *handlers) deleteBookmark(ctx context.Context, in *BookingBookmarkPath) (*struct{}, error) {
	p, err := requireBookmarker(ctx)
	if err != nil {
		return nil, err
	}
	return &struct{}{}, h.store.DeleteBookmark(ctx, p.UserID, in.ID)
}
