package httpapi_test

import (
	"net/http"
	"net/netip"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
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
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		s := apptest.Start(t, db)
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
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		s := apptest.Start(t, db, func(cfg *config.Config) {
			cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
		})
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
	})
}

// TestHSTSHeaderOverHTTP: the header reaches the browser when the setting is on.
func TestHSTSHeaderOverHTTP(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t), func(cfg *config.Config) { cfg.HSTS = true })
	res := s.Client().Do("GET", "/app-info", nil).Want(http.StatusOK)
	if got := res.Header.Get("Strict-Transport-Security"); got != "max-age=31536000; includeSubDomains" {
		t.Errorf("HSTS %q", got)
	}
}
