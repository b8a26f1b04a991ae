// Package oidc signs people in with an OpenID Connect provider (Google, LinkedIn, ...) using the
// authorization code flow with state, nonce and PKCE, and verifies the ID token it gets back.
// It keeps no server memory between the two requests: the Flow travels sealed in a cookie.
package oidc

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	gooidc "github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// Errors callers can test with errors.Is; every returned error wraps more detail.
var (
	// ErrDiscovery means the provider's discovery document could not be fetched or was invalid.
	ErrDiscovery = errors.New("oidc: provider discovery failed")
	// ErrStateMismatch means the callback's state is not the one the flow started with.
	ErrStateMismatch = errors.New("oidc: state mismatch")
	// ErrInvalidFlow means a flow is incomplete, or a sealed flow is malformed or tampered with.
	ErrInvalidFlow = errors.New("oidc: invalid flow")
	// ErrFlowExpired means a sealed flow is older than FlowTTL.
	ErrFlowExpired = errors.New("oidc: flow expired")
	// ErrExchange means the provider refused the authorization code or could not be reached.
	ErrExchange = errors.New("oidc: code exchange failed")
	// ErrIDToken means the ID token is missing or failed verification.
	ErrIDToken = errors.New("oidc: invalid id token")
)

// DefaultScopes are requested when Config.Scopes is empty.
var DefaultScopes = []string{gooidc.ScopeOpenID, "email", "profile"}

// Config describes one OpenID provider registration.
type Config struct {
	Name         string // Hive's name for the provider, such as "google"; becomes Identity.Provider.
	IssuerURL    string // Issuer, such as https://accounts.google.com; discovery is read below it.
	ClientID     string
	ClientSecret string
	RedirectURL  string // Hive's callback URL, registered with the provider.
	Scopes       []string
}

// Identity is who the provider says signed in.
type Identity struct {
	Provider      string
	Subject       string
	Email         string
	EmailVerified bool
	GivenName     string
	FamilyName    string
}

// Flow is the per-sign-in secret state carried from AuthCodeURL to Finish.
type Flow struct {
	State    string
	Nonce    string
	Verifier string // PKCE code verifier
}

// NewFlow returns a flow with fresh random state, nonce and PKCE verifier.
func NewFlow() Flow {
	return Flow{State: rand.Text() + rand.Text(), Nonce: rand.Text() + rand.Text(), Verifier: oauth2.GenerateVerifier()}
}

func (f Flow) validate() error {
	if f.State == "" || f.Nonce == "" || f.Verifier == "" {
		return fmt.Errorf("%w: state, nonce and verifier are all required", ErrInvalidFlow)
	}
	return nil
}

// Provider is a configured OpenID provider; it discovers the provider's endpoints on first use.
type Provider struct {
	cfg    Config
	client *http.Client

	mu       sync.Mutex
	oauth    *oauth2.Config
	verifier *gooidc.IDTokenVerifier
}

// New checks cfg and returns a provider; discovery is deferred to the first AuthCodeURL or Finish,
// so a server starts even while the provider is unreachable. An *http.Client placed in ctx with
// oauth2.HTTPClient (or go-oidc's ClientContext) is used for every request to the provider.
func New(ctx context.Context, cfg Config) (*Provider, error) {
	var missing []string
	for _, f := range []struct{ name, value string }{
		{"Name", cfg.Name}, {"IssuerURL", cfg.IssuerURL}, {"ClientID", cfg.ClientID}, {"RedirectURL", cfg.RedirectURL},
	} {
		if f.value == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("oidc: provider %q: missing %s", cfg.Name, strings.Join(missing, ", "))
	}
	if len(cfg.Scopes) == 0 {
		cfg.Scopes = DefaultScopes
	}
	if !slices.Contains(cfg.Scopes, gooidc.ScopeOpenID) {
		cfg.Scopes = append([]string{gooidc.ScopeOpenID}, cfg.Scopes...)
	}
	cfg.Scopes = slices.Clone(cfg.Scopes)
	client, _ := ctx.Value(oauth2.HTTPClient).(*http.Client)
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	return &Provider{cfg: cfg, client: client}, nil
}

// Name returns the provider's name from its Config.
func (p *Provider) Name() string { return p.cfg.Name }

// clientContext makes the provider's HTTP client the one oauth2 and go-oidc use under ctx.
func (p *Provider) clientContext(ctx context.Context) context.Context {
	return gooidc.ClientContext(ctx, p.client)
}

