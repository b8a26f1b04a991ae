package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/config"
)

// CSRF tokens are signed double-submit tokens (OWASP): a random nonce and an HMAC, under a key
// every node shares, of the nonce and the session cookie the token was made for. The browser
// sends the token both as a cookie and in the X-CSRF-Token header; a request passes only when
// the two match and the HMAC holds for the session cookie the request carries. So a token works
// only with the session it was made for: one planted before sign-in (cookie tossing, a shared
// machine) or taken from another session is refused. Whenever a response changes the session
// cookie (sign-in, sign-out, sign-up with sign-in, impersonation) it carries the next token in
// the X-CSRF-Token header and cookie, and the web client takes it from there.

// csrfNonceBytes is the nonce's length: 128 bits.
const csrfNonceBytes = 16

// csrfSigner makes and checks tokens for one configuration.
type csrfSigner struct {
	key    []byte
	cookie string
	secure bool
}

func newCSRFSigner(cfg config.Config) *csrfSigner {
	return &csrfSigner{key: auth.SecretKey(cfg.Secret, "csrf"), cookie: CSRFCookieName(cfg.SecureCookies),
		secure: cfg.SecureCookies}
}

// CSRFCookieName is the CSRF cookie's name: on https it carries the __Host- prefix, which makes
// browsers accept it only with Secure, Path=/ and no Domain, so a sibling subdomain cannot set it.
func CSRFCookieName(secure bool) string {
	if secure {
		return "__Host-" + CSRFCookie
	}
	return CSRFCookie
}

func (s *csrfSigner) mac(session string, nonce []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write(auth.TokenHash(session)) // fixed length, so session and nonce cannot run into each other
	m.Write(nonce)
	return m.Sum(nil)
}

// mint returns a new token for the session cookie value session ("" for a visitor).
func (s *csrfSigner) mint(session string) string {
	nonce := make([]byte, csrfNonceBytes)
	if _, err := rand.Read(nonce); err != nil {
		panic("crypto/rand failed: " + err.Error())
	}
	enc := base64.RawURLEncoding
	return enc.EncodeToString(nonce) + "." + enc.EncodeToString(s.mac(session, nonce))
}

// valid reports whether token was made for session.
func (s *csrfSigner) valid(token, session string) bool {
	nonceText, macText, ok := strings.Cut(token, ".")
	enc := base64.RawURLEncoding
	nonce, err1 := enc.DecodeString(nonceText)
	mac, err2 := enc.DecodeString(macText)
	if !ok || err1 != nil || err2 != nil || len(nonce) != csrfNonceBytes {
		return false
	}
	return hmac.Equal(mac, s.mac(session, nonce))
}

// cookieFor is the cookie carrying token: SameSite=Strict, HttpOnly (the page gets the token
// from the answer, never from the cookie), Path=/, no Domain, Secure on https.
func (s *csrfSigner) cookieFor(token string) *http.Cookie {
	return &http.Cookie{Name: s.cookie, Value: token, Path: "/", HttpOnly: true, Secure: s.secure,
		SameSite: http.SameSiteStrictMode, MaxAge: 365 * 24 * 3600}
}

// csrfRequest is what the token operation needs of the request: set by CSRF in the context.
type csrfRequest struct {
	signer   *csrfSigner
	session  string // the request's session cookie
	existing string // the request's CSRF cookie
}

type csrfKey struct{}

// IssueCSRF returns the CSRF token for the request in ctx and the cookie that carries it: the
// request's own token when it still fits the request's session (so open tabs keep working),
// otherwise a new one.
func IssueCSRF(ctx context.Context) (string, http.Cookie) {
	r, _ := ctx.Value(csrfKey{}).(*csrfRequest)
	if r == nil {
		panic("httpapi.IssueCSRF outside the CSRF middleware")
	}
	token := r.existing
	if !r.signer.valid(token, r.session) {
		token = r.signer.mint(r.session)
	}
	return token, *r.signer.cookieFor(token)
}

// CSRF refuses unsafe API requests whose X-CSRF-Token header is not the CSRF cookie, or not a
// token made for the request's session cookie, and any unsafe request whose Origin is another
// site. Every API answer that changes the session cookie carries the next token. The API paths
// in machine (under Prefix, such as a partner's webhook) are left alone: another server calls
// them with its own credential and no cookies, and they must act on nothing a cookie grants.
func CSRF(cfg config.Config, next http.Handler, machine ...string) http.Handler {
	signer := newCSRFSigner(cfg)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, Prefix) || slices.Contains(machine, strings.TrimPrefix(r.URL.Path, Prefix)) {
			next.ServeHTTP(w, r)
			return
		}
		req := &csrfRequest{signer: signer, session: cookieValue(r, SessionCookie), existing: cookieValue(r, signer.cookie)}
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			if !sameOrigin(r) || !req.passes(r.Header.Get(CSRFHeader)) {
				writeError(w, &ErrorBody{status: http.StatusForbidden, Message: "CSRF token missing or invalid",
					ErrorCode: apperror.CodeCSRF})
				return
			}
		}
		renewer := &csrfRenewer{ResponseWriter: w, signer: signer, session: req.session}
		next.ServeHTTP(renewer, r.WithContext(context.WithValue(r.Context(), csrfKey{}, req)))
	})
}

// passes reports whether header is the request's CSRF cookie and was made for its session.
func (c *csrfRequest) passes(header string) bool {
	if header == "" || subtle.ConstantTimeCompare([]byte(header), []byte(c.existing)) != 1 {
		return false
	}
	return c.signer.valid(header, c.session)
}

func cookieValue(r *http.Request, name string) string {
	if c, err := r.Cookie(name); err == nil {
		return c.Value
	}
	return ""
}

func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true // not a browser cross-site request; the token check still applies
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host == r.Host
}

// csrfRenewer adds the next CSRF token to an answer that sets the session cookie, or the
// impersonation cookie (the session stays, but the page starts over as someone else), before
// its headers go out.
type csrfRenewer struct {
	http.ResponseWriter
	signer  *csrfSigner
	session string // the request's session cookie, kept when the answer does not replace it
	done    bool
}

func (w *csrfRenewer) WriteHeader(code int) {
	w.renew()
	w.ResponseWriter.WriteHeader(code)
}

func (w *csrfRenewer) Write(b []byte) (int, error) {
	w.renew()
	return w.ResponseWriter.Write(b)
}

func (w *csrfRenewer) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *csrfRenewer) renew() {
	if w.done {
		return
	}
	w.done = true
	h := w.Header()
	session, changed := w.session, false
	for _, line := range h.Values("Set-Cookie") {
		c, err := http.ParseSetCookie(line)
		if err != nil {
			continue
		}
		switch c.Name {
		case SessionCookie:
			changed, session = true, c.Value
			if c.MaxAge < 0 {
				session = ""
			}
		case ImpersonatingCookie:
			changed = true
		}
	}
	if !changed {
		return
	}
	token := w.signer.mint(session)
	h.Add("Set-Cookie", w.signer.cookieFor(token).String())
	h.Set(CSRFHeader, token)
}
