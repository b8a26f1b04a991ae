//go:build faults

package faults

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// pgBin is where Debian's PostgreSQL 15 keeps its programs.
const pgBin = "/usr/lib/postgresql/15/bin"

// privatePostgres is a PostgreSQL server of the test's own, in a temporary directory on a free
// port, so the test can stop and start it without touching the machine's shared server.
type privatePostgres struct {
	t    *testing.T
	dir  string
	port int
	asPG bool // root runs the server as the postgres user (PostgreSQL refuses to run as root)
}

func startPrivatePostgres(t *testing.T) *privatePostgres {
	t.Helper()
	if _, err := os.Stat(filepath.Join(pgBin, "pg_ctl")); err != nil {
		t.Fatalf("PostgreSQL 15 is not installed (%v): apt-get install postgresql-15", err)
	}
	dir, err := os.MkdirTemp("", "hive-faults-pg")
	if err != nil {
		t.Fatal(err)
	}
	p := &privatePostgres{t: t, dir: dir, asPG: os.Geteuid() == 0}
	if p.asPG {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root needs the postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	p.pg("initdb", "-D", p.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
	p.start()
	t.Cleanup(func() {
		_ = p.cmd("pg_ctl", "-D", p.data(), "stop", "-m", "immediate").Run()
		os.RemoveAll(dir)
	})
	return p
}

func (p *privatePostgres) data() string { return filepath.Join(p.dir, "data") }

func (p *privatePostgres) url() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", p.port)
}

func (p *privatePostgres) cmd(name string, args ...string) *exec.Cmd {
	prog := filepath.Join(pgBin, name)
	if p.asPG {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", prog}, args...)...)
	}
	return exec.Command(prog, args...)
}

func (p *privatePostgres) pg(name string, args ...string) {
	p.t.Helper()
	if out, err := p.cmd(name, args...).CombinedOutput(); err != nil {
		p.t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}

func (p *privatePostgres) start() {
	p.t.Helper()
	p.pg("pg_ctl", "-D", p.data(), "-l", filepath.Join(p.dir, "log"), "-w", "start",
		"-o", fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", p.port, p.dir))
}

// stop stops the server as a restart does: sessions are ended, in-flight transactions rolled back.
func (p *privatePostgres) stop() { p.pg("pg_ctl", "-D", p.data(), "-w", "stop", "-m", "fast") }

// TestPostgresRestartedUnderLoadAnswers503ThenRecovers runs `hive serve` on a private
// PostgreSQL, drives bookings and offers from four clients, stops PostgreSQL mid-load and starts
// it again. While it is down every request that needs the database gets 503 S-503 in the API's
// error shape (never a 500, never a driver message); the server reconnects by itself, the
// writes succeed again, and every acknowledged write is in the database afterwards.
func TestPostgresRestartedUnderLoadAnswers503ThenRecovers(t *testing.T) {
	pg := startPrivatePostgres(t)
	s := newServer(t, pg.url(), "HIVE_NOTIFY_INTERVAL=200ms")
	s.run("seed", "demo")
	s.start()
	load := prepareLoad(t, s, pg.url())
	clients := make([]*client, 4)
	for i := range clients {
		clients[i] = s.login("manager@hive.test")
	}
	lg := &ledger{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	loadDone := make(chan struct{})
	var transportMu sync.Mutex
	var transport []error
	go func() {
		defer close(loadDone)
		load.run(ctx, clients, lg, func(err error) error {
			if ctx.Err() != nil {
				return err
			}
			if _, ok := err.(net.Error); ok {
				transportMu.Lock()
				transport = append(transport, err) // the server itself must stay up
				transportMu.Unlock()
				return err
			}
			time.Sleep(5 * time.Millisecond) // a 503: the client tries again a little later
			return nil
		})
	}()
	// A reader walks a few pages meanwhile: they too answer 503, never 500.
	reader := s.login("manager@hive.test")
	readsDone := make(chan struct{})
	go func() {
		defer close(readsDone)
		paths := []string{"/account/whoami", "/booking?page=1&pageSize=20", "/notification/stats", "/account?page=1&pageSize=20"}
		for i := 0; ctx.Err() == nil; i++ {
			status, body, err := reader.raw(ctx, "GET", paths[i%len(paths)], nil, nil)
			if err == nil {
				lg.status(status, body)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Minute)
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("waiting for %s\n%s", what, s.log)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	unavailable := func() int {
		lg.mu.Lock()
		defer lg.mu.Unlock()
		return lg.statuses[503]
	}
	waitFor("20 acknowledged bookings", func() bool { b, _ := lg.counts(); return b >= 20 })
	before, _ := lg.counts()
	stopped := time.Now()
	pg.stop()
	// A restart's worth of outage: at least three seconds, and long enough for 50 answers.
	waitFor("50 answers 503 while PostgreSQL is down", func() bool {
		return unavailable() >= 50 && time.Since(stopped) >= 3*time.Second
	})
	during := unavailable()
	down := time.Since(stopped)
	restarted := time.Now()
	pg.start()
	waitFor("a booking acknowledged after the restart", func() bool { b, _ := lg.counts(); return b > before+len(clients) })
	recovered := time.Since(restarted)
	waitFor("20 more acknowledged bookings", func() bool { b, _ := lg.counts(); return b >= before+20+len(clients) })
	cancel()
	<-loadDone
	<-readsDone

	if len(transport) > 0 {
		t.Errorf("the server stopped answering: %v", transport)
	}
	lg.mu.Lock()
	bad, statuses := lg.bad, lg.statuses
	lg.mu.Unlock()
	if len(bad) > 0 {
		t.Errorf("%d answers break the rules (a 5xx not 503 S-503), first: %s", len(bad), bad[0])
	}
	if statuses[500] > 0 {
		t.Errorf("%d answers 500", statuses[500])
	}
	checkLedger(t, pg.url(), lg)
	bookings, grants := lg.counts()
	t.Logf("PostgreSQL down %v: %d answers 503 S-503 meanwhile; first booking acknowledged %v after PostgreSQL started again; "+
		"answers %v; %d bookings and %d offers acknowledged, all found", down.Round(time.Millisecond), during,
		recovered.Round(time.Millisecond), statuses, bookings, grants)
}