// discover fetches the discovery document once; a failure is not remembered, so the next call retries.
func (p *Provider) discover(ctx context.Context) (*oauth2.Config, *gooidc.IDTokenVerifier, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.oauth != nil {
		return p.oauth, p.verifier, nil
	}
	op, err := gooidc.NewProvider(p.clientContext(ctx), p.cfg.IssuerURL)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %s: %w", ErrDiscovery, p.cfg.Name, err)
	}
	var meta struct {
		AuthMethods []string `json:"token_endpoint_auth_methods_supported"`
	}
	if err := op.Claims(&meta); err != nil {
		return nil, nil, fmt.Errorf("%w: %s: %w", ErrDiscovery, p.cfg.Name, err)
	}
	endpoint := op.Endpoint()
	// Send client credentials the way the provider says it accepts them (LinkedIn takes only
	// form parameters); the spec's default is HTTP basic.
	endpoint.AuthStyle = oauth2.AuthStyleInHeader
	if len(meta.AuthMethods) > 0 && !slices.Contains(meta.AuthMethods, "client_secret_basic") &&
		slices.Contains(meta.AuthMethods, "client_secret_post") {
		endpoint.AuthStyle = oauth2.AuthStyleInParams
	}
	p.oauth = &oauth2.Config{
		ClientID:     p.cfg.ClientID,
		ClientSecret: p.cfg.ClientSecret,
		Endpoint:     endpoint,
		RedirectURL:  p.cfg.RedirectURL,
		Scopes:       p.cfg.Scopes,
	}
	p.verifier = op.Verifier(&gooidc.Config{ClientID: p.cfg.ClientID})
	return p.oauth, p.verifier, nil
}

// AuthCodeURL returns the provider's authorization URL for f, carrying state, nonce and the PKCE
// S256 challenge.
func (p *Provider) AuthCodeURL(ctx context.Context, f Flow) (string, error) {
	if err := f.validate(); err != nil {
		return "", err
	}
	oc, _, err := p.discover(ctx)
	if err != nil {
		return "", err
	}
	return oc.AuthCodeURL(f.State, gooidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.Verifier)), nil
}

// Finish completes a sign-in: it checks the callback's state against f, exchanges code with the
// PKCE verifier, verifies the ID token (signature, issuer, audience, expiry, nonce) and returns
// the identity it asserts.
func (p *Provider) Finish(ctx context.Context, f Flow, gotState, code string) (Identity, error) {
	if err := f.validate(); err != nil {
		return Identity{}, err
	}
	if subtle.ConstantTimeCompare([]byte(f.State), []byte(gotState)) != 1 {
		return Identity{}, fmt.Errorf("%w: the callback's state is not this flow's", ErrStateMismatch)
	}
	if code == "" {
		return Identity{}, fmt.Errorf("%w: %s: the callback has no code", ErrExchange, p.cfg.Name)
	}
	oc, verifier, err := p.discover(ctx)
	if err != nil {
		return Identity{}, err
	}
	ctx = p.clientContext(ctx)
	tok, err := oc.Exchange(ctx, code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %s: %w", ErrExchange, p.cfg.Name, err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return Identity{}, fmt.Errorf("%w: %s: the token response has no id_token", ErrIDToken, p.cfg.Name)
	}
	idt, err := verifier.Verify(ctx, raw)
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %s: %w", ErrIDToken, p.cfg.Name, err)
	}
	if subtle.ConstantTimeCompare([]byte(idt.Nonce), []byte(f.Nonce)) != 1 {
		return Identity{}, fmt.Errorf("%w: %s: nonce does not match this flow's", ErrIDToken, p.cfg.Name)
	}
	if idt.AccessTokenHash != "" {
		if err := idt.VerifyAccessToken(tok.AccessToken); err != nil {
			return Identity{}, fmt.Errorf("%w: %s: %w", ErrIDToken, p.cfg.Name, err)
		}
	}
	var claims struct {
		Email         string   `json:"email"`
		EmailVerified flexBool `json:"email_verified"`
		GivenName     string   `json:"given_name"`
		FamilyName    string   `json:"family_name"`
	}
	if err := idt.Claims(&claims); err != nil {
		return Identity{}, fmt.Errorf("%w: %s: reading claims: %w", ErrIDToken, p.cfg.Name, err)
	}
	if idt.Subject == "" {
		return Identity{}, fmt.Errorf("%w: %s: empty sub claim", ErrIDToken, p.cfg.Name)
	}
	return Identity{
		Provider:      p.cfg.Name,
		Subject:       idt.Subject,
		Email:         claims.Email,
		EmailVerified: bool(claims.EmailVerified),
		GivenName:     claims.GivenName,
		FamilyName:    claims.FamilyName,
	}, nil
}

// flexBool reads a JSON boolean, or the strings "true"/"false" that some providers send.
type flexBool bool

func (b *flexBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch v := v.(type) {
	case bool:
		*b = flexBool(v)
	case string:
		*b = flexBool(strings.EqualFold(v, "true"))
	case nil:
		*b = false
	default:
		return fmt.Errorf("email_verified: want boolean, got %T", v)
	}
	return nil
}
