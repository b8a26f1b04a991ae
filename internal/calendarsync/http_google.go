package calendarsync

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

// The cookies of "Connect Google Calendar": the started grant (state and PKCE verifier), then
// the granted refresh token until the freelancer connects; both sealed, both for this path only.
const (
	googleFlowCookie  = "hive_google_calendar_flow"
	googleGrantCookie = "hive_google_calendar_grant"
	googleCookiePath  = httpapi.Prefix + "/calendar-connection/"
	// googleDone is where the callback sends the browser back: the settings, told how it went.
	googleDone = "/settings?google-calendar="
)

// registerGoogle adds the operations of "Connect Google Calendar".
func (h *handlers) registerGoogle(api huma.API) {
	tags := []string{"Calendar sync"}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "startGoogleCalendar", Method: http.MethodGet,
		Path: "/calendar-connection/google/start", Summary: "Start connecting Google Calendar (browser navigation): to Google's consent screen",
		Tags: tags, Responses: map[string]*huma.Response{"302": {Description: "To Google"}}, Errors: []int{403, 404}},
		httpapi.WithUser(h.googleStart))
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "googleCalendarCallback", Method: http.MethodGet,
		Path: "/calendar-connection/google/callback", Summary: "Google's redirect back; ends at the settings with google-calendar=ready or failed",
		Tags: tags, Responses: map[string]*huma.Response{"302": {Description: "To the settings"}}, Errors: []int{403}},
		httpapi.WithUser(h.googleCallback))
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Calendar sync"}
	httpapi.Op(ops, "discoverGoogleCalendars", "POST /calendar-connection/google/discover",
		"The calendars of the Google account the caller has just granted access to",
		httpapi.WithUser(h.googleDiscover), 403, 404, 422)
	httpapi.Op(ops.Answering(201), "createGoogleCalendarConnection", "POST /calendar-connection/google",
		"Connect the Google Calendar the caller granted access to: one calendar to read busy times from, one to write accepted work to",
		httpapi.WithUser(h.googleCreate), 403, 404, 409, 422)
}

type googleRedirect struct {
	Status    int
	Location  string        `header:"Location"`
	SetCookie []http.Cookie `header:"Set-Cookie"`
}

func (h *handlers) cookie(name, value string, maxAge int) http.Cookie {
	return http.Cookie{Name: name, Value: value, Path: googleCookiePath, HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: h.worker.Google.SecureCookies, MaxAge: maxAge}
}

// google refuses a caller who is not a freelancer, and answers not found when no Google client
// is configured.
func (h *handlers) google(p *auth.Principal) error {
	if err := freelancer(p); err != nil {
		return err
	}
	if h.worker.Google == nil {
		return apperror.NotFound("Google Calendar")
	}
	return nil
}

func (h *handlers) googleStart(ctx context.Context, p *auth.Principal, _ *struct{}) (*googleRedirect, error) {
	if err := h.google(p); err != nil {
		return nil, err
	}
	target, flow, err := h.worker.Google.authURL(ctx, p.UserID, h.store.DB.Now())
	if err != nil {
		slog.WarnContext(ctx, "google calendar start", "err", err)
		return &googleRedirect{Status: http.StatusFound, Location: googleDone + "failed"}, nil
	}
	sealed, err := h.seal(flow)
	if err != nil {
		return nil, err
	}
	return &googleRedirect{Status: http.StatusFound, Location: target,
		SetCookie: []http.Cookie{h.cookie(googleFlowCookie, sealed, int(googleFlowTTL.Seconds()))}}, nil
}

