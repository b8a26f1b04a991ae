package app_test

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/documents"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/web"
)

// hostileOp is one operation of the OpenAPI document, with its path parameters filled in.
type hostileOp struct {
	method, path, url string
	op                *huma.Operation
}

// takesJSON reports whether the operation reads a JSON body.
func (o hostileOp) takesJSON() bool {
	if o.op.RequestBody == nil {
		return false
	}
	_, ok := o.op.RequestBody.Content["application/json"]
	return ok
}

// hostileOps walks every operation of the served OpenAPI document, as access_test.go does.
func hostileOps(t *testing.T, s *apptest.Server) []hostileOp {
	t.Helper()
	fill := regexp.MustCompile(`\{[^}]+\}`)
	var ops []hostileOp
	for path, item := range s.App.API.OpenAPI().Paths {
		for method, op := range map[string]*huma.Operation{
			http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put,
			http.MethodPatch: item.Patch, http.MethodDelete: item.Delete,
		} {
			if op != nil {
				ops = append(ops, hostileOp{method, path, fill.ReplaceAllString(path, "1"), op})
			}
		}
	}
	if len(ops) < 100 {
		t.Fatalf("walked only %d operations", len(ops))
	}
	return ops
}

// errorShape fails unless body is the spec's error shape: a message and a catalogue code.
func errorShape(t *testing.T, what string, body []byte) {
	t.Helper()
	var e struct {
		Error     *string `json:"error"`
		ErrorCode *string `json:"errorCode"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Error == nil || *e.Error == "" || e.ErrorCode == nil ||
		!regexp.MustCompile(`^[A-Z]-\d{3}$`).MatchString(*e.ErrorCode) {
		t.Errorf("%s: not the error shape: %.300s", what, body)
	}
}

// endless is size bytes of a JSON object whose one string never ends, made as it is read.
type endless struct{ left int64 }

func (e *endless) Read(p []byte) (int, error) {
	if e.left <= 0 {
		return 0, io.EOF
	}
	n := min(int64(len(p)), e.left)
	for i := range p[:n] {
		p[i] = 'a'
	}
	if e.left == hugeBody && n >= 6 {
		copy(p, `{"a":"`)
	}
	e.left -= n
	return int(n), nil
}

const hugeBody = 10 << 20

// countingBody counts the request bytes the server reads.
type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (c countingBody) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestAttack_HugeBodyToEveryJSONOperation sends 10 MB to every operation that takes JSON, signed
// in as an administrator with a valid CSRF token (so every body reaches its decoder). Each must
// answer 413 in the error shape without reading more than the 1 MB limit (and a little buffer).
func TestAttack_HugeBodyToEveryJSONOperation(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t))
	admin := s.Login("admin@hive.test")
	var read atomic.Int64
	counted := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A copy: net/http checks the body of the request it made to tell whether the rest of
		// an unread body is still on the wire, and must not find this wrapper there.
		counted := r.WithContext(r.Context())
		counted.Body = countingBody{r.Body, &read}
		s.App.Handler.ServeHTTP(w, counted)
	}))
	t.Cleanup(counted.Close)
	base, _ := url.Parse(s.URL)
	admin.HTTP.Jar.SetCookies(mustURL(t, counted.URL), admin.HTTP.Jar.Cookies(base))

	walked := 0
	var slowest time.Duration
	for _, o := range hostileOps(t, s) {
		if !o.takesJSON() {
			continue
		}
		walked++
		// Every other one is chunked: without a Content-Length only reading can find the size.
		chunked := walked%2 == 0
		read.Store(0)
		req, err := http.NewRequest(o.method, counted.URL+httpapi.Prefix+o.url, &endless{left: hugeBody})
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = hugeBody
		if chunked {
			req.ContentLength = -1
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(httpapi.CSRFHeader, admin.CSRF)
		start := time.Now()
		res, err := admin.HTTP.Do(req)
		if err != nil {
			t.Errorf("%s %s: %v", o.method, o.path, err)
			continue
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		slowest = max(slowest, time.Since(start))
		if res.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("%s %s answered %d to 10 MB: %.200s", o.method, o.path, res.StatusCode, body)
			continue
		}
		errorShape(t, o.method+" "+o.path, body)
		if n := read.Load(); n > httpapi.MaxBodyBytes+64<<10 {
			t.Errorf("%s %s read %d bytes of the body (chunked %v)", o.method, o.path, n, chunked)
		}
	}
	if walked < 50 {
		t.Fatalf("only %d operations take JSON", walked)
	}
	t.Logf("%d operations, slowest answer %v", walked, slowest)
}

func mustURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestAttack_EveryUnsafeOperationNeedsTheSessionsCSRFToken walks every operation that changes
// something as a signed-in user: without a token, and with another session's token and cookie,
// each is refused with A-106 before it runs. The partner's webhook alone takes no cookie and no
// token (it has its own credential).
func TestAttack_EveryUnsafeOperationNeedsTheSessionsCSRFToken(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t))
	victim := s.Login("admin@hive.test")
	own := victim.CSRF
	stolen := s.Login("freelancer@hive.test").CSRF
	base := mustURL(t, s.URL)
	for _, o := range hostileOps(t, s) {
		if o.method == http.MethodGet || o.path == documents.WebhookPath {
			continue
		}
		var body any
		if o.takesJSON() {
			body = map[string]any{}
		}
		for _, forged := range []string{"", stolen} {
			victim.CSRF = forged
			victim.HTTP.Jar.SetCookies(base, []*http.Cookie{{Name: httpapi.CSRFCookie, Value: forged, Path: "/"}})
			res := victim.Do(o.method, o.url, body)
			if res.Status != http.StatusForbidden || !strings.Contains(string(res.Body), apperror.CodeCSRF) {
				t.Errorf("%s %s with token %q: %d %.200s", o.method, o.path, forged, res.Status, res.Body)
			}
		}
	}
	victim.CSRF = own
	victim.HTTP.Jar.SetCookies(base, []*http.Cookie{{Name: httpapi.CSRFCookie, Value: own, Path: "/"}})
	victim.Do("GET", "/account/whoami", nil).Want(http.StatusOK) // the walk changed nothing
}

// TestAttack_SessionFixation: a session cookie planted in the browser before sign-in (made up, or
// the attacker's own real session) is never the one the victim signs in with.
func TestAttack_SessionFixation(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		base := mustURL(t, s.URL)
		attacker := s.Login("freelancer@hive.test")
		var attackerSession string
		for _, c := range attacker.HTTP.Jar.Cookies(base) {
			if c.Name == httpapi.SessionCookie {
				attackerSession = c.Value
			}
		}
		for name, planted := range map[string]string{"made up": "fixated-session-id-0123456789abcdef", "attacker's own": attackerSession} {
			t.Run(name, func(t *testing.T) {
				victim := s.Client()
				victim.HTTP.Jar.SetCookies(base, []*http.Cookie{{Name: httpapi.SessionCookie, Value: planted, Path: "/"}})
				var tok struct{ Token string }
				victim.Do("GET", "/account/token", nil).Want(http.StatusOK).Decode(&tok) // as the web app does on load
				victim.CSRF = tok.Token
				res := victim.Do("POST", "/account/login", map[string]string{"email": "staff@hive.test", "password": "HiveDemo2026!"}).
					Want(http.StatusOK)
				var issued string
				for _, line := range res.Header.Values("Set-Cookie") {
					if c, err := http.ParseSetCookie(line); err == nil && c.Name == httpapi.SessionCookie {
						issued = c.Value
					}
				}
				if issued == "" || issued == planted {
					t.Fatalf("sign-in kept the planted session %q (issued %q)", planted, issued)
				}
				var me struct{ Email string }
				attacker.Do("GET", "/account/whoami", nil).Want(http.StatusOK).Decode(&me)
				if me.Email != "freelancer@hive.test" {
					t.Fatalf("the attacker's session became %s's", me.Email)
				}
				victim.Do("GET", "/account/whoami", nil).Want(http.StatusOK).Decode(&me)
				if me.Email != "staff@hive.test" {
					t.Fatalf("victim is %s", me.Email)
				}
			})
		}
	})
}

