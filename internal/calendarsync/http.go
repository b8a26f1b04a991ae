package calendarsync

import (
	"context"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

type handlers struct {
	store  *Store
	keys   Keys
	worker *Worker
}

// Register adds the calendar connection's operations; worker syncs a connection on Sync now
// and is woken by a new one.
func Register(api huma.API, d feature.Deps, worker *Worker) {
	h := &handlers{store: worker.Store, keys: worker.Keys, worker: worker}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Calendar sync"}
	httpapi.Op(ops, "calendarConnections", "GET /calendar-connection",
		"The caller's own calendar connection (none or one), with its sync state; never its password",
		httpapi.WithUser(h.list), 403)
	httpapi.Op(ops, "discoverCalendars", "POST /calendar-connection/discover",
		"The calendars a CalDAV account holds (RFC 6764 discovery, then the current user's principal)",
		httpapi.WithUser(h.discover), 403, 422)
	httpapi.Op(ops.Answering(201), "createCalendarConnection", "POST /calendar-connection",
		"Connect the caller's CalDAV calendar: one to read busy times from, one to write accepted work to",
		httpapi.WithUser(h.create), 403, 409, 422)
	httpapi.Op(ops, "updateCalendarConnection", "PATCH /calendar-connection/{id}",
		"Change how often the caller's calendar connection syncs", httpapi.WithUser(h.update), 403, 404, 422)
	httpapi.Op(ops, "deleteCalendarConnection", "DELETE /calendar-connection/{id}",
		"Disconnect the caller's calendar: its busy times are forgotten, a Google grant is revoked; the events Hive wrote stay in the calendar",
		httpapi.WithUser(h.remove), 403, 404)
	httpapi.Op(ops, "syncCalendarConnection", "POST /calendar-connection/{id}/sync",
		"Sync the caller's calendar connection now, and answer its state after the sync",
		httpapi.WithUser(h.sync), 403, 404)
	h.registerGoogle(api)
}

// CalendarConnectionList is the caller's connections.
type CalendarConnectionList struct {
	Items []CalendarConnection `json:"items"`
	// GoogleAvailable says whether "Connect Google Calendar" is offered (a Google OAuth client
	// is configured).
	GoogleAvailable bool `json:"googleAvailable"`
}

// CalDAVAccountInput is a CalDAV account as the freelancer types it.
type CalDAVAccountInput struct {
	ServerURL string `json:"serverUrl" minLength:"1" maxLength:"500" doc:"The CalDAV address, or the provider's domain for discovery"`
	Username  string `json:"username" minLength:"1" maxLength:"200"`
	Password  string `json:"password" minLength:"1" maxLength:"500" doc:"An app password: kept sealed, never shown again"`
}

func (a CalDAVAccountInput) account() Account {
	return Account{URL: strings.TrimSpace(a.ServerURL), Username: strings.TrimSpace(a.Username), Password: a.Password}
}

// CalendarConnectionInput is a connection to make.
type CalendarConnectionInput struct {
	CalDAVAccountInput
	ReadCalendar    string `json:"readCalendar" minLength:"1" maxLength:"500" doc:"Path of the calendar busy times are read from"`
	WriteCalendar   string `json:"writeCalendar" minLength:"1" maxLength:"500" doc:"Path of the calendar accepted work is written to (may be the read one)"`
	IntervalMinutes int    `json:"intervalMinutes,omitempty" doc:"Minutes between syncs, 5 to 1440; default 10"`
}

// DiscoveredCalendars is what discovery found.
type DiscoveredCalendars struct {
	Calendars []CalendarInfo `json:"calendars"`
}

type idPath struct {
	ID int64 `path:"id"`
}

// freelancer refuses a caller who is not a freelancer: only a freelancer's time is booked.
func freelancer(p *auth.Principal) error {
	if !p.IsFreelancer {
		return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgFreelancerOnly)
	}
	return nil
}

// own reads connection id when it is the caller's; another's is not found.
func (h *handlers) own(ctx context.Context, p *auth.Principal, id int64) (CalendarConnection, error) {
	if err := freelancer(p); err != nil {
		return CalendarConnection{}, err
	}
	c, err := h.store.Get(ctx, id)
	if err != nil {
		return c, err
	}
	if c.UserID != p.UserID {
		// As a connection that does not exist: another's answer must not confirm that it does.
		return CalendarConnection{}, apperror.NotFound("Calendar connection")
	}
	return c, nil
}

func (h *handlers) list(ctx context.Context, p *auth.Principal, _ *struct{}) (*struct{ Body CalendarConnectionList }, error) {
	if err := freelancer(p); err != nil {
		return nil, err
	}
	items, err := h.store.OfUser(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body CalendarConnectionList }{Body: CalendarConnectionList{Items: items, GoogleAvailable: h.worker.Google != nil}}, nil
}

// discoverErr is a failed discovery as a field error: the address or the credentials.
func discoverErr(err error) error {
	msg := err.Error()
	field := "serverUrl"
	if msg == MsgRefused || msg == MsgGoogleRefused {
		field = "password"
	}
	return apperror.Field(field, msg)
}

