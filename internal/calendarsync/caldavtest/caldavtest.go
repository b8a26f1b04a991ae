// Package caldavtest runs a real CalDAV server for tests: Debian's radicale (tools/need-packages
// installs it) on a free loopback port, with its own storage directory and plain htpasswd
// users, stopped when the test ends.
package caldavtest

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Binary is where radicale is installed.
const Binary = "/usr/bin/radicale"

// Server is a running radicale.
type Server struct {
	URL  string // http://127.0.0.1:port/
	cmd  *exec.Cmd
	t    testing.TB
	conf string
}

// Start runs radicale with users (name → password). A machine without radicale fails the test
// (install it with tools/need-packages radicale): a CalDAV test never passes without a server.
func Start(t testing.TB, users map[string]string) *Server {
	t.Helper()
	if _, err := os.Stat(Binary); err != nil {
		t.Fatalf("radicale is not installed (tools/need-packages radicale): %v", err)
	}
	dir := t.TempDir()
	var htpasswd strings.Builder
	for u, p := range users {
		fmt.Fprintf(&htpasswd, "%s:%s\n", u, p)
	}
	must(t, os.WriteFile(filepath.Join(dir, "users"), []byte(htpasswd.String()), 0o600))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	addr := ln.Addr().String()
	ln.Close()
	conf := filepath.Join(dir, "config")
	must(t, os.WriteFile(conf, []byte(fmt.Sprintf(`[server]
hosts = %s
[auth]
type = htpasswd
htpasswd_filename = %s
htpasswd_encryption = plain
delay = 0
[storage]
filesystem_folder = %s
[rights]
type = owner_only
[logging]
level = warning
`, addr, filepath.Join(dir, "users"), filepath.Join(dir, "collections"))), 0o600))
	s := &Server{URL: "http://" + addr + "/", t: t, conf: conf}
	s.start()
	t.Cleanup(s.Stop)
	return s
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func (s *Server) start() {
	s.t.Helper()
	s.cmd = exec.Command(Binary, "--config", s.conf)
	s.cmd.Stdout, s.cmd.Stderr = io.Discard, os.Stderr
	must(s.t, s.cmd.Start())
	addr := strings.TrimSuffix(strings.TrimPrefix(s.URL, "http://"), "/")
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
	}
	s.t.Fatalf("radicale did not listen on %s", addr)
}

// Stop stops radicale (an outage); Restart starts it again on the same port and storage.
func (s *Server) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
		s.cmd = nil
	}
}

// Restart starts a stopped radicale again.
func (s *Server) Restart() { s.start() }

// Do sends one request as user and answers its status and body.
func (s *Server) Do(user, password, method, path, contentType, body string) (int, string) {
	s.t.Helper()
	req, err := http.NewRequest(method, strings.TrimSuffix(s.URL, "/")+path, strings.NewReader(body))
	must(s.t, err)
	req.SetBasicAuth(user, password)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	must(s.t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// MakeCalendar creates calendar name of user and answers its path (/user/name/).
func (s *Server) MakeCalendar(user, password, name string) string {
	s.t.Helper()
	path := "/" + user + "/" + name + "/"
	code, body := s.Do(user, password, "MKCALENDAR", path, "application/xml", `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<D:displayname>`+name+`</D:displayname>
<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>`)
	if code != http.StatusCreated {
		s.t.Fatalf("MKCALENDAR %s: %d %s", path, code, body)
	}
	return path
}

// Put stores an iCalendar object at path (a calendar's path plus a file name).
func (s *Server) Put(user, password, path, ics string) {
	s.t.Helper()
	ics = strings.ReplaceAll(strings.ReplaceAll(ics, "\r\n", "\n"), "\n", "\r\n")
	if code, body := s.Do(user, password, "PUT", path, "text/calendar; charset=utf-8", ics); code/100 != 2 {
		s.t.Fatalf("PUT %s: %d %s", path, code, body)
	}
}

// Get reads the object at path: its status and text.
func (s *Server) Get(user, password, path string) (int, string) {
	s.t.Helper()
	return s.Do(user, password, "GET", path, "", "")
}

// Calendar reads every object of a calendar as one iCalendar text (radicale answers a GET of
// a collection so).
func (s *Server) Calendar(user, password, path string) string {
	s.t.Helper()
	code, body := s.Get(user, password, path)
	if code != http.StatusOK {
		s.t.Fatalf("GET %s: %d %s", path, code, body)
	}
	return strings.ReplaceAll(body, "\r\n", "\n")
}
