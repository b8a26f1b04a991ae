package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/hive/hive/internal/platform/auth"
)

type requestIDKey struct{}

type clientAddrKey struct{}

// ClientAddr returns the address the request came from: the TCP peer, or, when the peer is a
// trusted proxy, the client it forwarded for (see clientAddr).
func ClientAddr(ctx context.Context) string {
	a, _ := ctx.Value(clientAddrKey{}).(string)
	return a
}

type userAgentKey struct{}

// UserAgent returns the request's User-Agent header (what the active sessions list shows as
// the device), or "".
func UserAgent(ctx context.Context) string {
	a, _ := ctx.Value(userAgentKey{}).(string)
	return a
}

type requestLogKey struct{}

// requestLog is what inner middleware learns about a request for its log line. Observe runs
// outside Sessions, which hands the principal on in a new request the outer one never sees,
// so Observe shares this holder through the context and Sessions fills it.
type requestLog struct {
	user, impersonator int64
}

// notePrincipal records the signed-in user of ctx (and the admin impersonating them) for the
// request log.
func notePrincipal(ctx context.Context) {
	l, _ := ctx.Value(requestLogKey{}).(*requestLog)
	if p := auth.FromContext(ctx); l != nil && p != nil {
		l.user, l.impersonator = p.UserID, p.ImpersonatorID
	}
}

// RequestID returns the id given to the current request, for logs.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// statusRecorder remembers the status a handler wrote, for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Observe gives each request an id, its user agent and its client address (believing
// X-Forwarded-For only from trustedProxies), recovers from panics, and logs one line per API
// request with id, method, path, status, duration, user and impersonator. Logs go to stdout, never to the database.
func Observe(logger *slog.Logger, trustedProxies []netip.Prefix, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		ctx := context.WithValue(r.Context(), requestIDKey{}, id)
		ctx = context.WithValue(ctx, clientAddrKey{}, clientAddr(r, trustedProxies))
		ctx = context.WithValue(ctx, userAgentKey{}, r.UserAgent())
		info := &requestLog{}
		ctx = context.WithValue(ctx, requestLogKey{}, info)
		rec := &statusRecorder{ResponseWriter: w}
		w.Header().Set("X-Request-Id", id)
		defer func() {
			if p := recover(); p != nil {
				logger.Error("panic", "request_id", id, "panic", p, "stack", string(debug.Stack()))
				if rec.status == 0 {
					writeError(rec, FromAppError(ctx, nil))
				}
			}
			if !strings.HasPrefix(r.URL.Path, Prefix) {
				return // static assets: not worth a line each
			}
			attrs := []slog.Attr{slog.String("id", id), slog.String("method", r.Method),
				slog.String("path", loggedPath(r.URL.Path)), slog.Int("status", rec.status),
				slog.Duration("duration", time.Since(start)), slog.Int64("user", info.user)}
			if info.impersonator != 0 {
				attrs = append(attrs, slog.Int64("impersonator", info.impersonator))
			}
			logger.LogAttrs(ctx, slog.LevelInfo, "request", attrs...)
		}()
		next.ServeHTTP(rec, r.WithContext(ctx))
	})
}

// MaxUploadBytes caps file uploads (signed blob uploads, multipart document and receipt forms); their
// operations set their own, smaller limits (5 MB images, 10 MB documents).
const MaxUploadBytes = 16 << 20

// LimitBody caps every request body at MaxBodyBytes, and uploads at MaxUploadBytes.
func LimitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil {
			limit := int64(MaxBodyBytes)
			if isUpload(r) {
				limit = MaxUploadBytes
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		next.ServeHTTP(w, r)
	})
}

// isUpload reports the routes that receive files.
func isUpload(r *http.Request) bool {
	p := r.URL.Path
	return r.Method == http.MethodPut && strings.HasPrefix(p, Prefix+"/blob-upload/") ||
		r.Method == http.MethodPost && strings.HasPrefix(p, Prefix+"/account/") && strings.HasSuffix(p, "/documents") ||
		r.Method == http.MethodPost && strings.HasPrefix(p, Prefix+"/timesheet/") && strings.HasSuffix(p, "/receipt")
}

// secretPaths are path prefixes whose rest is a credential (a calendar feed's token): the
// request log keeps the prefix only.
var secretPaths sync.Map

// RedactPath keeps the part of request paths after prefix (under Prefix) out of the logs.
func RedactPath(prefix string) { secretPaths.Store(Prefix+prefix, struct{}{}) }

func loggedPath(path string) string {
	out := path
	secretPaths.Range(func(k, _ any) bool {
		if prefix := k.(string); strings.HasPrefix(path, prefix) {
			out = prefix + "[redacted]"
			return false
		}
		return true
	})
	return out
}