func (h *handlers) discover(ctx context.Context, p *auth.Principal, in *struct{ Body CalDAVAccountInput }) (*struct{ Body DiscoveredCalendars }, error) {
	if err := freelancer(p); err != nil {
		return nil, err
	}
	cals, err := h.worker.Net.Discover(ctx, in.Body.account())
	if err != nil {
		return nil, discoverErr(err)
	}
	return &struct{ Body DiscoveredCalendars }{Body: DiscoveredCalendars{Calendars: cals}}, nil
}

func validInterval(minutes int) bool { return minutes >= 5 && minutes <= 1440 }

func (h *handlers) create(ctx context.Context, p *auth.Principal, in *struct{ Body CalendarConnectionInput }) (*struct{ Body CalendarConnection }, error) {
	if err := freelancer(p); err != nil {
		return nil, err
	}
	a := in.Body.account()
	c, err := h.connect(ctx, p, a, a.Password, in.Body.ReadCalendar, in.Body.WriteCalendar, in.Body.IntervalMinutes, discoverErr)
	if err != nil {
		return nil, err
	}
	return &struct{ Body CalendarConnection }{Body: c}, nil
}

// connect makes the caller's connection to a with secret sealed, after discovering a's
// calendars again (a failure told by failed): read and write must be among them.
func (h *handlers) connect(ctx context.Context, p *auth.Principal, a Account, secret, read, write string, interval int,
	failed func(error) error) (CalendarConnection, error) {
	if interval == 0 {
		interval = DefaultIntervalMinutes
	}
	if !validInterval(interval) {
		return CalendarConnection{}, apperror.Field("intervalMinutes", MsgInterval)
	}
	cals, err := h.worker.Net.Discover(ctx, a)
	if err != nil {
		return CalendarConnection{}, failed(err)
	}
	listed := func(path string) bool {
		for _, c := range cals {
			if c.Path == path {
				return true
			}
		}
		return false
	}
	var v apperror.Invalid
	if !listed(read) {
		v.Add("readCalendar", MsgCalendar)
	}
	if !listed(write) {
		v.Add("writeCalendar", MsgCalendar)
	}
	if err := v.Err(); err != nil {
		return CalendarConnection{}, err
	}
	sealed, err := h.keys.Seal(secret)
	if err != nil {
		return CalendarConnection{}, err
	}
	c, err := h.store.Create(ctx, NewConnection{UserID: p.UserID, ServerURL: a.URL, Username: a.Username,
		SecretSealed: sealed, ReadCalendar: read, WriteCalendar: write, IntervalMinutes: interval})
	if err != nil {
		return CalendarConnection{}, err
	}
	h.worker.Wake()
	return c, nil
}

// CalendarIntervalInput changes a connection's sync interval.
type CalendarIntervalInput struct {
	IntervalMinutes int `json:"intervalMinutes" doc:"Minutes between syncs, 5 to 1440"`
}

func (h *handlers) update(ctx context.Context, p *auth.Principal, in *struct {
	ID   int64 `path:"id"`
	Body CalendarIntervalInput
}) (*struct{ Body CalendarConnection }, error) {
	if _, err := h.own(ctx, p, in.ID); err != nil {
		return nil, err
	}
	if !validInterval(in.Body.IntervalMinutes) {
		return nil, apperror.Field("intervalMinutes", MsgInterval)
	}
	if err := h.store.SetInterval(ctx, in.ID, in.Body.IntervalMinutes); err != nil {
		return nil, err
	}
	c, err := h.store.Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body CalendarConnection }{Body: c}, nil
}

func (h *handlers) remove(ctx context.Context, p *auth.Principal, in *idPath) (*struct{}, error) {
	if _, err := h.own(ctx, p, in.ID); err != nil {
		return nil, err
	}
	sealed, err := h.store.Delete(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	h.revokeGoogle(ctx, in.ID, sealed)
	return nil, nil
}

// revokeGoogle ends the Google grant a removed connection held. The connection is gone either
// way: a grant Google could not be told to end is logged, and the freelancer can still end it
// in their Google account.
func (h *handlers) revokeGoogle(ctx context.Context, id int64, sealed string) {
	secret, err := h.keys.Open(sealed)
	refresh, isGoogle := strings.CutPrefix(secret, googleSecret)
	if err != nil || !isGoogle || h.worker.Google == nil {
		return
	}
	if err := h.worker.Google.revoke(ctx, refresh); err != nil {
		h.worker.logger().WarnContext(ctx, "google grant not revoked", "connection", id, "err", err)
	}
}

func (h *handlers) sync(ctx context.Context, p *auth.Principal, in *idPath) (*struct{ Body CalendarConnection }, error) {
	if _, err := h.own(ctx, p, in.ID); err != nil {
		return nil, err
	}
	if err := h.worker.SyncNow(ctx, in.ID); err != nil {
		return nil, err
	}
	c, err := h.store.Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body CalendarConnection }{Body: c}, nil
}
