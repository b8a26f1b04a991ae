package calendarsync_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/calendarsync/caldavtest"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// fakeGoogle is an OAuth 2.0 server as Google's (discovery, token endpoint with PKCE, refresh,
// revocation) and a CalDAV endpoint in front of radicale that takes only its bearer tokens.
type fakeGoogle struct {
	mu         sync.Mutex
	challenges map[string]string // code → PKCE challenge
	access     string            // the access token the CalDAV endpoint takes
	issued     int
	refreshes  int
	revoked    bool
	revokedBy  []string // the tokens sent to the revocation endpoint
	oauth, dav *httptest.Server
}

func startFakeGoogle(t *testing.T, radicale string) *fakeGoogle {
	f := &fakeGoogle{challenges: map[string]string{}}
	f.oauth = httptest.NewServer(http.HandlerFunc(f.serveOAuth))
	t.Cleanup(f.oauth.Close)
	target, _ := url.Parse(radicale)
	proxy := httputil.NewSingleHostReverseProxy(target)
	f.dav = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		ok := !f.revoked && f.access != "" && r.Header.Get("Authorization") == "Bearer "+f.access
		f.mu.Unlock()
		if !ok {
			http.Error(w, "bearer token required", http.StatusUnauthorized)
			return
		}
		r.SetBasicAuth(davUser, davPass)
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(f.dav.Close)
	return f
}

func (f *fakeGoogle) serveOAuth(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	answer := func(status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(v)
	}
	switch r.URL.Path {
	case "/.well-known/openid-configuration":
		answer(200, map[string]string{"issuer": f.oauth.URL, "authorization_endpoint": f.oauth.URL + "/auth",
			"token_endpoint": f.oauth.URL + "/token", "revocation_endpoint": f.oauth.URL + "/revoke"})
		return
	case "/revoke": // as Google's: the token as a form field, no client authentication
		_ = r.ParseForm()
		f.revokedBy = append(f.revokedBy, r.Form.Get("token"))
		f.revoked = f.revoked || r.Form.Get("token") == "refresh-1"
		answer(200, map[string]string{})
		return
	case "/token":
	default:
		http.NotFound(w, r)
		return
	}
	if id, secret, _ := r.BasicAuth(); id != "calendar-client" || secret != "calendar-secret" {
		answer(401, map[string]string{"error": "invalid_client"})
		return
	}
	_ = r.ParseForm()
	switch r.Form.Get("grant_type") {
	case "authorization_code":
		sum := sha256.Sum256([]byte(r.Form.Get("code_verifier")))
		challenge, ok := f.challenges[r.Form.Get("code")]
		delete(f.challenges, r.Form.Get("code"))
		if !ok || challenge != base64.RawURLEncoding.EncodeToString(sum[:]) || !strings.HasSuffix(r.Form.Get("redirect_uri"), "/api/v1/calendar-connection/google/callback") {
			answer(400, map[string]string{"error": "invalid_grant"})
			return
		}
		f.issued++
		answer(200, map[string]any{"access_token": fmt.Sprint("first-", f.issued), "token_type": "Bearer", "refresh_token": "refresh-1", "expires_in": 3600})
	case "refresh_token":
		if f.revoked || r.Form.Get("refresh_token") != "refresh-1" {
			answer(400, map[string]string{"error": "invalid_grant", "error_description": "Token has been expired or revoked."})
			return
		}
		f.issued++
		f.refreshes++
		f.access = fmt.Sprint("access-", f.issued)
		// Expires at once (within oauth2's ten seconds of slack): every sync refreshes.
		answer(200, map[string]any{"access_token": f.access, "token_type": "Bearer", "expires_in": 1})
	default:
		answer(400, map[string]string{"error": "unsupported_grant_type"})
	}
}

