package app

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/httpapi"
)

// The load balancer's probes (docs/operations.md). They are plain handlers, not API operations:
// only a proxy calls them, they carry no data, and they stay out of the request log, which a
// probe every second per node would otherwise fill.
const (
	// HealthPath answers 200 while the process serves HTTP at all (liveness).
	HealthPath = httpapi.Prefix + "/health"
	// ReadyPath answers 200 when this node should get traffic: the database answers and the
	// node is not draining; 503 otherwise (readiness).
	ReadyPath = httpapi.Prefix + "/ready"
	// readyPingTimeout bounds the readiness probe's database round trip, so a hung database
	// makes the node not ready instead of making the probe hang.
	readyPingTimeout = 2 * time.Second
)

// probes answers HealthPath and ReadyPath in front of the rest of the handler.
type probes struct {
	db       *database.DB
	draining atomic.Bool
}

func (p *probes) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead || r.URL.Path != HealthPath && r.URL.Path != ReadyPath {
			next.ServeHTTP(w, r)
			return
		}
		status, state := http.StatusOK, "ok"
		if r.URL.Path == ReadyPath {
			status, state = p.readiness(r.Context())
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"status":"` + state + `"}`))
	})
}

// readiness is draining first (no database call once shutdown began), then a database ping.
func (p *probes) readiness(ctx context.Context) (int, string) {
	if p.draining.Load() {
		return http.StatusServiceUnavailable, "draining"
	}
	ctx, cancel := context.WithTimeout(ctx, readyPingTimeout)
	defer cancel()
	if err := p.db.Ping(ctx); err != nil {
		return http.StatusServiceUnavailable, "database unreachable"
	}
	return http.StatusOK, "ready"
}