// checkSecurityHeaders fails unless h has the headers every response must carry: a CSP whose
// scripts come from no inline code, no framing, nosniff and a referrer policy; HSTS only when
// hsts is on.
func checkSecurityHeaders(t *testing.T, what string, h http.Header, hsts bool) {
	t.Helper()
	directives := map[string]string{}
	for _, d := range strings.Split(h.Get("Content-Security-Policy"), ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		directives[name] = value
	}
	script, ok := directives["script-src"]
	if !ok {
		script = directives["default-src"]
	}
	if script == "" || strings.Contains(script, "'unsafe-inline'") || strings.Contains(script, "'unsafe-eval'") ||
		strings.Contains(script, "*") || strings.Contains(script, "data:") {
		t.Errorf("%s: script-src %q", what, script)
	}
	if directives["frame-ancestors"] != "'none'" {
		t.Errorf("%s: frame-ancestors %q", what, directives["frame-ancestors"])
	}
	if directives["object-src"] != "'none'" || directives["base-uri"] != "'self'" {
		t.Errorf("%s: object-src %q base-uri %q", what, directives["object-src"], directives["base-uri"])
	}
	if got := h.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("%s: X-Content-Type-Options %q", what, got)
	}
	switch h.Get("Referrer-Policy") {
	case "no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin":
	default:
		t.Errorf("%s: Referrer-Policy %q", what, h.Get("Referrer-Policy"))
	}
	if got := h.Get("Strict-Transport-Security"); hsts != (got == httpapi.HSTS) || !hsts && got != "" {
		t.Errorf("%s: HSTS %q (want it: %v)", what, got, hsts)
	}
}

// TestAttack_EveryResponseCarriesTheSecurityHeaders asks for each sort of answer through the
// whole stack (the app shell, a client route, a static file, a missing file, a JSON answer,
// each sort of API error, the OpenAPI document, a refused method) and checks the headers of
// each; HSTS only when Hive is served over https.
func TestAttack_EveryResponseCarriesTheSecurityHeaders(t *testing.T) {
	db := databasetest.SQLite(t)
	for _, https := range []bool{false, true} {
		s := apptest.Start(t, db, func(cfg *config.Config) {
			if https { // as config makes it from an https HIVE_BASE_URL, served here by a TLS proxy
				secure, err := config.FromLookup(func(name string) (string, bool) {
					return "https://hive.example", name == "HIVE_BASE_URL"
				})
				if err != nil {
					t.Fatal(err)
				}
				cfg.HSTS = secure.HSTS
			}
		})
		c := s.Client()
		requests := []struct {
			method, path string
			body         any
		}{
			{"GET", "/", nil},
			{"GET", "/bookings/42", nil},
			{"GET", "/assets/missing-0000.js", nil},
			{"POST", "/", nil},
			{"GET", "/api/v1/app-info", nil},
			{"GET", "/api/v1/openapi.json", nil},
			{"GET", "/api/v1/account/whoami", nil},
			{"GET", "/api/v1/no-such-operation", nil},
			{"POST", "/api/v1/account/login", `{"email":`},
			{"POST", "/api/v1/account/login", strings.Repeat(" ", httpapi.MaxBodyBytes+1)},
			{"GET", "/api/v1/calendar/not-a-token.ics", nil},
		}
		// A static file of the built app when this binary has one (make build embeds them).
		if entries, err := fs.ReadDir(web.Dist(), "assets"); err == nil && len(entries) > 0 {
			requests = append(requests, struct {
				method, path string
				body         any
			}{"GET", "/assets/" + entries[0].Name(), nil})
		}
		statuses := map[int]bool{}
		for _, r := range requests {
			res := c.Do(r.method, s.URL+r.path, r.body)
			statuses[res.Status] = true
			checkSecurityHeaders(t, fmt.Sprintf("%s %s (%d, https %v)", r.method, r.path, res.Status, https), res.Header, https)
		}
		for _, want := range []int{200, 401, 404, 405, 413, 422} {
			if !statuses[want] {
				t.Errorf("no answer with status %d was checked (got %v)", want, statuses)
			}
		}
	}
}
