package httpapi

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
)

// Cookie names shared by the server and the UI.
const (
	SessionCookie       = "hive_session"
	CSRFCookie          = "hive_csrf"
	CSRFHeader          = "X-CSRF-Token"
	ImpersonatingCookie = "hive_impersonating"
)

// PrincipalLoader returns ctx carrying the principal of a session token (auth.WithPrincipal),
// and anything else the loader read with it; it returns ctx unchanged for a token that is
// unknown or expired, which makes the request a visitor's.
type PrincipalLoader func(ctx context.Context, token string) (context.Context, error)

// Sessions loads the principal of the session cookie into the request context for API calls.
func Sessions(load PrincipalLoader, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, Prefix) {
			next.ServeHTTP(w, r)
			return
		}
		if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
			ctx, err := load(r.Context(), c.Value)
			if err != nil {
				slog.ErrorContext(r.Context(), "load session", "err", err, "request_id", RequestID(r.Context()))
				writeError(w, FromAppError(r.Context(), err))
				return
			}
			notePrincipal(ctx)
			r = r.WithContext(ctx)
		}
		next.ServeHTTP(w, r)
	})
}

// CSRF refuses unsafe API requests that do not echo the CSRF cookie in the X-CSRF-Token header
// (double-submit: another site can make the browser send the cookie but cannot read it), and
// any unsafe request whose Origin is another site.
func CSRF(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			next.ServeHTTP(w, r)
			return
		}
		if !strings.HasPrefix(r.URL.Path, Prefix) {
			next.ServeHTTP(w, r)
			return
		}
		if !sameOrigin(r) || !tokenMatches(r) {
			writeError(w, &ErrorBody{status: http.StatusForbidden, Message: "CSRF token missing or invalid",
				ErrorCode: apperror.CodeCSRF})
			return
		}
		next.ServeHTTP(w, r)
	})
}

func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true // not a browser cross-site request; the token check still applies
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host == r.Host
}

func tokenMatches(r *http.Request) bool {
	header := r.Header.Get(CSRFHeader)
	c, err := r.Cookie(CSRFCookie)
	if err != nil || header == "" || c.Value == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(header), []byte(c.Value)) == 1
}

func writeError(w http.ResponseWriter, body *ErrorBody) {
	for k, v := range body.headers {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(body.status)
	_ = json.NewEncoder(w).Encode(body)
}
