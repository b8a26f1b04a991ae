package oidc_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/oidc"
	"github.com/hive/hive/internal/platform/oidc/oidctest"
)

const redirectURL = "https://hive.example/api/v1/auth/test/callback"

var alice = oidctest.User{
	Subject: "alice-123", Email: "alice@example.com", EmailVerified: true,
	GivenName: "Alice", FamilyName: "Liddell",
}

// newProvider starts a test provider with alice on it and a Provider configured for it.
func newProvider(t *testing.T, opts ...oidctest.Option) (*oidctest.Server, *oidc.Provider) {
	t.Helper()
	srv := oidctest.Start(t, opts...)
	srv.AddUser(alice)
	p, err := oidc.New(t.Context(), oidc.Config{
		Name: "test", IssuerURL: srv.URL(), ClientID: srv.ClientID, ClientSecret: srv.ClientSecret,
		RedirectURL: redirectURL,
	})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return srv, p
}

// authorize follows the browser's first hop: it opens the authorization URL and returns the
// state and code from the provider's redirect back to Hive.
func authorize(t *testing.T, p *oidc.Provider, f oidc.Flow) (state, code string) {
	t.Helper()
	authURL, err := p.AuthCodeURL(t.Context(), f)
	if err != nil {
		t.Fatalf("AuthCodeURL: %v", err)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(authURL)
	if err != nil {
		t.Fatalf("GET authorize: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("authorize status = %d, want 302", resp.StatusCode)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatalf("Location: %v", err)
	}
	if got := loc.Scheme + "://" + loc.Host + loc.Path; got != redirectURL {
		t.Fatalf("redirected to %q, want %q", got, redirectURL)
	}
	return loc.Query().Get("state"), loc.Query().Get("code")
}

func TestFinish(t *testing.T) {
	t.Parallel()
	srv, p := newProvider(t)
	f := oidc.NewFlow()
	state, code := authorize(t, p, f)

	req, ok := srv.LastAuthRequest()
	if !ok {
		t.Fatal("the provider recorded no authorize request")
	}
	sum := sha256.Sum256([]byte(f.Verifier))
	if req.State != f.State || req.Nonce != f.Nonce || req.CodeChallengeMethod != "S256" ||
		req.CodeChallenge != base64.RawURLEncoding.EncodeToString(sum[:]) || req.RedirectURI != redirectURL {
		t.Errorf("authorize request = %+v, does not carry the flow %+v", req, f)
	}

	got, err := p.Finish(t.Context(), f, state, code)
	if err != nil {
		t.Fatalf("Finish: %v", err)
	}
	want := oidc.Identity{Provider: "test", Subject: alice.Subject, Email: alice.Email, EmailVerified: true,
		GivenName: alice.GivenName, FamilyName: alice.FamilyName}
	if got != want {
		t.Errorf("identity = %+v, want %+v", got, want)
	}

	if _, err := p.Finish(t.Context(), f, state, code); !errors.Is(err, oidc.ErrExchange) {
		t.Errorf("reusing the code: err = %v, want ErrExchange", err)
	}
}

func TestFinishNextUser(t *testing.T) {
	t.Parallel()
	srv, p := newProvider(t)
	bob := oidctest.User{Subject: "bob-7", Email: "bob@example.com", GivenName: "Bob"}
	srv.AddUser(bob)
	srv.SetNextUser(bob.Subject)
	f := oidc.NewFlow()
	state, code := authorize(t, p, f)
	got, err := p.Finish(t.Context(), f, state, code)
	if err != nil {
		t.Fatalf("Finish: %v", err)
	}
	if got.Subject != bob.Subject || got.Email != bob.Email || got.EmailVerified {
		t.Errorf("identity = %+v, want bob unverified", got)
	}
}

func TestFinishFailures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		opts    []oidctest.Option
		spoil   func(f *oidc.Flow, state, code *string) // changes what reaches Finish
		wantErr error
		wantMsg string
	}{
		{name: "wrong state", spoil: func(_ *oidc.Flow, s, _ *string) { *s = oidc.NewFlow().State },
			wantErr: oidc.ErrStateMismatch},
		{name: "empty state", spoil: func(_ *oidc.Flow, s, _ *string) { *s = "" }, wantErr: oidc.ErrStateMismatch},
		{name: "wrong code", spoil: func(_ *oidc.Flow, _, c *string) { *c = "forged" }, wantErr: oidc.ErrExchange,
			wantMsg: "invalid_grant"},
		{name: "no code", spoil: func(_ *oidc.Flow, _, c *string) { *c = "" }, wantErr: oidc.ErrExchange},
		{name: "wrong PKCE verifier", spoil: func(f *oidc.Flow, _, _ *string) { f.Verifier = oidc.NewFlow().Verifier },
			wantErr: oidc.ErrExchange, wantMsg: "code_verifier does not match"},
		{name: "missing PKCE verifier", spoil: func(f *oidc.Flow, _, _ *string) { f.Verifier = "" },
			wantErr: oidc.ErrInvalidFlow},
		{name: "wrong audience", opts: []oidctest.Option{oidctest.WithWrongAudience()}, wantErr: oidc.ErrIDToken,
			wantMsg: "audience"},
		{name: "expired token", opts: []oidctest.Option{oidctest.WithExpiredTokens()}, wantErr: oidc.ErrIDToken,
			wantMsg: "expired"},
		{name: "foreign signing key", opts: []oidctest.Option{oidctest.WithForeignSigningKey()},
			wantErr: oidc.ErrIDToken, wantMsg: "signature"},
		{name: "wrong nonce", opts: []oidctest.Option{oidctest.WithWrongNonce()}, wantErr: oidc.ErrIDToken,
			wantMsg: "nonce"},
		{name: "flow nonce differs", spoil: func(f *oidc.Flow, _, _ *string) { f.Nonce = oidc.NewFlow().Nonce },
			wantErr: oidc.ErrIDToken, wantMsg: "nonce"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, p := newProvider(t, tt.opts...)
			f := oidc.NewFlow()
			state, code := authorize(t, p, f)
			if tt.spoil != nil {
				tt.spoil(&f, &state, &code)
			}
			id, err := p.Finish(t.Context(), f, state, code)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Finish = %+v, %v; want error %v", id, err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error %q does not mention %q", err, tt.wantMsg)
			}
			if id != (oidc.Identity{}) {
				t.Errorf("identity = %+v on failure, want zero", id)
			}
		})
	}
}

