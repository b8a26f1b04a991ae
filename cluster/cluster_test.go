//go:build cluster

// Package cluster_test proves the two-node set-up of cluster/cluster.sh: sessions, blobs and
// background work shared through PostgreSQL and the S3 store, a node killed or drained behind
// HAProxy, and a backup restored. It starts its own cluster (on CLUSTER_PORT 18180 and database
// hive_cluster_test, so it runs beside `make cluster`), then stops it and drops the database:
//
//	make cluster-test   (go test -tags cluster ./cluster/)
package cluster_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail/mailtest"
)

const (
	basePort = 18180
	dbName   = "hive_cluster_test"
	pgBase   = "postgres://postgres@127.0.0.1:5432"
)

// cluster is the running set-up: the proxy, the two nodes, HAProxy's stats and the database.
type cluster struct {
	t     *testing.T
	root  string // the repository
	dir   string // binaries, logs, pid files
	env   []string
	proxy string
	nodes [3]string // nodes[1], nodes[2]
	stats string
	db    *database.DB
	inbox func() []mailtest.Received
}

func TestCluster(t *testing.T) {
	c := start(t)
	// In this order: the fault steps restart the node they stop, and the backup step reads what
	// the earlier steps wrote.
	steps := []struct {
		name string
		run  func(*testing.T)
	}{
		{"session made on one node works on the other", c.sessionAcrossNodes},
		{"profile image uploaded through one node is served by the other", c.imageAcrossNodes},
		{"mail outbox and notifications done exactly once by two nodes", c.backgroundWorkOnce},
		{"node killed mid-request loses nothing committed and the proxy routes around it", c.killMidRequest},
		{"SIGTERM drains requests in flight", c.drainOnSIGTERM},
		{"backup restored into a fresh database serves the same data", c.backupRestore},
	}
	for _, s := range steps {
		ok := t.Run(s.name, func(t *testing.T) {
			parent := c.t
			c.t = t // the helpers fail the step that calls them
			defer func() { c.t = parent }()
			s.run(t)
		})
		if !ok {
			t.FailNow() // a later step needs the cluster as this one leaves it
		}
	}
}

func start(t *testing.T) *cluster {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	smtpURL, inbox := mailtest.StartSMTPServer(t)
	c := &cluster{t: t, root: root, dir: filepath.Join(root, "bin", "cluster-test"), inbox: inbox,
		proxy: fmt.Sprintf("http://127.0.0.1:%d", basePort), stats: fmt.Sprintf("http://127.0.0.1:%d/;csv", basePort+9)}
	for n := 1; n <= 2; n++ {
		c.nodes[n] = fmt.Sprintf("http://127.0.0.1:%d", basePort+n)
	}
	// Each node logs in to the SMTP server under its own name, so the inbox tells who sent what.
	smtpAs := func(user string) string {
		u, err := url.Parse(smtpURL)
		if err != nil {
			t.Fatal(err)
		}
		u.User = url.UserPassword(user, "x")
		return u.String()
	}
	c.env = append(os.Environ(), "CLUSTER_PORT="+strconv.Itoa(basePort), "CLUSTER_DB="+dbName, "CLUSTER_DIR="+c.dir,
		"CLUSTER_SMTP_URL_1="+smtpAs("node1"), "CLUSTER_SMTP_URL_2="+smtpAs("node2"),
		"HIVE_NOTIFY_FOLD_WINDOW=0", "HIVE_NOTIFY_INTERVAL=200ms", "HIVE_DRAIN_DELAY=2s")
	// Cleanups run last first: the nodes stop, then the database they used is dropped.
	t.Cleanup(func() {
		drop := exec.Command("psql", pgBase+"/postgres", "-qc", "DROP DATABASE IF EXISTS "+dbName+" WITH (FORCE)")
		if out, err := drop.CombinedOutput(); err != nil {
			t.Errorf("dropping %s: %v\n%s", dbName, err, out)
		}
	})
	t.Cleanup(func() { c.script("down") })
	c.script("up", "--fresh")
	c.script("seed")
	db, err := database.Connect(pgBase + "/" + dbName + "?sslmode=disable") // the nodes migrated it
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c.db = db
	return c
}