// A freelancer connects Google Calendar with OAuth (state and PKCE): the refresh token is
// sealed, the CalDAV requests carry bearer tokens refreshed as they expire, and a revoked grant
// fails the sync as a refused password does, keeping the busy times known.
func TestConnectGoogleCalendar(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		radicale := caldavtest.Start(t, map[string]string{davUser: davPass})
		read := radicale.MakeCalendar(davUser, davPass, "personal")
		g := startFakeGoogle(t, radicale.URL)
		s := apptest.Start(t, db, func(cfg *config.Config) {
			cfg.Google = config.OAuthClient{ClientID: "calendar-client", ClientSecret: "calendar-secret", IssuerURL: g.oauth.URL}
			cfg.GoogleCalDAVURL = g.dav.URL + "/"
		})
		day := time.Now().UTC().AddDate(0, 0, 7).Format("20060102")
		radicale.Put(davUser, davPass, read+"dentist.ics", vevent("dentist", "SUMMARY:Dentist\nDTSTART:"+day+"T100000Z\nDTEND:"+day+"T110000Z"))
		me := s.As(apptest.Freelancer)
		var list calendarsync.CalendarConnectionList
		me.Do("GET", "/calendar-connection", nil).Want(200).Decode(&list)
		if !list.GoogleAvailable {
			t.Fatal("Google is configured but not offered")
		}
		for _, role := range []string{apptest.Manager, apptest.DeptMgr, apptest.Admin} {
			s.As(role).Do("GET", "/calendar-connection/google/start", nil).WantError(403, "A-102")
			s.As(role).Do("POST", "/calendar-connection/google/discover", nil).WantError(403, "A-102")
		}

		grant := func(code string, tamper bool) string {
			start := me.Do("GET", "/calendar-connection/google/start", nil).Want(302)
			to, _ := url.Parse(start.Header.Get("Location"))
			q := to.Query()
			if to.Path != "/auth" || q.Get("code_challenge_method") != "S256" || q.Get("access_type") != "offline" ||
				q.Get("scope") != "https://www.googleapis.com/auth/calendar" || q.Get("state") == "" {
				t.Fatalf("authorization address %s", to)
			}
			g.mu.Lock()
			g.challenges[code] = q.Get("code_challenge")
			g.mu.Unlock()
			state := q.Get("state")
			if tamper {
				state += "x"
			}
			back := me.Do("GET", "/calendar-connection/google/callback?"+url.Values{"state": {state}, "code": {code}}.Encode(), nil).Want(302)
			return back.Header.Get("Location")
		}
		if to := grant("code-0", true); to != "/settings?google-calendar=failed" {
			t.Fatalf("a wrong state went to %s", to)
		}
		me.Do("POST", "/calendar-connection/google/discover", nil).WantError(422, "V-422")
		if to := grant("code-1", false); to != "/settings?google-calendar=ready" {
			t.Fatalf("the grant went to %s", to)
		}
		var found calendarsync.DiscoveredCalendars
		me.Do("POST", "/calendar-connection/google/discover", nil).Want(200).Decode(&found)
		if len(found.Calendars) != 1 || found.Calendars[0].Path != read {
			t.Fatalf("discovered %+v", found)
		}
		var conn calendarsync.CalendarConnection
		me.Do("POST", "/calendar-connection/google", map[string]any{"readCalendar": read, "writeCalendar": read}).Want(201).Decode(&conn)
		if conn.Username != calendarsync.GoogleUsername || conn.ServerURL != g.dav.URL+"/" {
			t.Fatalf("connection %+v", conn)
		}
		sealed := databasetest.Get[string](t, db, `SELECT secret_sealed FROM calendar_connections WHERE id = ?`, conn.ID)
		if strings.Contains(sealed, "refresh-1") {
			t.Fatal("the refresh token is stored in the clear")
		}
		sync := func() calendarsync.CalendarConnection {
			var c calendarsync.CalendarConnection
			me.Do("POST", fmt.Sprintf("/calendar-connection/%d/sync", conn.ID), nil).Want(200).Decode(&c)
			return c
		}
		busy := func() int {
			return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM calendar_busy_blocks WHERE connection_id = ?`, conn.ID)
		}
		if c := sync(); c.LastError != "" || busy() != 1 {
			t.Fatalf("first sync: %+v, busy %d", c, busy())
		}
		before := g.refreshes
		if c := sync(); c.LastError != "" || g.refreshes <= before {
			t.Fatalf("second sync: %+v, refreshes %d then %d", c, before, g.refreshes)
		}
		g.mu.Lock()
		g.revoked = true
		g.mu.Unlock()
		if c := sync(); c.LastError != calendarsync.MsgGoogleRefused || c.LastGoodSyncAt == nil || busy() != 1 {
			t.Fatalf("after revocation: %+v, busy %d", c, busy())
		}

		// Disconnecting ends the grant at Google (who else may disconnect: TestOnlyItsFreelancerReachesAConnection).
		g.mu.Lock()
		g.revoked = false
		g.mu.Unlock()
		path := fmt.Sprintf("/calendar-connection/%d", conn.ID)
		s.As(apptest.Manager).Do("DELETE", path, nil).WantError(403, "A-102")
		me.Do("DELETE", path, nil).Want(204)
		g.mu.Lock()
		revokedBy := slices.Clone(g.revokedBy)
		g.mu.Unlock()
		if !slices.Equal(revokedBy, []string{"refresh-1"}) || busy() != 0 {
			t.Fatalf("disconnected: revocations %q, busy %d", revokedBy, busy())
		}
	})
}
