package oidctest_test

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/oidc/oidctest"
)

const redirectURI = "https://hive.example/callback"

var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func challenge(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// authorizeQuery is a valid authorize request; tests spoil one parameter.
func authorizeQuery(s *oidctest.Server) url.Values {
	return url.Values{
		"client_id": {s.ClientID}, "redirect_uri": {redirectURI}, "response_type": {"code"},
		"scope": {"openid email"}, "state": {"st"}, "nonce": {"no"},
		"code_challenge": {challenge("verifier-verifier-verifier-verifier-verifier")}, "code_challenge_method": {"S256"},
	}
}

func getCode(t *testing.T, s *oidctest.Server, q url.Values) (int, string) {
	t.Helper()
	resp, err := noRedirects.Get(s.URL() + "/authorize?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	return resp.StatusCode, loc.Query().Get("code")
}

func TestAuthorizeRefuses(t *testing.T) {
	t.Parallel()
	s := oidctest.Start(t)
	s.AddUser(oidctest.User{Subject: "u1"})
	for name, spoil := range map[string]func(url.Values){
		"unknown client":  func(q url.Values) { q.Set("client_id", "intruder") },
		"no redirect_uri": func(q url.Values) { q.Del("redirect_uri") },
		"relative uri":    func(q url.Values) { q.Set("redirect_uri", "/callback") },
		"implicit flow":   func(q url.Values) { q.Set("response_type", "token") },
		"no openid scope": func(q url.Values) { q.Set("scope", "email") },
		"no PKCE":         func(q url.Values) { q.Del("code_challenge"); q.Del("code_challenge_method") },
		"plain PKCE":      func(q url.Values) { q.Set("code_challenge_method", "plain") },
	} {
		q := authorizeQuery(s)
		spoil(q)
		if status, _ := getCode(t, s, q); status != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", name, status)
		}
	}
	if status, code := getCode(t, s, authorizeQuery(s)); status != http.StatusFound || code == "" {
		t.Errorf("valid request: status %d, code %q; want 302 with a code", status, code)
	}
}

func TestTokenRefuses(t *testing.T) {
	t.Parallel()
	s := oidctest.Start(t)
	s.AddUser(oidctest.User{Subject: "u1"})
	const verifier = "verifier-verifier-verifier-verifier-verifier"
	tests := []struct {
		name   string
		spoil  func(form url.Values, user, pass *string)
		status int
	}{
		{"valid, basic auth", func(url.Values, *string, *string) {}, http.StatusOK},
		{"valid, form credentials", func(f url.Values, u, p *string) {
			f.Set("client_id", *u)
			f.Set("client_secret", *p)
			*u, *p = "", ""
		}, http.StatusOK},
		{"wrong secret", func(_ url.Values, _, p *string) { *p = "guess" }, http.StatusUnauthorized},
		{"wrong grant type", func(f url.Values, _, _ *string) { f.Set("grant_type", "password") }, http.StatusBadRequest},
		{"other redirect_uri", func(f url.Values, _, _ *string) { f.Set("redirect_uri", redirectURI+"x") }, http.StatusBadRequest},
		{"no verifier", func(f url.Values, _, _ *string) { f.Del("code_verifier") }, http.StatusBadRequest},
		{"wrong verifier", func(f url.Values, _, _ *string) { f.Set("code_verifier", verifier+"x") }, http.StatusBadRequest},
		{"unknown code", func(f url.Values, _, _ *string) { f.Set("code", "forged") }, http.StatusBadRequest},
	}
	for _, tt := range tests {
		_, code := getCode(t, s, authorizeQuery(s))
		form := url.Values{"grant_type": {"authorization_code"}, "code": {code},
			"redirect_uri": {redirectURI}, "code_verifier": {verifier}}
		user, pass := s.ClientID, s.ClientSecret
		tt.spoil(form, &user, &pass)
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, s.URL()+"/token", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if user != "" {
			req.SetBasicAuth(url.QueryEscape(user), url.QueryEscape(pass))
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, resp.StatusCode, tt.status)
		}
	}
}
