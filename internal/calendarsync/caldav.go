package calendarsync

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/emersion/go-ical"
	"github.com/emersion/go-webdav"
	"github.com/emersion/go-webdav/caldav"
	"golang.org/x/oauth2"
)

// Account is how Hive reaches a CalDAV account: its address and credentials.
type Account struct {
	URL, Username, Password string
	// Token, when set, signs every request with a bearer token instead of the password
	// (Google Calendar).
	Token oauth2.TokenSource
}

// CalendarInfo is a calendar the server lists for the account.
type CalendarInfo struct {
	Path string `json:"path" doc:"The calendar's path on the server: what the connection's readCalendar and writeCalendar name"`
	Name string `json:"name"`
}

// remote is a signed-in CalDAV session.
type remote struct {
	dav *webdav.Client
	cal *caldav.Client
	// status keeps the last refusal the server answered, for classify.
	status *statusKeeper
	// refused is what a 401 or 403 tells the freelancer.
	refused string
}

// statusKeeper is the HTTP client of one session: it remembers the status of the last request
// the server refused (go-webdav keeps its error type internal).
type statusKeeper struct {
	next webdav.HTTPClient
	last int
}

func (s *statusKeeper) Do(req *http.Request) (*http.Response, error) {
	s.last = 0
	resp, err := s.next.Do(req)
	if err == nil && resp.StatusCode >= 400 {
		s.last = resp.StatusCode
	}
	return resp, err
}

// dial opens a session with a's server through n: only an http(s) address, never one on a
// refused network (guard.go).
func (n *Network) dial(a Account) (*remote, error) {
	u, err := url.Parse(a.URL)
	// No credentials in the address: it is stored, shown and logged as it is.
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil {
		return nil, &syncError{msg: MsgURL}
	}
	var auth webdav.HTTPClient = webdav.HTTPClientWithBasicAuth(n.client, a.Username, a.Password)
	refused := MsgRefused
	if a.Token != nil {
		auth, refused = bearer{src: a.Token, next: n.client}, MsgGoogleRefused
	}
	hc := &statusKeeper{next: auth}
	dav, err := webdav.NewClient(hc, a.URL)
	if err != nil {
		return nil, err
	}
	cal, err := caldav.NewClient(hc, a.URL)
	if err != nil {
		return nil, err
	}
	return &remote{dav: dav, cal: cal, status: hc, refused: refused}, nil
}

// Discover lists the account's calendars that hold events: the address given, or the one its
// domain's DNS and /.well-known/caldav name (RFC 6764), then the current user's principal, its
// calendar home and the calendars in it, through n.
func (n *Network) Discover(ctx context.Context, a Account) ([]CalendarInfo, error) {
	if u, err := url.Parse(a.URL); err == nil && u.Scheme == "" && u.Host == "" && a.URL != "" && !strings.Contains(a.URL, "/") {
		// A bare domain: ask it where its CalDAV service is.
		found, err := caldav.DiscoverContextURL(ctx, a.URL)
		if err != nil {
			return nil, &syncError{msg: MsgURL}
		}
		a.URL = found
	}
	r, err := n.dial(a)
	if err != nil {
		return nil, err
	}
	principal, err := r.dav.FindCurrentUserPrincipal(ctx)
	if err != nil {
		return nil, r.classify(err)
	}
	home, err := r.cal.FindCalendarHomeSet(ctx, principal)
	if err != nil {
		return nil, r.classify(err)
	}
	cals, err := r.cal.FindCalendars(ctx, home)
	if err != nil {
		return nil, r.classify(err)
	}
	out := make([]CalendarInfo, 0, len(cals))
	for _, c := range cals {
		if len(c.SupportedComponentSet) > 0 && !slices.Contains(c.SupportedComponentSet, ical.CompEvent) {
			continue
		}
		name := c.Name
		if name == "" {
			name = path.Base(strings.TrimSuffix(c.Path, "/"))
		}
		out = append(out, CalendarInfo{Path: c.Path, Name: name})
	}
	if len(out) == 0 {
		return nil, &syncError{msg: MsgNoCalendars}
	}
	return out, nil
}

// object is a calendar object's address and version.
type object struct{ href, etag string }

// list reads the objects of calendar with their ETags (a PROPFIND of depth 1).
func (r *remote) list(ctx context.Context, calendar string) ([]object, error) {
	infos, err := r.dav.ReadDir(ctx, calendar, false)
	if err != nil {
		return nil, r.classify(err)
	}
	out := make([]object, 0, len(infos))
	for _, fi := range infos {
		if fi.IsDir || !strings.HasSuffix(fi.Path, ".ics") {
			continue
		}
		out = append(out, object{href: fi.Path, etag: fi.ETag})
	}
	return out, nil
}

// fetch reads the objects at hrefs of calendar, a hundred to a request.
func (r *remote) fetch(ctx context.Context, calendar string, hrefs []string) (map[string]*ical.Calendar, error) {
	out := make(map[string]*ical.Calendar, len(hrefs))
	for batch := range slices.Chunk(hrefs, 100) {
		objs, err := r.cal.MultiGetCalendar(ctx, calendar, &caldav.CalendarMultiGet{Paths: batch,
			CompRequest: caldav.CalendarCompRequest{Name: ical.CompCalendar, AllProps: true, AllComps: true}})
		if err != nil {
			return nil, r.classify(err)
		}
		for _, o := range objs {
			if o.Data != nil {
				out[o.Path] = o.Data
			}
		}
	}
	return out, nil
}

// put writes cal at href.
func (r *remote) put(ctx context.Context, href string, cal *ical.Calendar) error {
	_, err := r.cal.PutCalendarObject(ctx, href, cal)
	return r.classify(err)
}

// remove deletes the object at href; one already gone is no failure.
func (r *remote) remove(ctx context.Context, href string) error {
	err := r.dav.RemoveAll(ctx, href)
	if err != nil && r.status.last == http.StatusNotFound {
		return nil
	}
	return r.classify(err)
}

// syncError is a failed sync as the freelancer is told it: one of the messages, never a
// credential, with the cause kept for the log.
type syncError struct {
	msg   string
	cause error
}

func (e *syncError) Error() string { return e.msg }
func (e *syncError) Unwrap() error { return e.cause }

// classify turns a CalDAV failure into the message the freelancer reads.
func (r *remote) classify(err error) error {
	if err == nil {
		return nil
	}
	var se *syncError
	if errors.As(err, &se) {
		return se // as the freelancer reads it, without the transport's wrapping
	}
	switch code := r.status.last; {
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		return &syncError{msg: r.refused, cause: err}
	case code == http.StatusNotFound || code == http.StatusGone:
		return &syncError{msg: MsgCalendarGone, cause: err}
	case code != 0:
		return &syncError{msg: fmt.Sprintf("%s (%d)", MsgServerError, code), cause: err}
	}
	var ne net.Error
	var oe *net.OpError
	var ue *url.Error
	if errors.As(err, &ne) || errors.As(err, &oe) || errors.As(err, &ue) {
		return &syncError{msg: MsgUnreachable, cause: err}
	}
	return &syncError{msg: MsgServerError, cause: err}
}
