// Package oidctest runs an in-process OpenID provider for tests: real discovery, a JWKS, an
// authorize endpoint that approves at once, and a token endpoint that checks client credentials
// and PKCE and returns RS256-signed ID tokens. Options make it issue bad tokens for negative tests.
package oidctest

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// User is an account at the test provider.
type User struct {
	Subject       string
	Email         string
	EmailVerified bool
	GivenName     string
	FamilyName    string
}

// AuthRequest is what the authorize endpoint received for one sign-in.
type AuthRequest struct {
	ClientID            string
	RedirectURI         string
	Scope               string
	State               string
	Nonce               string
	CodeChallenge       string
	CodeChallengeMethod string
}

// Option changes how the server behaves, mostly to issue bad ID tokens.
type Option func(*settings)

type settings struct {
	wrongAudience, expired, foreignKey, wrongNonce bool
}

// WithWrongAudience makes ID tokens name another client as audience.
func WithWrongAudience() Option { return func(s *settings) { s.wrongAudience = true } }

// WithExpiredTokens makes ID tokens that expired an hour ago.
func WithExpiredTokens() Option { return func(s *settings) { s.expired = true } }

// WithForeignSigningKey signs ID tokens with a key that is not in the JWKS (same key id).
func WithForeignSigningKey() Option { return func(s *settings) { s.foreignKey = true } }

// WithWrongNonce puts a nonce other than the authorize request's into ID tokens.
func WithWrongNonce() Option { return func(s *settings) { s.wrongNonce = true } }

// Server is a running test provider; its issuer is URL().
type Server struct {
	ClientID     string // the one registered client
	ClientSecret string

	srv    *httptest.Server
	set    settings
	keyID  string
	public *rsa.PublicKey
	signer jose.Signer

	mu    sync.Mutex
	users map[string]User
	next  string
	codes map[string]grant
	last  *AuthRequest
}

// grant is an issued authorization code waiting to be exchanged.
type grant struct {
	AuthRequest
	subject string
	expires time.Time
}

// codeTTL is how long an authorization code can be exchanged.
const codeTTL = time.Minute

// Start runs a test provider until the test ends.
func Start(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{
		ClientID:     "hive-test-client",
		ClientSecret: rand.Text(),
		keyID:        "test-" + rand.Text()[:8],
		users:        map[string]User{},
		codes:        map[string]grant{},
	}
	for _, o := range opts {
		o(&s.set)
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatalf("oidctest: generating key: %v", err)
	}
	s.public = &key.PublicKey
	signWith := key
	if s.set.foreignKey {
		if signWith, err = rsa.GenerateKey(rand.Reader, 2048); err != nil {
			t.Fatalf("oidctest: generating foreign key: %v", err)
		}
	}
	s.signer, err = jose.NewSigner(
		jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: signWith, KeyID: s.keyID}},
		(&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		t.Fatalf("oidctest: signer: %v", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", s.discovery)
	mux.HandleFunc("GET /keys", s.keys)
	mux.HandleFunc("GET /authorize", s.authorize)
	mux.HandleFunc("POST /token", s.token)
	s.srv = httptest.NewServer(mux)
	t.Cleanup(s.srv.Close)
	return s
}

// URL returns the issuer URL, which is also the base of every endpoint.
func (s *Server) URL() string { return s.srv.URL }

// AddUser adds or replaces an account; the first one added becomes the next to sign in.
func (s *Server) AddUser(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[u.Subject] = u
	if s.next == "" {
		s.next = u.Subject
	}
}

// SetNextUser chooses the account that signs in at the next authorize request.
func (s *Server) SetNextUser(subject string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next = subject
}

// LastAuthRequest returns the most recent accepted authorize request, if any.
func (s *Server) LastAuthRequest() (AuthRequest, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		return AuthRequest{}, false
	}
	return *s.last, true
}

func (s *Server) discovery(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                s.URL(),
		"authorization_endpoint":                s.URL() + "/authorize",
		"token_endpoint":                        s.URL() + "/token",
		"jwks_uri":                              s.URL() + "/keys",
		"response_types_supported":              []string{"code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"scopes_supported":                      []string{"openid", "email", "profile"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_basic", "client_secret_post"},
		"code_challenge_methods_supported":      []string{"S256"},
		"grant_types_supported":                 []string{"authorization_code"},
		"claims_supported": []string{"iss", "sub", "aud", "exp", "iat", "nonce",
			"email", "email_verified", "given_name", "family_name"},
	})
}

func (s *Server) keys(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, jose.JSONWebKeySet{Keys: []jose.JSONWebKey{
		{Key: s.public, KeyID: s.keyID, Algorithm: string(jose.RS256), Use: "sig"},
	}})
}

// authorize approves at once, like a person who clicks "allow": it redirects to redirect_uri with
// a code and the state. Requests it cannot trust get a plain 400 and no redirect.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	req := AuthRequest{
		ClientID: q.Get("client_id"), RedirectURI: q.Get("redirect_uri"), Scope: q.Get("scope"),
		State: q.Get("state"), Nonce: q.Get("nonce"),
		CodeChallenge: q.Get("code_challenge"), CodeChallengeMethod: q.Get("code_challenge_method"),
	}
	redirect, err := url.Parse(req.RedirectURI)
	switch {
	case req.ClientID != s.ClientID:
		http.Error(w, "unknown client_id", http.StatusBadRequest)
		return
	case req.RedirectURI == "" || err != nil || !redirect.IsAbs():
		http.Error(w, "redirect_uri must be an absolute URL", http.StatusBadRequest)
		return
	case q.Get("response_type") != "code":
		http.Error(w, "response_type must be code", http.StatusBadRequest)
		return
	case !strings.Contains(" "+req.Scope+" ", " openid "):
		http.Error(w, "scope must include openid", http.StatusBadRequest)
		return
	case req.CodeChallenge == "" || req.CodeChallengeMethod != "S256":
		http.Error(w, "PKCE with code_challenge_method=S256 is required", http.StatusBadRequest)
		return
	}
	code := rand.Text()
	s.mu.Lock()
	subject := s.next
	_, known := s.users[subject]
	if known {
		s.codes[code] = grant{AuthRequest: req, subject: subject, expires: time.Now().Add(codeTTL)}
		s.last = &req
	}
	s.mu.Unlock()
	if !known {
		http.Error(w, "no user to sign in: call AddUser or SetNextUser", http.StatusBadRequest)
		return
	}
	v := redirect.Query()
	v.Set("code", code)
	if req.State != "" {
		v.Set("state", req.State)
	}
	redirect.RawQuery = v.Encode()
	http.Redirect(w, r, redirect.String(), http.StatusFound)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