func (h *handlers) googleCallback(ctx context.Context, p *auth.Principal, in *struct {
	State  string `query:"state" maxLength:"512"`
	Code   string `query:"code" maxLength:"4096"`
	Error  string `query:"error" maxLength:"512"`
	Sealed string `cookie:"hive_google_calendar_flow"`
}) (*googleRedirect, error) {
	if err := h.google(p); err != nil {
		return nil, err
	}
	out := &googleRedirect{Status: http.StatusFound, Location: googleDone + "failed",
		SetCookie: []http.Cookie{h.cookie(googleFlowCookie, "", -1)}}
	var flow googleFlow
	now := h.store.DB.Now()
	if in.Error != "" || in.Code == "" || !h.open(in.Sealed, &flow) || flow.User != p.UserID || now.After(flow.Expires) ||
		flow.State == "" || flow.State != in.State {
		return out, nil
	}
	refresh, err := h.worker.Google.exchange(ctx, flow, in.Code)
	if err != nil {
		slog.WarnContext(ctx, "google calendar exchange", "err", err)
		return out, nil
	}
	sealed, err := h.seal(googleGrant{User: p.UserID, Refresh: refresh, Expires: now.Add(googleFlowTTL)})
	if err != nil {
		return nil, err
	}
	out.Location = googleDone + "ready"
	out.SetCookie = append(out.SetCookie, h.cookie(googleGrantCookie, sealed, int(googleFlowTTL.Seconds())))
	return out, nil
}

func (h *handlers) seal(v any) (string, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return h.keys.Seal(string(data))
}

func (h *handlers) open(sealed string, v any) bool {
	if sealed == "" {
		return false
	}
	plain, err := h.keys.Open(sealed)
	return err == nil && json.Unmarshal([]byte(plain), v) == nil
}

// grant reads the caller's granted, unexpired refresh token and the account it signs in to.
func (h *handlers) grant(ctx context.Context, p *auth.Principal, sealed string) (Account, string, error) {
	if err := h.google(p); err != nil {
		return Account{}, "", err
	}
	var g googleGrant
	if !h.open(sealed, &g) || g.User != p.UserID || h.store.DB.Now().After(g.Expires) || g.Refresh == "" {
		return Account{}, "", apperror.Field("google", MsgGoogleExpired)
	}
	src, err := h.worker.Google.source(ctx, g.Refresh)
	if err != nil {
		return Account{}, "", apperror.Field("google", MsgUnreachable)
	}
	return Account{URL: h.worker.Google.CalDAVURL, Username: GoogleUsername, Token: src}, g.Refresh, nil
}

func (h *handlers) googleDiscover(ctx context.Context, p *auth.Principal, in *struct {
	Sealed string `cookie:"hive_google_calendar_grant"`
}) (*struct{ Body DiscoveredCalendars }, error) {
	a, _, err := h.grant(ctx, p, in.Sealed)
	if err != nil {
		return nil, err
	}
	cals, err := h.worker.Net.Discover(ctx, a)
	if err != nil {
		return nil, googleErr(err)
	}
	return &struct{ Body DiscoveredCalendars }{Body: DiscoveredCalendars{Calendars: cals}}, nil
}

// GoogleConnectionInput is the Google Calendar connection to make: which calendars, how often.
type GoogleConnectionInput struct {
	ReadCalendar    string `json:"readCalendar" minLength:"1" maxLength:"500" doc:"Path of the calendar busy times are read from"`
	WriteCalendar   string `json:"writeCalendar" minLength:"1" maxLength:"500" doc:"Path of the calendar accepted work is written to (may be the read one)"`
	IntervalMinutes int    `json:"intervalMinutes,omitempty" doc:"Minutes between syncs, 5 to 1440; default 10"`
}

func (h *handlers) googleCreate(ctx context.Context, p *auth.Principal, in *struct {
	Sealed string `cookie:"hive_google_calendar_grant"`
	Body   GoogleConnectionInput
}) (*struct {
	SetCookie http.Cookie `header:"Set-Cookie"`
	Body      CalendarConnection
}, error) {
	a, refresh, err := h.grant(ctx, p, in.Sealed)
	if err != nil {
		return nil, err
	}
	c, err := h.connect(ctx, p, a, googleSecret+refresh, in.Body.ReadCalendar, in.Body.WriteCalendar, in.Body.IntervalMinutes, googleErr)
	if err != nil {
		return nil, err
	}
	return &struct {
		SetCookie http.Cookie `header:"Set-Cookie"`
		Body      CalendarConnection
	}{SetCookie: h.cookie(googleGrantCookie, "", -1), Body: c}, nil
}

// googleErr is a failed discovery of a Google account, as an error of the grant.
func googleErr(err error) error { return apperror.Field("google", err.Error()) }