// TestProviderRefusesMissingVerifier proves the token endpoint itself refuses an exchange
// without code_verifier, whatever the client checks first.
func TestProviderRefusesMissingVerifier(t *testing.T) {
	t.Parallel()
	srv, p := newProvider(t)
	_, code := authorize(t, p, oidc.NewFlow())
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURL}}
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL()+"/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(srv.ClientID, srv.ClientSecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("token without code_verifier: status %d, want 400", resp.StatusCode)
	}
}

func TestLazyDiscovery(t *testing.T) {
	t.Parallel()
	srv := oidctest.Start(t)
	issuer := srv.URL() + "/nowhere" // no discovery document here
	p, err := oidc.New(context.Background(), oidc.Config{Name: "down", IssuerURL: issuer, ClientID: "c", RedirectURL: redirectURL})
	if err != nil {
		t.Fatalf("New must not contact the provider: %v", err)
	}
	f := oidc.NewFlow()
	if _, err := p.AuthCodeURL(t.Context(), f); !errors.Is(err, oidc.ErrDiscovery) {
		t.Errorf("AuthCodeURL: err = %v, want ErrDiscovery", err)
	}
	if _, err := p.Finish(t.Context(), f, f.State, "code"); !errors.Is(err, oidc.ErrDiscovery) {
		t.Errorf("Finish: err = %v, want ErrDiscovery", err)
	}
}

func TestNewValidates(t *testing.T) {
	t.Parallel()
	_, err := oidc.New(t.Context(), oidc.Config{Name: "google"})
	if err == nil || !strings.Contains(err.Error(), "IssuerURL, ClientID, RedirectURL") {
		t.Errorf("New with missing fields: err = %v", err)
	}
}

func TestNewFlow(t *testing.T) {
	t.Parallel()
	a, b := oidc.NewFlow(), oidc.NewFlow()
	if a.State == "" || a.Nonce == "" || a.Verifier == "" || a.State == a.Nonce {
		t.Errorf("NewFlow() = %+v", a)
	}
	if a.State == b.State || a.Nonce == b.Nonce || a.Verifier == b.Verifier {
		t.Error("two flows share a value")
	}
}
