package calendarsync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-webdav"
	"golang.org/x/oauth2"

	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Google Calendar's CalDAV endpoint takes only OAuth 2.0: a freelancer connects it by granting
// Hive access (authorization code flow with state and PKCE) instead of typing an app password.
// The refresh token is sealed as an app password is (with googleSecret before it, so a sync
// knows how to sign in); each sync signs its CalDAV requests with an access token refreshed
// from it when it has expired.
const (
	googleScope = "https://www.googleapis.com/auth/calendar"
	// googleSecret begins the sealed secret of a Google connection: a refresh token follows.
	googleSecret = "google-oauth2-refresh:"
	// GoogleUsername is what a Google connection shows as its user name.
	GoogleUsername = "Google account"
	// googleFlowTTL is how long a started grant and a granted, not yet connected one are kept.
	googleFlowTTL = 15 * time.Minute
)

// Google is the OAuth client of "Connect Google Calendar"; nil when HIVE_GOOGLE_CLIENT_ID and
// HIVE_GOOGLE_CLIENT_SECRET are not set.
type Google struct {
	ClientID, ClientSecret string
	IssuerURL              string // discovery of the authorization and token endpoints
	CalDAVURL              string
	RedirectURL            string
	SecureCookies          bool
	// client reaches the issuer and token endpoints (the operator's configuration, not a
	// freelancer's address).
	client *http.Client

	mu       sync.Mutex
	endpoint *oauth2.Endpoint
	revokeAt string   // the issuer's revocation endpoint (RFC 7009), "" when it names none
	sources  sync.Map // refresh token → oauth2.TokenSource, reusing an access token until it expires
}

// GoogleOf is cfg's Google client, or nil when none is configured.
func GoogleOf(cfg config.Config) *Google {
	if !cfg.Google.Configured() {
		return nil
	}
	return &Google{ClientID: cfg.Google.ClientID, ClientSecret: cfg.Google.ClientSecret,
		IssuerURL: strings.TrimRight(cfg.Google.IssuerURL, "/"), CalDAVURL: cfg.GoogleCalDAVURL,
		RedirectURL:   cfg.BaseURL + httpapi.Prefix + "/calendar-connection/google/callback",
		SecureCookies: cfg.SecureCookies, client: &http.Client{Timeout: 15 * time.Second}}
}

// config is the OAuth client with the endpoints the issuer's discovery document names (read
// once; a failure is not remembered).
func (g *Google) config(ctx context.Context) (*oauth2.Config, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.endpoint == nil {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.IssuerURL+"/.well-known/openid-configuration", nil)
		if err != nil {
			return nil, err
		}
		resp, err := g.client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		var doc struct {
			Auth   string `json:"authorization_endpoint"`
			Token  string `json:"token_endpoint"`
			Revoke string `json:"revocation_endpoint"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil || resp.StatusCode != http.StatusOK || doc.Auth == "" || doc.Token == "" {
			return nil, fmt.Errorf("google discovery: status %d: %v", resp.StatusCode, err)
		}
		g.endpoint = &oauth2.Endpoint{AuthURL: doc.Auth, TokenURL: doc.Token, AuthStyle: oauth2.AuthStyleInHeader}
		g.revokeAt = doc.Revoke
	}
	return &oauth2.Config{ClientID: g.ClientID, ClientSecret: g.ClientSecret, Endpoint: *g.endpoint,
		RedirectURL: g.RedirectURL, Scopes: []string{googleScope}}, nil
}

// googleFlow is a started grant, sealed in a cookie between the start and the callback.
type googleFlow struct {
	User     int64     `json:"u"`
	State    string    `json:"s"`
	Verifier string    `json:"v"`
	Expires  time.Time `json:"e"`
}

// googleGrant is a granted refresh token, sealed in a cookie until the freelancer has chosen
// the calendars and connected.
type googleGrant struct {
	User    int64     `json:"u"`
	Refresh string    `json:"r"`
	Expires time.Time `json:"e"`
}

// authURL starts a grant for user: Google's consent address, and the flow to keep.
func (g *Google) authURL(ctx context.Context, user int64, now time.Time) (string, googleFlow, error) {
	oc, err := g.config(ctx)
	if err != nil {
		return "", googleFlow{}, err
	}
	f := googleFlow{User: user, State: oauth2.GenerateVerifier(), Verifier: oauth2.GenerateVerifier(), Expires: now.Add(googleFlowTTL)}
	// offline and consent: Google sends a refresh token only so.
	return oc.AuthCodeURL(f.State, oauth2.AccessTypeOffline, oauth2.ApprovalForce, oauth2.S256ChallengeOption(f.Verifier)), f, nil
}

// exchange trades the callback's code for a refresh token.
func (g *Google) exchange(ctx context.Context, f googleFlow, code string) (string, error) {
	oc, err := g.config(ctx)
	if err != nil {
		return "", err
	}
	tok, err := oc.Exchange(context.WithValue(ctx, oauth2.HTTPClient, g.client), code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return "", err
	}
	if tok.RefreshToken == "" {
		return "", errors.New("google: no refresh token in the answer")
	}
	return tok.RefreshToken, nil
}

// source is the access tokens of refresh: one kept until it expires, then refreshed.
func (g *Google) source(ctx context.Context, refresh string) (oauth2.TokenSource, error) {
	if s, ok := g.sources.Load(refresh); ok {
		return s.(oauth2.TokenSource), nil
	}
	oc, err := g.config(ctx)
	if err != nil {
		return nil, err
	}
	// The source outlives this request: its refreshes run under a context of their own.
	src := oc.TokenSource(context.WithValue(context.Background(), oauth2.HTTPClient, g.client), &oauth2.Token{RefreshToken: refresh})
	s, _ := g.sources.LoadOrStore(refresh, oauth2.ReuseTokenSource(nil, src))
	return s.(oauth2.TokenSource), nil
}

// forget drops the access tokens of refresh (a refused grant, a disconnected calendar).
func (g *Google) forget(refresh string) { g.sources.Delete(refresh) }

// revoke ends the grant of refresh at the issuer (RFC 7009: Google's revocation endpoint takes
// the token as a form field), so a disconnected calendar leaves Hive no access behind; the
// issuer ends the access tokens issued from it too. Nothing is sent when the issuer names no
// revocation endpoint.
func (g *Google) revoke(ctx context.Context, refresh string) error {
	g.forget(refresh)
	if _, err := g.config(ctx); err != nil {
		return err
	}
	g.mu.Lock()
	at := g.revokeAt
	g.mu.Unlock()
	if at == "" {
		return nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, at, strings.NewReader(url.Values{"token": {refresh}}.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := g.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("google revocation: status %d", resp.StatusCode)
	}
	return nil
}

// bearer signs each request with an access token of src.
type bearer struct {
	src  oauth2.TokenSource
	next webdav.HTTPClient
}

func (b bearer) Do(req *http.Request) (*http.Response, error) {
	tok, err := b.src.Token()
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) {
			return nil, &syncError{msg: MsgGoogleRefused, cause: err}
		}
		return nil, &syncError{msg: MsgUnreachable, cause: err}
	}
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	return b.next.Do(req)
}
