package oidctest

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"time"
)

// tokenError answers the token endpoint's failures in the RFC 6749 §5.2 shape.
func tokenError(w http.ResponseWriter, status int, code, description string) {
	writeJSON(w, status, map[string]string{"error": code, "error_description": description})
}

// token exchanges an authorization code: it checks the client's credentials (HTTP basic or form),
// the grant type, the code, the redirect_uri and the PKCE S256 code_verifier.
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		tokenError(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	clientID, secret, basic := r.BasicAuth()
	if basic {
		// RFC 6749 §2.3.1: the client id and secret are form-encoded before base64.
		var err1, err2 error
		clientID, err1 = url.QueryUnescape(clientID)
		secret, err2 = url.QueryUnescape(secret)
		if err1 != nil || err2 != nil {
			tokenError(w, http.StatusUnauthorized, "invalid_client", "malformed basic credentials")
			return
		}
	} else {
		clientID, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if subtle.ConstantTimeCompare([]byte(clientID), []byte(s.ClientID)) != 1 ||
		subtle.ConstantTimeCompare([]byte(secret), []byte(s.ClientSecret)) != 1 {
		tokenError(w, http.StatusUnauthorized, "invalid_client", "unknown client or wrong secret")
		return
	}
	if gt := r.PostForm.Get("grant_type"); gt != "authorization_code" {
		tokenError(w, http.StatusBadRequest, "unsupported_grant_type", "grant_type must be authorization_code, got "+gt)
		return
	}
	code := r.PostForm.Get("code")
	s.mu.Lock()
	g, ok := s.codes[code]
	delete(s.codes, code) // a code is good for one attempt
	user, known := s.users[g.subject]
	s.mu.Unlock()
	switch {
	case !ok || time.Now().After(g.expires):
		tokenError(w, http.StatusBadRequest, "invalid_grant", "unknown, used or expired code")
		return
	case g.ClientID != clientID:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code was issued to another client")
		return
	case r.PostForm.Get("redirect_uri") != g.RedirectURI:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "redirect_uri differs from the authorize request's")
		return
	case !known:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "the user no longer exists")
		return
	}
	verifier := r.PostForm.Get("code_verifier")
	if verifier == "" {
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code_verifier is required")
		return
	}
	sum := sha256.Sum256([]byte(verifier))
	if subtle.ConstantTimeCompare([]byte(base64.RawURLEncoding.EncodeToString(sum[:])), []byte(g.CodeChallenge)) != 1 {
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code_verifier does not match code_challenge")
		return
	}
	idToken, err := s.idToken(g, user)
	if err != nil {
		tokenError(w, http.StatusInternalServerError, "server_error", err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": rand.Text(),
		"token_type":   "Bearer",
		"expires_in":   3600,
		"scope":        g.Scope,
		"id_token":     idToken,
	})
}

// idToken signs the ID token for g and user, spoiled as the server's options ask.
func (s *Server) idToken(g grant, user User) (string, error) {
	now := time.Now()
	iat, exp := now, now.Add(time.Hour)
	if s.set.expired {
		iat, exp = now.Add(-2*time.Hour), now.Add(-time.Hour)
	}
	aud, nonce := s.ClientID, g.Nonce
	if s.set.wrongAudience {
		aud = "some-other-client"
	}
	if s.set.wrongNonce {
		nonce = "not-" + g.Nonce
	}
	claims := map[string]any{
		"iss": s.URL(), "sub": user.Subject, "aud": aud, "azp": s.ClientID,
		"iat": iat.Unix(), "exp": exp.Unix(), "auth_time": iat.Unix(),
		"email": user.Email, "email_verified": user.EmailVerified,
		"given_name": user.GivenName, "family_name": user.FamilyName,
	}
	if nonce != "" {
		claims["nonce"] = nonce
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	jws, err := s.signer.Sign(payload)
	if err != nil {
		return "", err
	}
	return jws.CompactSerialize()
}
