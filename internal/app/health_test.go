package app_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func probe(t *testing.T, method, url string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// TestProbes: liveness always answers 200; readiness answers 200 while the database answers
// and 503 once it does not; neither needs a session, and only GET and HEAD are probes.
func TestProbes(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		for _, path := range []string{app.HealthPath, app.ReadyPath} {
			if status, body := probe(t, http.MethodGet, s.URL+path); status != http.StatusOK || !strings.Contains(body, `"status"`) {
				t.Fatalf("GET %s: %d %s", path, status, body)
			}
			if status, _ := probe(t, http.MethodHead, s.URL+path); status != http.StatusOK {
				t.Fatalf("HEAD %s: %d", path, status)
			}
			if status, _ := probe(t, http.MethodPost, s.URL+path); status == http.StatusOK {
				t.Fatalf("POST %s is not a probe, got 200", path)
			}
		}
		db.Close()
		if status, body := probe(t, http.MethodGet, s.URL+app.ReadyPath); status != http.StatusServiceUnavailable || !strings.Contains(body, "database unreachable") {
			t.Fatalf("ready without a database: %d %s", status, body)
		}
		if status, _ := probe(t, http.MethodGet, s.URL+app.HealthPath); status != http.StatusOK {
			t.Fatalf("health without a database: %d", status)
		}
	})
}

// TestServeDrains: when its context ends (SIGTERM), Serve first answers readiness with 503 for
// the drain delay while still serving, then closes the listener, and a request in flight
// before all that completes with its answer after the listener closed.
func TestServeDrains(t *testing.T) {
	db := databasetest.SQLite(t)
	cfg, err := config.FromLookup(func(name string) (string, bool) {
		return map[string]string{"HIVE_ADDR": "127.0.0.1:0", "HIVE_DRAIN_DELAY": "400ms"}[name], name == "HIVE_ADDR" || name == "HIVE_DRAIN_DELAY"
	})
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.NewWithDB(cfg, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	// A slow handler stands in for a long request: it has started when started closes and
	// answers once release closes.
	started, release := make(chan struct{}), make(chan struct{})
	appHandler := a.Handler
	a.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			close(started)
			<-release
			_, _ = w.Write([]byte("finished"))
			return
		}
		appHandler.ServeHTTP(w, r)
	})
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	addrc, served := make(chan string, 1), make(chan error, 1)
	go func() { served <- a.Serve(ctx, func(addr string) { addrc <- addr }) }()
	base := "http://" + <-addrc
	if status, _ := probe(t, http.MethodGet, base+app.ReadyPath); status != http.StatusOK {
		t.Fatalf("ready before SIGTERM: %d", status)
	}
	slow := make(chan string, 1)
	go func() {
		res, err := http.Get(base + "/slow")
		if err != nil {
			slow <- err.Error()
			return
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		slow <- res.Status + " " + string(body)
	}()
	<-started
	stop() // what SIGTERM does through signal.NotifyContext
	// Readiness flips while the listener still answers (the drain delay).
	for {
		status, body := probe(t, http.MethodGet, base+app.ReadyPath)
		if status == http.StatusServiceUnavailable && strings.Contains(body, "draining") {
			break
		}
		if status != http.StatusOK {
			t.Fatalf("ready while draining: %d %s", status, body)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if status, _ := probe(t, http.MethodGet, base+app.HealthPath); status != http.StatusOK {
		t.Fatalf("a request during the drain delay: %d", status)
	}
	// Then Shutdown closes the listener, and still waits for the request in flight.
	host := strings.TrimPrefix(base, "http://")
	for {
		c, err := net.Dial("tcp", host)
		if err != nil {
			break
		}
		c.Close()
		time.Sleep(10 * time.Millisecond)
	}
	close(release)
	if got := <-slow; got != "200 OK finished" {
		t.Fatalf("the request in flight at SIGTERM: %s", got)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not return after draining")
	}
	if _, err := http.Get(base + app.HealthPath); err == nil {
		t.Fatal("the listener is still open after Serve returned")
	}
}
