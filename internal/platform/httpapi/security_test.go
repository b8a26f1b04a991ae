package httpapi_test

import (
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/httpapi"
)

// loginLimited makes one failed login claiming to come from forwardedFor and reports whether
// the per-address rate limit refused it.
func loginLimited(t *testing.T, c *apptest.Client, n int, forwardedFor string) bool {
	t.Helper()
	res := c.Do("POST", "/account/login", map[string]string{"email": "nobody" + string(rune('a'+n%26)) + "@example.com",
		"password": "wrong password"}, "X-Forwarded-For", forwardedFor)
	var e struct {
		ErrorCode string `json:"errorCode"`
	}
	res.Decode(&e)
	return e.ErrorCode == apperror.CodeTooManyRequests
}

// TestAttack_SpoofedForwardedForDoesNotEscapeTheRateLimit: from a peer that is not a trusted
// proxy, a new X-Forwarded-For on every attempt does not buy a new rate-limit bucket.
func TestAttack_SpoofedForwardedForDoesNotEscapeTheRateLimit(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		databasetest.StopClock(db) // the attempts must all fall in one rate-limit window
		c := s.Client()
		for i := range accounts.LoginPerAddress.Limit {
			if loginLimited(t, c, i, netip.AddrFrom4([4]byte{203, 0, 113, byte(i + 1)}).String()) {
				t.Fatalf("limited after %d attempts", i)
			}
		}
		if !loginLimited(t, c, 99, "198.51.100.200") {
			t.Fatal("a spoofed X-Forwarded-For escaped the per-address login limit")
		}
	})
}

// TestTrustedProxyGivesEachClientItsOwnBucket: behind a trusted load balancer, the forwarded
// client is the rate-limit key, so one noisy client does not lock everyone else out.
func TestTrustedProxyGivesEachClientItsOwnBucket(t *testing.T) {
	trustLocalProxy := func(cfg *config.Config) {
		cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	}
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		databasetest.StopClock(db) // the attempts must all fall in one rate-limit window
		c := s.Client()
		for i := range accounts.LoginPerAddress.Limit {
			if loginLimited(t, c, i, "203.0.113.1") {
				t.Fatalf("limited after %d attempts", i)
			}
		}
		if !loginLimited(t, c, 98, "203.0.113.1") {
			t.Fatal("the forwarded client was not limited")
		}
		if loginLimited(t, c, 99, "1.2.3.4, 203.0.113.2") {
			t.Fatal("another client behind the proxy shares the first one's bucket")
		}
	}, trustLocalProxy)
}

// TestHSTSHeaderOverHTTP: the header reaches the browser when the setting is on.
func TestHSTSHeaderOverHTTP(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t), func(cfg *config.Config) { cfg.HSTS = true })
	res := s.Client().Do("GET", "/app-info", nil).Want(http.StatusOK)
	if got := res.Header.Get("Strict-Transport-Security"); got != "max-age=31536000; includeSubDomains" {
		t.Errorf("HSTS %q", got)
	}
}

// plant puts a CSRF cookie into c's browser, as an attacker who can write cookies for the site
// (a sibling subdomain, a shared machine) would.
func plant(t *testing.T, s *apptest.Server, c *apptest.Client, token string) {
	t.Helper()
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	c.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: httpapi.CSRFCookie, Value: token, Path: "/"}})
}

// TestAttack_CSRFTokenOfAnotherSessionIsRefused: a token (and its cookie) taken from one
// session does not let a request through on another.
func TestAttack_CSRFTokenOfAnotherSessionIsRefused(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t))
	attacker := s.Login("freelancer@hive.test")
	victim := s.Login("staff@hive.test")
	stolen := attacker.CSRF
	victim.CSRF = stolen
	victim.Do("POST", "/account/logout", nil).WantError(http.StatusForbidden, apperror.CodeCSRF)
	plant(t, s, victim, stolen)
	victim.Do("POST", "/account/logout", nil).WantError(http.StatusForbidden, apperror.CodeCSRF)
	victim.Do("GET", "/account/whoami", nil).Want(http.StatusOK) // still signed in
	attacker.Do("POST", "/account/logout", nil).Want(http.StatusNoContent)
}

// TestAttack_PreLoginCSRFTokenIsRefusedAfterLogin: a token fixed in the browser before sign-in
// stops working at sign-in; the sign-in answer brings the next one.
func TestAttack_PreLoginCSRFTokenIsRefusedAfterLogin(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t))
	c := s.Client()
	fixed := c.CSRF
	res := c.Do("POST", "/account/login", map[string]string{"email": "staff@hive.test", "password": accounts.DemoPassword}).
		Want(http.StatusOK)
	if next := res.Header.Get(httpapi.CSRFHeader); next == "" || next == fixed {
		t.Fatalf("sign-in answer brings token %q (before: %q)", next, fixed)
	}
	c.CSRF = fixed
	plant(t, s, c, fixed)
	c.Do("POST", "/account/logout", nil).WantError(http.StatusForbidden, apperror.CodeCSRF)
	var tok struct{ Token string }
	c.Do("GET", "/account/token", nil).Want(http.StatusOK).Decode(&tok)
	if tok.Token == fixed {
		t.Fatal("the token endpoint hands out the pre-login token")
	}
	c.CSRF = tok.Token
	c.Do("POST", "/account/logout", nil).Want(http.StatusNoContent)
}

// TestCSRFCookieOnHTTPS: on an https base URL the cookie is __Host-hive_csrf: Secure, Path=/,
// no Domain (browsers then refuse it from any other host), HttpOnly and SameSite=Strict.
func TestCSRFCookieOnHTTPS(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t), func(cfg *config.Config) { cfg.SecureCookies = true })
	res := s.Client().Do("GET", "/account/token", nil).Want(http.StatusOK)
	var found *http.Cookie
	for _, line := range res.Header.Values("Set-Cookie") {
		if c, err := http.ParseSetCookie(line); err == nil && strings.Contains(c.Name, httpapi.CSRFCookie) {
			found = c
		}
	}
	if found == nil || found.Name != "__Host-hive_csrf" || !found.Secure || found.Path != "/" || found.Domain != "" ||
		!found.HttpOnly || found.SameSite != http.SameSiteStrictMode {
		t.Fatalf("CSRF cookie %+v", found)
	}
}

// TestAttack_SentResetMailLeavesNoTokenInTheDatabase: after the worker sends a reset mail, a
// copy of the database holds no working reset link.
func TestAttack_SentResetMailLeavesNoTokenInTheDatabase(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		s.Client().Do("POST", "/account/request-password-reset", map[string]string{"email": "freelancer@hive.test"}).Want(http.StatusAccepted)
		var body string
		if err := db.Get(t.Context(), &body, `SELECT body_text FROM mail_outbox WHERE to_addr = ?`, "freelancer@hive.test"); err != nil {
			t.Fatal(err)
		}
		_, token, ok := strings.Cut(body, "token=")
		if token = strings.Fields(token + " ")[0]; !ok || len(token) < 20 {
			t.Fatalf("no token in %q", body)
		}
		if _, err := s.App.Mail.DeliverDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		var leaks int
		if err := db.Get(t.Context(), &leaks, `SELECT COUNT(*) FROM mail_outbox WHERE body_text LIKE ? OR subject LIKE ?`,
			"%"+token+"%", "%"+token+"%"); err != nil || leaks != 0 {
			t.Fatalf("%d outbox rows keep the reset token (%v)", leaks, err)
		}
	})
}
