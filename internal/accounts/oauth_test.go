package accounts_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/oidc/oidctest"
)

// signInWithGoogle runs the browser's part of the flow against the in-process provider and
// returns where Hive finally sends the browser.
func signInWithGoogle(t *testing.T, c *apptest.Client) *url.URL {
	t.Helper()
	res := c.Do("GET", "/auth/google/login", nil).Want(http.StatusFound)
	authorize := res.Header.Get("Location")
	// The provider approves at once and sends the browser back to Hive's callback.
	res = c.Do("GET", authorize, nil).Want(http.StatusFound)
	callback := res.Header.Get("Location")
	res = c.Do("GET", callback, nil).Want(http.StatusFound)
	final, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return final
}

func TestSignInWithGoogle(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		provider := oidctest.Start(t)
		provider.AddUser(oidctest.User{Subject: "g-1", Email: "freelancer@hive.test", EmailVerified: true, GivenName: "Felix"})
		provider.AddUser(oidctest.User{Subject: "g-2", Email: "stranger@example.com", EmailVerified: true})
		provider.AddUser(oidctest.User{Subject: "g-3", Email: "staff@hive.test", EmailVerified: false})
		provider.AddUser(oidctest.User{Subject: "g-4", Email: "inactive@hive.test", EmailVerified: true})
		s := apptest.Start(t, db, func(c *config.Config) {
			c.Google = config.OAuthClient{ClientID: provider.ClientID, ClientSecret: provider.ClientSecret, IssuerURL: provider.URL()}
		})

		t.Run("known verified address signs in and links the identity", func(t *testing.T) {
			c := s.Client()
			provider.SetNextUser("g-1")
			final := signInWithGoogle(t, c)
			if final.Path != "/oauth/callback" || final.Query().Get("success") != "true" || final.Query().Get("provider") != "google" {
				t.Fatalf("final redirect %s", final)
			}
			var me whoami
			c.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
			if me.Email != "freelancer@hive.test" {
				t.Fatalf("signed in as %+v", me)
			}
			var linked int
			if err := db.Get(t.Context(), &linked, `SELECT COUNT(*) FROM user_identities WHERE provider = 'google' AND subject = 'g-1'`); err != nil || linked != 1 {
				t.Fatalf("identity links %d, %v", linked, err)
			}
			req, _ := provider.LastAuthRequest()
			if req.CodeChallengeMethod != "S256" || req.Nonce == "" || req.State == "" {
				t.Fatalf("authorize request lacks PKCE, nonce or state: %+v", req)
			}
		})

		for _, c := range []struct{ name, subject, want string }{
			{"unknown address is refused", "g-2", "no_account"},
			{"unverified address is refused", "g-3", "no_verified_email"},
			{"inactive account is refused", "g-4", "not_activated"},
		} {
			t.Run(c.name, func(t *testing.T) {
				client := s.Client()
				provider.SetNextUser(c.subject)
				final := signInWithGoogle(t, client)
				if final.Query().Get("error") != c.want || final.Query().Has("message") {
					t.Fatalf("final redirect %s", final)
				}
				client.Do("GET", "/account/whoami", nil).Want(401)
			})
		}

		t.Run("callback without the flow cookie is refused", func(t *testing.T) {
			c := s.Client()
			res := c.Do("GET", "/auth/google/login", nil).Want(http.StatusFound)
			provider.SetNextUser("g-1")
			callback := c.Do("GET", res.Header.Get("Location"), nil).Header.Get("Location")
			other := s.Client() // another browser: no hive_oauth cookie
			final, _ := url.Parse(other.Do("GET", callback, nil).Want(http.StatusFound).Header.Get("Location"))
			if final.Query().Get("error") != "expired" {
				t.Fatalf("final redirect %s", final)
			}
		})

		t.Run("LinkedIn is wired but not configured here", func(t *testing.T) {
			res := s.Client().Do("GET", "/auth/linkedin/login", nil).Want(http.StatusFound)
			if loc := res.Header.Get("Location"); loc != "/oauth/callback?error=start_failed" {
				t.Fatalf("location %s", loc)
			}
		})
	})
}

func TestSignInWithForgedToken(t *testing.T) {
	provider := oidctest.Start(t, oidctest.WithForeignSigningKey())
	provider.AddUser(oidctest.User{Subject: "g-1", Email: "freelancer@hive.test", EmailVerified: true})
	s := apptest.Start(t, databasetest.SQLite(t), func(c *config.Config) {
		c.Google = config.OAuthClient{ClientID: provider.ClientID, ClientSecret: provider.ClientSecret, IssuerURL: provider.URL()}
	})
	c := s.Client()
	final := signInWithGoogle(t, c)
	if final.Query().Get("error") != "failed" || final.Query().Has("message") {
		t.Fatalf("final redirect %s", final)
	}
	c.Do("GET", "/account/whoami", nil).Want(401)
}

// TestAttack_OAuthCallbackDoesNotEchoProviderText: the provider's (or a forger's) error text on
// the callback is not passed on to the page the user sees; only a fixed code is.
func TestAttack_OAuthCallbackDoesNotEchoProviderText(t *testing.T) {
	provider := oidctest.Start(t)
	s := apptest.Start(t, databasetest.SQLite(t), func(c *config.Config) {
		c.Google = config.OAuthClient{ClientID: provider.ClientID, ClientSecret: provider.ClientSecret, IssuerURL: provider.URL()}
	})
	lie := "Your account is locked. Call +44 20 0000 0000 to unlock it"
	res := s.Client().Do("GET", "/auth/google/callback?error="+url.QueryEscape(lie), nil).Want(http.StatusFound)
	loc := res.Header.Get("Location")
	if loc != "/oauth/callback?error=failed" || strings.Contains(loc, "locked") {
		t.Fatalf("callback redirects to %s", loc)
	}
}
