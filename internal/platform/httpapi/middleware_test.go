package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/config"
)

func TestLoggedPathRedactsSecrets(t *testing.T) {
	RedactPath("/calendar/")
	if got := loggedPath(Prefix + "/calendar/abc123.ics"); got != Prefix+"/calendar/[redacted]" {
		t.Errorf("feed path logged as %q", got)
	}
	if got := loggedPath(Prefix + "/booking/7"); got != Prefix+"/booking/7" {
		t.Errorf("ordinary path logged as %q", got)
	}
}

// TestAttack_RequestLogNamesTheSignedInUser: the request log line of a signed-in request names
// its user (and the admin impersonating them), so V7 audit trails can tell who did what. The
// principal is set by Sessions, inside Observe.
func TestAttack_RequestLogNamesTheSignedInUser(t *testing.T) {
	var out bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&out, nil))
	load := func(ctx context.Context, token string) (context.Context, error) {
		return auth.WithPrincipal(ctx, &auth.Principal{UserID: 42, ImpersonatorID: 7}), nil
	}
	h := Observe(logger, nil, Sessions(load, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})))
	req := httptest.NewRequest(http.MethodGet, Prefix+"/account/whoami", nil)
	req.AddCookie(&http.Cookie{Name: SessionCookie, Value: "t"})
	h.ServeHTTP(httptest.NewRecorder(), req)
	var line struct {
		Msg          string `json:"msg"`
		User         int64  `json:"user"`
		Impersonator int64  `json:"impersonator"`
	}
	if err := json.Unmarshal(out.Bytes(), &line); err != nil {
		t.Fatalf("log %q: %v", out.String(), err)
	}
	if line.Msg != "request" || line.User != 42 || line.Impersonator != 7 {
		t.Errorf("log line %s, want user 42 impersonated by 7", out.String())
	}

	out.Reset()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, Prefix+"/info", nil))
	if !strings.Contains(out.String(), `"user":0`) || strings.Contains(out.String(), "impersonator") {
		t.Errorf("visitor's log line %s", out.String())
	}
}

func TestClientAddrBelievesOnlyTrustedProxies(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	cases := []struct{ name, peer, xff, want string }{
		{"no proxy", "198.51.100.9:5000", "", "198.51.100.9"},
		{"untrusted peer spoofs", "198.51.100.9:5000", "203.0.113.1", "198.51.100.9"},
		{"trusted proxy", "10.0.0.2:5000", "203.0.113.1", "203.0.113.1"},
		{"client prepends a lie", "10.0.0.2:5000", "1.2.3.4, 203.0.113.1", "203.0.113.1"},
		{"two proxies", "10.0.0.2:5000", "203.0.113.1, 10.0.0.3", "203.0.113.1"},
		{"ipv6 proxy", "[::1]:5000", "2001:db8::1", "2001:db8::1"},
		{"garbage after the client", "10.0.0.2:5000", "203.0.113.1, junk", "10.0.0.2"},
		{"trusted proxy, no header", "10.0.0.2:5000", "", "10.0.0.2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = c.peer
			if c.xff != "" {
				r.Header.Set("X-Forwarded-For", c.xff)
			}
			if got := clientAddr(r, trusted); got != c.want {
				t.Errorf("client %q, want %q", got, c.want)
			}
		})
	}
}

func TestSecurityHeaders(t *testing.T) {
	serve := func(cfg config.Config) http.Header {
		rec := httptest.NewRecorder()
		SecurityHeaders(cfg, http.NotFoundHandler()).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
		return rec.Header()
	}
	h := serve(config.Config{HSTS: true})
	if got := h.Get("Strict-Transport-Security"); got != "max-age=31536000; includeSubDomains" {
		t.Errorf("HSTS %q", got)
	}
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob:;") || strings.Contains(csp, "https:") {
		t.Errorf("CSP lets images load from elsewhere: %s", csp)
	}
	if got := serve(config.Config{}).Get("Strict-Transport-Security"); got != "" {
		t.Errorf("HSTS sent while off: %q", got)
	}
	s3 := config.Config{S3: config.S3Config{Endpoint: "minio:9000", Bucket: "hive"}}
	if csp := serve(s3).Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob: http://minio:9000 http://hive.minio:9000;") {
		t.Errorf("CSP without the blob store: %s", csp)
	}
	if got := h.Get("Cache-Control"); got != "" {
		t.Errorf("the app shell is no-store: %q", got)
	}
	rec := httptest.NewRecorder()
	SecurityHeaders(config.Config{}, http.NotFoundHandler()).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, Prefix+"/account/whoami", nil))
	if got := rec.Header().Get("Cache-Control"); got != "no-store" {
		t.Errorf("API answer cacheable: %q", got)
	}
}
