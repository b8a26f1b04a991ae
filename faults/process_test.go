package faults

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// TestMain removes the binary the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// hiveBinary builds cmd/hive once per test run into a temporary directory (or uses
// HIVE_FAULTS_BIN, which `make faults` points at bin/hive), so the tests run the real program.
func hiveBinary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("HIVE_FAULTS_BIN"); p != "" {
		return p
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hive-faults-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "hive")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/hive")
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// freeAddr returns a loopback address free at the time of the call.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// server is one `hive serve` process and what it needs to be started again the same way.
type server struct {
	t    *testing.T
	bin  string
	env  []string
	addr string
	log  *bytes.Buffer
	cmd  *exec.Cmd
	done chan error
}

func newServer(t *testing.T, dbURL string, extraEnv ...string) *server {
	addr := freeAddr(t)
	dir := t.TempDir()
	env := append(os.Environ(), "HIVE_DATABASE_URL="+dbURL, "HIVE_ADDR="+addr, "HIVE_DATA_DIR="+dir,
		"HIVE_BASE_URL=http://"+addr, "HIVE_ENV=", "HIVE_SECRET=faults-test-secret-of-at-least-32-chars")
	return &server{t: t, bin: hiveBinary(t), env: append(env, extraEnv...), addr: addr}
}

// run runs a hive command to its end (migrate, seed demo).
func (s *server) run(args ...string) {
	s.t.Helper()
	cmd := exec.Command(s.bin, args...)
	cmd.Env = s.env
	if out, err := cmd.CombinedOutput(); err != nil {
		s.t.Fatalf("hive %v: %v\n%s", args, err, out)
	}
}

// start starts `hive serve` and waits until it answers; it returns how long that took.
func (s *server) start() time.Duration {
	s.t.Helper()
	t0 := time.Now()
	s.log = &bytes.Buffer{}
	s.cmd = exec.Command(s.bin, "serve")
	s.cmd.Env = s.env
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.done = make(chan error, 1)
	cmd, done := s.cmd, s.done
	go func() { done <- cmd.Wait() }()
	s.t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-done
		}
	})
	deadline := time.Now().Add(2 * time.Minute)
	for {
		res, err := http.Get(s.url("/app-info"))
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return time.Since(t0)
			}
		}
		select {
		case err := <-done:
			s.t.Fatalf("hive serve ended: %v\n%s", err, s.log)
		default:
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("hive serve did not answer within 2 minutes\n%s", s.log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill ends the process with SIGKILL and waits for it to be gone.
func (s *server) kill() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		s.t.Fatal(err)
	}
	<-s.done
}

func (s *server) url(path string) string { return "http://" + s.addr + "/api/v1" + path }

// client is one signed-in browser: cookies and the CSRF token. It reports transport errors
// instead of failing the test, as the load expects some once the server is killed.
type client struct {
	s    *server
	http *http.Client
	csrf string
}

func (s *server) login(email string) *client {
	s.t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &client{s: s, http: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	var tok struct{ Token string }
	if status, err := c.do(context.Background(), "GET", "/account/token", nil, &tok); err != nil || status != 200 {
		s.t.Fatalf("token: %d %v", status, err)
	}
	c.csrf = tok.Token
	status, err := c.do(context.Background(), "POST", "/account/login",
		map[string]string{"email": email, "password": accounts.DemoPassword}, nil)
	if err != nil || status != 200 {
		s.t.Fatalf("login %s: %d %v", email, status, err)
	}
	return c
}

// do sends a JSON request and decodes a 2xx answer into out; err is a transport failure.
func (c *client) do(ctx context.Context, method, path string, body, out any) (int, error) {
	status, _, err := c.raw(ctx, method, path, body, out)
	return status, err
}

// raw is do that also returns the body as received.
func (c *client) raw(ctx context.Context, method, path string, body, out any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.s.url(path), r)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.csrf != "" {
		req.Header.Set("X-CSRF-Token", c.csrf)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	if next := res.Header.Get("X-CSRF-Token"); next != "" {
		c.csrf = next
	}
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, nil, err
	}
	if out != nil && res.StatusCode/100 == 2 {
		if err := json.Unmarshal(data, out); err != nil {
			return res.StatusCode, data, fmt.Errorf("decode %s: %w", data, err)
		}
	}
	return res.StatusCode, data, nil
}