// script runs cluster/cluster.sh with args and the test's settings.
func (c *cluster) script(args ...string) {
	c.t.Helper()
	cmd := exec.Command(filepath.Join(c.root, "cluster", "cluster.sh"), args...)
	cmd.Env = c.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		c.t.Fatalf("cluster.sh %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// pid is node n's process id.
func (c *cluster) pid(n int) int {
	c.t.Helper()
	b, err := os.ReadFile(filepath.Join(c.dir, fmt.Sprintf("node%d.pid", n)))
	if err != nil {
		c.t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		c.t.Fatal(err)
	}
	return pid
}

func (c *cluster) signal(n int, sig syscall.Signal) {
	c.t.Helper()
	if err := syscall.Kill(c.pid(n), sig); err != nil {
		c.t.Fatal(err)
	}
}

// proxyState is HAProxy's status of node n: UP, DOWN, or a transition such as "UP 1/2".
func (c *cluster) proxyState(n int) string {
	c.t.Helper()
	res, err := http.Get(c.stats)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	rows, err := csv.NewReader(res.Body).ReadAll()
	if err != nil {
		c.t.Fatal(err)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "status" {
			col = i
		}
	}
	for _, r := range rows[1:] {
		if r[0] == "nodes" && r[1] == fmt.Sprintf("node%d", n) && col >= 0 {
			return r[col]
		}
	}
	c.t.Fatalf("HAProxy's stats have no node%d", n)
	return ""
}

// waitFor polls cond until it holds, failing after limit (generous: the machine is shared).
func (c *cluster) waitFor(what string, limit time.Duration, cond func() bool) {
	c.t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			c.t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// client is one browser: its cookies (shared by every port of 127.0.0.1) and CSRF token.
type client struct {
	t    *testing.T
	http *http.Client
	csrf string
}

func (c *cluster) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: c.t, http: &http.Client{Jar: jar, Timeout: 60 * time.Second}}
}

// login signs in as the demo account email through base.
func (c *cluster) login(base, email string) *client {
	c.t.Helper()
	cl := c.client()
	var tok struct{ Token string }
	cl.want(http.StatusOK, cl.do("GET", base+"/account/token", nil), &tok)
	cl.csrf = tok.Token
	cl.want(http.StatusOK, cl.do("POST", base+"/account/login", map[string]string{"email": email, "password": accounts.DemoPassword}), nil)
	return cl
}

// answer is a finished request.
type answer struct {
	status int
	node   string // X-Hive-Node: which node answered through the proxy
	// replayed: the answer is the first answer of its Idempotency-Key, given again.
	replayed bool
	body     []byte
	err      error
}

// do sends a request to base+path (base ends in /api/v1 when built by api), body JSON unless
// it is []byte, with headers given as name, value pairs.
func (cl *client) do(method, url string, body any, headers ...string) answer {
	var r io.Reader
	ct := "application/json"
	switch b := body.(type) {
	case nil:
	case []byte:
		r, ct = bytes.NewReader(b), "application/octet-stream"
	case io.Reader:
		r = b
	default:
		data, err := json.Marshal(b)
		if err != nil {
			cl.t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		cl.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", ct)
	}
	if cl.csrf != "" {
		req.Header.Set("X-CSRF-Token", cl.csrf)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := cl.http.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if next := res.Header.Get("X-CSRF-Token"); next != "" {
		cl.csrf = next
	}
	return answer{status: res.StatusCode, node: res.Header.Get("X-Hive-Node"), body: data, err: err,
		replayed: res.Header.Get("Idempotent-Replayed") == "true"}
}

// want fails unless a is status, and decodes its body into v when v is not nil.
func (cl *client) want(status int, a answer, v any) {
	cl.t.Helper()
	if a.err != nil || a.status != status {
		cl.t.Fatalf("status %d (%v), want %d: %s", a.status, a.err, status, a.body)
	}
	if v != nil {
		if err := json.Unmarshal(a.body, v); err != nil {
			cl.t.Fatalf("decode %s: %v", a.body, err)
		}
	}
}

func api(base string) string { return base + "/api/v1" }
