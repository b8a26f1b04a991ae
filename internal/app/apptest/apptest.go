// Package apptest starts a whole Hive (real router, real database) on a loopback port for HTTP
// tests, and gives them a browser-like client with cookies and the CSRF header.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Server is a running Hive for one test.
type Server struct {
	T   testing.TB
	App *app.App
	URL string
	DB  *database.DB

	clients map[string]*Client
}

// Start serves a Hive on db with the demo accounts seeded; configure may adjust the config.
func Start(t testing.TB, db *database.DB, configure ...func(*config.Config)) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	cfg, err := config.FromLookup(func(name string) (string, bool) {
		if name == "HIVE_BASE_URL" {
			return base, true
		}
		return "", false
	})
	if err != nil {
		t.Fatal(err)
	}
	// Administrators work without a second factor here, as in the journeys: the tests of
	// two-step sign-in turn the requirement back on (RequireAdminSecondFactor).
	cfg.AdminSecondFactorOptional = true
	// The tests' CalDAV server (caldavtest's radicale) listens on 127.0.0.1; the tests of the
	// address guard turn this off.
	cfg.CalDAVAllowPrivate = true
	for _, f := range configure {
		f(&cfg)
	}
	a, err := app.NewWithDB(cfg, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := accounts.SeedDemo(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: a.Handler}}
	srv.Start()
	t.Cleanup(srv.Close)
	return &Server{T: t, App: a, URL: base, DB: db}
}

// RequireAdminSecondFactor is the production rule, for Start: administrators must enrol a
// second factor before anything else.
func RequireAdminSecondFactor(cfg *config.Config) { cfg.AdminSecondFactorOptional = false }

// Client is one browser: a cookie jar, the CSRF token, and no automatic redirects.
type Client struct {
	s    *Server
	HTTP *http.Client
	CSRF string
}

// Client returns a new visitor with a CSRF token already fetched.
func (s *Server) Client() *Client {
	jar, _ := cookiejar.New(nil)
	c := &Client{s: s, HTTP: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
	var tok struct{ Token string }
	c.Do("GET", "/account/token", nil).Decode(&tok)
	c.CSRF = tok.Token
	return c
}

// Login returns a client signed in as email with the demo password.
func (s *Server) Login(email string) *Client {
	c := s.Client()
	res := c.Do("POST", "/account/login", map[string]string{"email": email, "password": accounts.DemoPassword})
	res.Want(http.StatusOK)
	return c
}

// Response is a finished request.
type Response struct {
	t      testing.TB
	Status int
	Header http.Header
	Body   []byte
}

// Do sends a request to path under /api/v1 (or to an absolute path when it starts with /api or
// is a full URL), with body as JSON unless it is a string sent raw.
func (c *Client) Do(method, path string, body any, headers ...string) *Response {
	c.s.T.Helper()
	url := path
	switch {
	case strings.HasPrefix(path, "http"):
	case strings.HasPrefix(path, "/api/") || !strings.HasPrefix(path, "/"):
		url = c.s.URL + path
	default:
		url = c.s.URL + httpapi.Prefix + path
	}
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			c.s.T.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		c.s.T.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.CSRF != "" {
		req.Header.Set(httpapi.CSRFHeader, c.CSRF)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		c.s.T.Fatal(err)
	}
	defer res.Body.Close()
	if next := res.Header.Get(httpapi.CSRFHeader); next != "" {
		c.CSRF = next // the session changed: its CSRF token comes with the answer, as for the web client
	}
	data, _ := io.ReadAll(res.Body)
	return &Response{t: c.s.T, Status: res.StatusCode, Header: res.Header, Body: data}
}

// Want fails the test unless the status is want.
func (r *Response) Want(want int) *Response {
	r.t.Helper()
	if r.Status != want {
		r.t.Fatalf("status %d, want %d: %s", r.Status, want, r.Body)
	}
	return r
}

// WantError fails the test unless the response is the error status with the catalogue code.
func (r *Response) WantError(status int, code string) *Response {
	r.t.Helper()
	r.Want(status)
	var e struct {
		ErrorCode string `json:"errorCode"`
		Error     string `json:"error"`
	}
	r.Decode(&e)
	if e.ErrorCode != code || e.Error == "" {
		r.t.Fatalf("error %q %q, want code %s", e.ErrorCode, e.Error, code)
	}
	return r
}

// CreatedID fails the test unless the request created something (200 or 201: some creations
// answer 200) and returns the id in the body.
func (r *Response) CreatedID() int64 {
	r.t.Helper()
	if r.Status != http.StatusOK && r.Status != http.StatusCreated {
		r.t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	var v struct{ ID int64 }
	r.Decode(&v)
	return v.ID
}

// Decode unmarshals the body into v.
func (r *Response) Decode(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		r.t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// The roles of the permission tables: each maps to a demo login (anonymous is a visitor).
const (
	Admin      = "admin"
	Manager    = "manager"
	DeptMgr    = "dept"
	Staff      = "staff"
	Freelancer = "freelancer"
	Anonymous  = "anonymous"
)

// Roles lists every role, for tables that must cover them all.
var Roles = []string{Admin, Manager, DeptMgr, Staff, Freelancer, Anonymous}

// As returns a client signed in as role (one per role and server, reused).
func (s *Server) As(role string) *Client {
	s.T.Helper()
	if s.clients == nil {
		s.clients = map[string]*Client{}
	}
	if c, ok := s.clients[role]; ok {
		return c
	}
	var c *Client
	if role == Anonymous {
		c = s.Client()
	} else {
		c = s.Login(role + "@hive.test")
	}
	s.clients[role] = c
	return c
}

// Case is one row of a permission or scenario table.
type Case struct {
	Name   string
	As     string // a role
	Method string
	Path   string // under /api/v1
	Body   any
	Status int
}

// Run plays the cases in order as subtests and checks each status.
func (s *Server) Run(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		name := c.Name
		if name == "" {
			name = c.As + " " + c.Method + " " + c.Path
		}
		t.Run(name, func(t *testing.T) {
			res := s.As(c.As).Do(c.Method, c.Path, c.Body)
			if res.Status != c.Status {
				t.Errorf("%s %s as %s: status %d, want %d: %s", c.Method, c.Path, c.As, res.Status, c.Status, res.Body)
			}
		})
	}
}

// Problem is the body of an error response, for tests that check the field messages.
type Problem struct {
	Detail []struct {
		Loc []string `json:"loc"`
		Msg string   `json:"msg"`
	} `json:"detail"`
}

// Msg returns the message about the body field field ("" when none names it).
func (p Problem) Msg(field string) string {
	for _, x := range p.Detail {
		if len(x.Loc) == 2 && x.Loc[1] == field {
			return x.Msg
		}
	}
	return ""
}
