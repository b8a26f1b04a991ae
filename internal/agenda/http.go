package agenda

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Messages of the agenda's checks (the spec has none).
const (
	MsgDate      = "Dates must be YYYY-MM-DD."
	MsgDateOrder = "The start date must be on or before the end date."
)

type handlers struct {
	store   *Store
	baseURL string
}

// Register adds the agenda, its counts and the calendar feed operations.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, baseURL: d.Config.BaseURL}
	tags := []string{"Agenda"}
	httpapi.RedactPath("/calendar/") // the feed's token is its credential: never in the logs
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "agenda", Method: http.MethodGet, Path: "/agenda",
		Summary: "Placement cards of one agenda tab: a freelancer's own, or a manager's departments'",
		Tags:    tags, Errors: []int{422}}, httpapi.WithUser(h.list))
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "agendaStats", Method: http.MethodGet,
		Path: "/agenda/stats", Summary: "How many cards each agenda tab holds", Tags: tags, Errors: []int{422}},
		httpapi.WithUser(h.stats))
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "calendarFeed", Method: http.MethodGet,
		Path: "/agenda/feed", Summary: "The caller's private calendar feed, created on first call (freelancers)",
		Tags: tags, Errors: []int{403}}, h.feedAnswer(h.store.EnsureFeed))
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "rotateCalendarFeed", Method: http.MethodPost,
		Path: "/agenda/feed/rotate", Summary: "Replace the calendar feed's address; the old one stops working",
		Tags: tags, Errors: []int{403}}, h.feedAnswer(h.store.RotateFeed))
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "revokeCalendarFeed", Method: http.MethodDelete,
		Path: "/agenda/feed", Summary: "Stop the calendar feed", Tags: tags, Errors: []int{403}}, h.revoke)
	// Public: calendar applications fetch it without a session; the unguessable token in the
	// path is the credential, and an unknown or revoked one is 404.
	httpapi.Register(api, httpapi.Public, huma.Operation{OperationID: "calendarFeedIcs", Method: http.MethodGet,
		Path: FeedPath, Summary: "A freelancer's placements as iCalendar (the token is the credential)",
		Tags: tags, Errors: []int{404},
		Responses: map[string]*huma.Response{"200": {Description: "An iCalendar document (RFC 5545)",
			Content: map[string]*huma.MediaType{"text/calendar": {Schema: &huma.Schema{Type: "string"}}}}}}, h.ics)
}

// AgendaScope narrows whose cards are counted or listed.
type AgendaScope struct {
	As        string `query:"as" enum:"freelancer,manager," default:"" doc:"Whose agenda: default manager's when the caller may view a department, else freelancer's"`
	StartDate string `query:"startDate" doc:"Local date YYYY-MM-DD, inclusive"`
	EndDate   string `query:"endDate" doc:"Local date YYYY-MM-DD, inclusive"`
}

// AgendaListParams picks a tab and a page.
type AgendaListParams struct {
	AgendaScope
	Tab      string `query:"tab" enum:"outstanding,awaiting_confirmation,confirmed,critical,archived," default:"" doc:"Default: outstanding for a freelancer, awaiting_confirmation for a manager"`
	Page     int    `query:"page" minimum:"1" default:"1"`
	PageSize int    `query:"pageSize" minimum:"1" maximum:"200" default:"50"`
}

// query turns the parameters into a store query for p.
func query(p *auth.Principal, sc AgendaScope) (Query, error) {
	for field, d := range map[string]string{"startDate": sc.StartDate, "endDate": sc.EndDate} {
		if _, err := time.Parse(time.DateOnly, d); d != "" && err != nil {
			return Query{}, apperror.Field(field, MsgDate)
		}
	}
	if sc.StartDate != "" && sc.EndDate != "" && sc.StartDate > sc.EndDate {
		return Query{}, apperror.Field("endDate", MsgDateOrder)
	}
	return Query{View: ViewOf(p, sc.As), UserID: p.UserID, Visible: access.VisibleDepartments(p),
		StartDate: sc.StartDate, EndDate: sc.EndDate}, nil
}

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *AgendaListParams) (*struct{ Body AgendaList }, error) {
	q, err := query(p, in.AgendaScope)
	if err != nil {
		return nil, err
	}
	if q.Tab, err = ParseTab(in.Tab, q.View); err != nil {
		return nil, apperror.Field("tab", err.Error())
	}
	q.Limit, q.Offset = in.PageSize, (in.Page-1)*in.PageSize
	out, err := h.store.List(ctx, q, CallerOf(p))
	if err != nil {
		return nil, err
	}
	return &struct{ Body AgendaList }{Body: out}, nil
}

func (h *handlers) stats(ctx context.Context, p *auth.Principal, in *AgendaScope) (*struct{ Body AgendaStats }, error) {
	q, err := query(p, *in)
	if err != nil {
		return nil, err
	}
	st, err := h.store.Stats(ctx, q)
	if err != nil {
		return nil, err
	}
	return &struct{ Body AgendaStats }{Body: st}, nil
}

// CalendarFeed is the caller's calendar feed.
type CalendarFeed struct {
	URL *string `json:"url" doc:"The address to subscribe to. Only the answer that creates it (the first GET, or a rotation) carries it: the server keeps a hash of its token, so later answers are null; rotate to get a new one"`
	// CreatedAt is when the current address was made.
	CreatedAt string `json:"createdAt"`
}

func (h *handlers) feedView(token string, createdAt time.Time) *struct{ Body CalendarFeed } {
	out := &struct{ Body CalendarFeed }{Body: CalendarFeed{CreatedAt: bookings.WireTime(createdAt.UTC())}}
	if token != "" {
		u := feedURL(h.baseURL, token)
		out.Body.URL = &u
	}
	return out
}

// feedAnswer makes the feed and rotate operations: write (EnsureFeed or RotateFeed) gives the
// freelancer's feed token, which the answer shows as the address.
func (h *handlers) feedAnswer(write func(ctx context.Context, userID int64) (string, time.Time, error)) func(context.Context, *struct{}) (*struct{ Body CalendarFeed }, error) {
	return func(ctx context.Context, _ *struct{}) (*struct{ Body CalendarFeed }, error) {
		p, err := auth.Require(ctx, auth.NeedFreelancer)
		if err != nil {
			return nil, err
		}
		token, at, err := write(ctx, p.UserID)
		if err != nil {
			return nil, err
		}
		return h.feedView(token, at), nil
	}
}

func (h *handlers) revoke(ctx context.Context, _ *struct{}) (*struct{}, error) {
	p, err := auth.Require(ctx, auth.NeedFreelancer)
	if err != nil {
		return nil, err
	}
	return &struct{}{}, h.store.RevokeFeed(ctx, p.UserID)
}

// FeedToken is the feed's token in its path.
type FeedToken struct {
	Token string `path:"token" maxLength:"100"`
}

// CalendarDocument is the feed's body with its headers.
type CalendarDocument struct {
	ContentType  string `header:"Content-Type"`
	CacheControl string `header:"Cache-Control"`
	Body         []byte
}

func (h *handlers) ics(ctx context.Context, in *FeedToken) (*CalendarDocument, error) {
	user, err := h.store.FeedOwner(ctx, in.Token)
	if err != nil {
		return nil, err
	}
	events, err := h.store.FeedEvents(ctx, user)
	if err != nil {
		return nil, err
	}
	// no-store: a revoked address must stop showing the placements, caches included.
	return &CalendarDocument{ContentType: "text/calendar; charset=utf-8", CacheControl: "private, no-store",
		Body: []byte(renderFeed(events, h.baseURL))}, nil
}
