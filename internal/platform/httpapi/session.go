package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
)

// Cookie names shared by the server and the UI. The CSRF cookie's name depends on the base URL:
// see CSRFCookieName.
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

func writeError(w http.ResponseWriter, body *ErrorBody) {
	for k, v := range body.headers {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(body.status)
	_ = json.NewEncoder(w).Encode(body)
}

// WriteError answers err in the API's one error shape, for middleware outside the operations
// (FromAppError says how errors map to statuses).
func WriteError(ctx context.Context, w http.ResponseWriter, err error) {
	writeError(w, FromAppError(ctx, err))
}
