package audit

import (
	"context"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

type historyHandlers struct {
	store   *HistoryStore
	booking BookingRecords
}

// PageSizes are the audit grid's page sizes (spec part 2 §9); the history accepts no other.
var PageSizes = []int{5, 10, 20, 50, 100}

// MsgPageSize refuses any other page size.
const MsgPageSize = "The page size must be 5, 10, 20, 50 or 100"

// historyInput is a history's record and page: 20 entries by default, like every other grid.
type historyInput struct {
	ID       int64 `path:"id" minimum:"1"`
	Page     int   `query:"page" minimum:"1" default:"1"`
	PageSize int   `query:"pageSize" minimum:"5" maximum:"100" default:"20" doc:"5, 10, 20, 50 or 100"`
}

// Resolve checks the page size against PageSizes. (huma's enum tag on an integer query
// parameter refuses every value, so the list is checked here, where it is also written once.)
func (in *historyInput) Resolve(huma.Context) []error {
	if !slices.Contains(PageSizes, in.PageSize) {
		return []error{&huma.ErrorDetail{Location: "query.pageSize", Message: MsgPageSize, Value: in.PageSize}}
	}
	return nil
}

type pageOutput struct{ Body HistoryPage }

// Register adds the history operations, for administrators only (spec part 2 §6: audit is an
// administrator's view). booking lists the records of a booking's history.
func Register(api huma.API, d feature.Deps, booking BookingRecords) {
	h := &historyHandlers{store: &HistoryStore{DB: d.DB}, booking: booking}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "History"}
	errs := []int{403, 404, 422}
	httpapi.Op(ops, "bookingHistory", "GET /history/booking/{id}",
		"A booking's history with its placements' and instructions', newest first (administrators)", h.bookingHistory, errs...)
	httpapi.Op(ops, "userHistory", "GET /history/user/{id}", "A user's history, newest first (administrators)",
		func(ctx context.Context, in *historyInput) (*pageOutput, error) {
			return h.page(ctx, in, func(context.Context) ([]Records, error) {
				return []Records{{Source: SourceUser, IDs: []int64{in.ID}}}, nil
			})
		}, errs...)
	// An entity's and a legal entity's histories take in their links to each other.
	for _, r := range []struct {
		id, path, summary, field string
		source                   Source
	}{
		{"entityHistory", "/history/entity/{id}", "An entity's history with its legal-entity links', newest first (administrators)",
			"entityId", SourceEntity},
		{"legalEntityHistory", "/history/legal-entity/{id}",
			"A legal entity's history with its entity links', newest first (administrators)", "legalEntityId", SourceLegalEntity},
	} {
		httpapi.Op(ops, r.id, "GET "+r.path, r.summary, func(ctx context.Context, in *historyInput) (*pageOutput, error) {
			return h.page(ctx, in, func(ctx context.Context) ([]Records, error) {
				links, err := h.store.LinksNaming(ctx, r.field, in.ID)
				return []Records{{Source: r.source, IDs: []int64{in.ID}}, {Source: SourceLegalEntityRef, IDs: links}}, err
			})
		}, errs...)
	}
	httpapi.Op(ops, "historyEntry", "GET /history/{id}",
		"One history entry by its id, with its version and the previous row (administrators)", h.entry, 403, 404)
}

func (h *historyHandlers) bookingHistory(ctx context.Context, in *historyInput) (*pageOutput, error) {
	return h.page(ctx, in, func(ctx context.Context) ([]Records, error) { return h.booking(ctx, h.store.DB, in.ID) })
}

// page checks the caller is an administrator before reading anything, so others learn nothing
// (not even whether the record exists), then reads the records' page.
func (h *historyHandlers) page(ctx context.Context, in *historyInput, records func(context.Context) ([]Records, error)) (*pageOutput, error) {
	if _, err := auth.Require(ctx, auth.NeedAdmin); err != nil {
		return nil, err
	}
	recs, err := records(ctx)
	if err != nil {
		return nil, err
	}
	rows, total, err := h.store.Page(ctx, recs, (in.Page-1)*in.PageSize, in.PageSize)
	if err != nil {
		return nil, err
	}
	out := HistoryPage{Items: make([]HistoryEntry, 0, len(rows)), Total: total}
	for _, r := range rows {
		out.Items = append(out.Items, entryOf(r))
	}
	names, err := h.store.Names(ctx, wanted(out.Items), recs)
	if err != nil {
		return nil, err
	}
	withNames(&out, names)
	return &pageOutput{Body: out}, nil
}

func (h *historyHandlers) entry(ctx context.Context, in *struct {
	ID int64 `path:"id" minimum:"1"`
}) (*struct{ Body HistoryEntry }, error) {
	if _, err := auth.Require(ctx, auth.NeedAdmin); err != nil {
		return nil, err
	}
	r, err := h.store.Entry(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	e := entryOf(r)
	// The entry's own record is named when a name query knows its source.
	names, err := h.store.Names(ctx, map[Source][]int64{Source(e.HiveSource): {e.RecordID}}, nil)
	if err != nil {
		return nil, err
	}
	e.RecordName = names[Source(e.HiveSource)][e.RecordID]
	return &struct{ Body HistoryEntry }{Body: e}, nil
}
