//go:build cluster

package cluster_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
)

type whoami struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
}

// sessionAcrossNodes: signing in on node 1 gives a session node 2 accepts, for reads and for
// writes (the CSRF token is keyed by the shared HIVE_SECRET); signing out on node 2 ends it on
// node 1.
func (c *cluster) sessionAcrossNodes(t *testing.T) {
	cl := c.login(api(c.nodes[1]), "staff@hive.test")
	var me whoami
	cl.want(http.StatusOK, cl.do("GET", api(c.nodes[2])+"/account/whoami", nil), &me)
	if me.Email != "staff@hive.test" {
		t.Fatalf("node 2 sees %+v", me)
	}
	cl.want(http.StatusNoContent, cl.do("POST", api(c.nodes[2])+"/account/logout", nil), nil)
	start := time.Now()
	c.waitFor("node 1 refuses the signed-out session", 10*time.Second, func() bool {
		return cl.do("GET", api(c.nodes[1])+"/account/whoami", nil).status == http.StatusUnauthorized
	})
	t.Logf("a sign-out on node 2 ended the session on node 1 within %v", time.Since(start).Round(time.Millisecond))
}

func pngImage(t *testing.T, shade uint8) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = shade
	}
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// uploadImage sends data as user's profile image through base (the signed URL's path, at base).
func uploadImage(t *testing.T, cl *client, base string, user int64, body io.Reader) answer {
	var u struct{ UploadURL string }
	cl.want(http.StatusOK, cl.do("GET", fmt.Sprintf("%s/account/%d/profile_image", api(base), user), nil), &u)
	parsed, err := url.Parse(u.UploadURL)
	if err != nil {
		t.Fatal(err)
	}
	return cl.do("PUT", base+parsed.RequestURI(), body)
}

// imageAcrossNodes: an image uploaded through node 1 lands in the S3 store, and node 2 serves it.
func (c *cluster) imageAcrossNodes(t *testing.T) {
	cl := c.login(api(c.nodes[1]), "freelancer@hive.test")
	var me whoami
	cl.want(http.StatusOK, cl.do("GET", api(c.nodes[1])+"/account/whoami", nil), &me)
	img := pngImage(t, 90)
	cl.want(http.StatusOK, uploadImage(t, cl, c.nodes[1], me.ID, bytes.NewReader(img)), nil)
	got := cl.do("GET", fmt.Sprintf("%s/account/%d/profile_image/file", api(c.nodes[2]), me.ID), nil)
	cl.want(http.StatusOK, got, nil)
	if !bytes.Equal(got.body, img) {
		t.Fatalf("node 2 served %d bytes, not the %d uploaded", len(got.body), len(img))
	}
}

// backgroundWorkOnce: 150 queued mails and the notifications of 10 invitations made through the
// proxy are each delivered once while both nodes' workers run.
func (c *cluster) backgroundWorkOnce(t *testing.T) {
	ctx := context.Background()
	const mails = 150
	prefix := fmt.Sprintf("cluster-once-%d-", time.Now().UnixNano())
	err := c.db.InTx(ctx, func(tx *database.Tx) error {
		for i := range mails {
			m := mail.Message{To: fmt.Sprintf("once%d@example.com", i), Subject: fmt.Sprintf("%s%d", prefix, i), Text: "once", Kind: "cluster_test"}
			if err := mail.Enqueue(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Invitations made through the proxy (round robin: both nodes) each mail the invitee and
	// leave an event the notification workers tell the entity's managers about.
	manager := c.login(api(c.proxy), "manager@hive.test")
	var firstEvent int64
	if err := c.db.Get(ctx, &firstEvent, `SELECT COALESCE(MAX(id), 0) FROM invitation_events`); err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		manager.want(http.StatusCreated, manager.do("POST", api(c.proxy)+"/invitation", map[string]any{"entityId": 1,
			"email": fmt.Sprintf("%sinvitee%d@example.com", prefix, i), "purpose": "freelancer"}), nil)
	}
	c.waitFor("every invitation event is told", 60*time.Second, func() bool {
		var pending int
		if err := c.db.Get(ctx, &pending, `SELECT COUNT(*) FROM invitation_events WHERE id > ? AND delivered_at IS NULL`, firstEvent); err != nil {
			t.Fatal(err)
		}
		return pending == 0
	})
	c.waitFor("the outbox is empty", 90*time.Second, func() bool {
		var pending int
		if err := c.db.Get(ctx, &pending, `SELECT COUNT(*) FROM mail_outbox WHERE status <> ?`, mail.StatusSent); err != nil {
			t.Fatal(err)
		}
		return pending == 0
	})
	var sent []struct {
		ID      int64  `db:"id"`
		Subject string `db:"subject"`
		To      string `db:"to_addr"`
	}
	if err := c.db.Select(ctx, &sent, `SELECT id, subject, to_addr FROM mail_outbox`); err != nil {
		t.Fatal(err)
	}
	// Every sent row arrived once: counted by Message-ID, which names the outbox row.
	byNode := map[string]int{}
	seen := map[string]int{}
	for _, m := range c.inbox() {
		seen[messageID(m.Data)]++
		byNode[m.User]++
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("message %s arrived %d times", id, n)
		}
	}
	if len(seen) != len(sent) {
		t.Errorf("the SMTP server received %d distinct messages, the outbox sent %d", len(seen), len(sent))
	}
	var ours int
	for _, s := range sent {
		if strings.HasPrefix(s.Subject, prefix) || strings.HasPrefix(s.To, prefix) {
			ours++
		}
	}
	if ours < mails+10 {
		t.Errorf("%d of this step's mails were sent, want at least %d", ours, mails+10)
	}
	// The notifications: one per event and recipient, each event told at least once.
	var told, distinct, events int
	if err := c.db.Get(ctx, &told, `SELECT COUNT(*) FROM notifications n JOIN invitation_events e ON e.id = n.event_id
		WHERE e.id > ?`, firstEvent); err != nil {
		t.Fatal(err)
	}
	if err := c.db.Get(ctx, &events, `SELECT COUNT(*) FROM invitation_events WHERE id > ?`, firstEvent); err != nil {
		t.Fatal(err)
	}
	if err := c.db.Get(ctx, &distinct, `SELECT COUNT(*) FROM (SELECT DISTINCT n.event_id, n.user_id FROM notifications n
		JOIN invitation_events e ON e.id = n.event_id WHERE e.id > ?) d`, firstEvent); err != nil {
		t.Fatal(err)
	}
	if events < 10 || told != distinct {
		t.Errorf("%d invitation events, %d notifications for %d event-recipient pairs", events, told, distinct)
	}
	t.Logf("%d mails delivered once each (by node: %v); %d invitation events told as %d notifications",
		len(seen), byNode, events, told)
}

// messageID is the Message-ID header of a raw message.
func messageID(raw string) string {
	for _, line := range strings.Split(raw, "\n") {
		if strings.HasPrefix(strings.ToLower(line), "message-id:") {
			return strings.TrimSpace(line[len("message-id:"):])
		}
		if strings.TrimSpace(line) == "" {
			break
		}
	}
	return "(none)"
}

// noteAPI is what the write load uses: internal notes by a manager about one freelancer.
type noteAPI struct {
	cl         *client
	freelancer int64
	entity     int64
}

func (c *cluster) notes(t *testing.T) noteAPI {
	fl := c.login(api(c.proxy), "freelancer@hive.test")
	var me whoami
	fl.want(http.StatusOK, fl.do("GET", api(c.proxy)+"/account/whoami", nil), &me)
	cl := c.login(api(c.proxy), "manager@hive.test")
	var entities []struct{ ID int64 }
	cl.want(http.StatusOK, cl.do("GET", fmt.Sprintf("%s/account/internal-note/entities/%d", api(c.proxy), me.ID), nil), &entities)
	if len(entities) == 0 {
		t.Fatal("the manager may write notes for no entity")
	}
	return noteAPI{cl: cl, freelancer: me.ID, entity: entities[0].ID}
}

func (n noteAPI) body(title string) map[string]any {
	return map[string]any{"freelancer_id": n.freelancer, "entity_id": n.entity, "title": title, "description": "cluster test"}
}

// titles are the note titles about the freelancer, read through base.
func (n noteAPI) titles(t *testing.T, base string) map[string]int64 {
	var list []struct {
		ID    int64
		Title string
	}
	n.cl.want(http.StatusOK, n.cl.do("GET", fmt.Sprintf("%s/account/internal-note/%d", api(base), n.freelancer), nil), &list)
	out := map[string]int64{}
	for _, x := range list {
		out[x.Title] = x.ID
	}
	return out
}

// slowBody is a request body the test releases in two halves.
func slowBody(data []byte) (body io.Reader, sentHalf chan struct{}, finish func()) {
	r, w := io.Pipe()
	sentHalf = make(chan struct{})
	release := make(chan struct{})
	go func() {
		_, _ = w.Write(data[:len(data)/2]) // returns once the transport has taken it
		close(sentHalf)
		<-release
		_, _ = w.Write(data[len(data)/2:])
		w.Close()
	}()
	var once sync.Once
	return r, sentHalf, func() { once.Do(func() { close(release) }) }
}

// killMidRequest: under write load through the proxy, node 1 is killed with SIGKILL while a
// request it received is half read. Every acknowledged write is there afterwards, the half
// request left nothing, and once HAProxy has marked node 1 down every request succeeds. Every
// write carries an Idempotency-Key; each that failed is sent again with its key until it is
// answered, and then every write, acknowledged or retried, is stored exactly once.
func (c *cluster) killMidRequest(t *testing.T) {
	n := c.notes(t)
	prefix := fmt.Sprintf("kill-%d-", time.Now().UnixNano())
	var mu sync.Mutex
	acked, failed := map[string]int64{}, []string{}
	var afterKill, failedAfterKill int
	killed := make(chan struct{})
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				title := fmt.Sprintf("%s%d-%d", prefix, w, i)
				var wasKilled bool
				select {
				case <-killed:
					wasKilled = true
				default:
				}
				a := n.cl.do("PATCH", api(c.proxy)+"/account/update-internal-note", n.body(title), idempotencyHeader, title)
				mu.Lock()
				if a.err == nil && a.status == http.StatusOK {
					acked[title] = 0
				} else {
					failed = append(failed, title)
					if wasKilled {
						failedAfterKill++
					}
				}
				if wasKilled {
					afterKill++
				}
				mu.Unlock()
			}
		}()
	}
	count := func() int { mu.Lock(); defer mu.Unlock(); return len(acked) }
	c.waitFor("some writes are acknowledged", 60*time.Second, func() bool { return count() >= 40 })
	// A write in flight on node 1: headers and half its body sent straight to the node.
	half := n.cl
	slowTitle := prefix + "in-flight"
	data := []byte(fmt.Sprintf(`{"freelancer_id":%d,"entity_id":%d,"title":%q,"description":"%s"}`,
		n.freelancer, n.entity, slowTitle, strings.Repeat("x", 8000)))
	body, sentHalf, finish := slowBody(data)
	slow := make(chan answer, 1)
	go func() {
		slow <- half.do("PATCH", api(c.nodes[1])+"/account/update-internal-note", body, idempotencyHeader, slowTitle)
	}()
	<-sentHalf
	killedPid := c.pid(1)
	c.signal(1, syscall.SIGKILL)
	close(killed)
	finish()
	if a := <-slow; a.err == nil && a.status == http.StatusOK {
		t.Fatalf("the request in flight on the killed node was acknowledged: %s", a.body)
	}
	c.waitFor("HAProxy marks node 1 down", 30*time.Second, func() bool { return strings.HasPrefix(c.proxyState(1), "DOWN") })
	before := count()
	c.waitFor("more writes are acknowledged on node 2", 60*time.Second, func() bool { return count() >= before+40 })
	close(stop)
	wg.Wait()
	// After the proxy marked it down, node 2 answers everything.
	for i := range 20 {
		a := n.cl.do("GET", api(c.proxy)+"/account/whoami", nil)
		if a.err != nil || a.status != http.StatusOK || a.node != "node2" {
			t.Fatalf("request %d after node 1 was marked down: %d %q %v", i, a.status, a.node, a.err)
		}
	}
	stored := n.titleCounts(t, c.proxy)
	var ours int
	for title, times := range stored {
		if strings.HasPrefix(title, prefix) {
			ours += times
		}
	}
	for title := range acked {
		if stored[title] != 1 {
			t.Errorf("acknowledged note %q is stored %d times", title, stored[title])
		}
	}
	if stored[slowTitle] != 0 {
		t.Error("the half-sent note was stored")
	}
	// A write whose answer was lost with the node may have committed; nothing else may appear.
	if ours < len(acked) || ours > len(acked)+len(failed) {
		t.Errorf("%d notes stored, %d acknowledged, %d failed", ours, len(acked), len(failed))
	}
	committed := ours - len(acked)
	// Every failed write sent again with its key, the half-sent one too: each is stored once.
	answered := map[string]string{}
	for _, title := range append(failed, slowTitle) {
		answered[title] = n.retry(t, c.proxy, title)
	}
	stored = n.titleCounts(t, c.proxy)
	for _, title := range append(failed, slowTitle) {
		if stored[title] != 1 {
			t.Errorf("note %q, sent again with its key (%s), is stored %d times", title, answered[title], stored[title])
		}
	}
	outcomes := map[string]int{}
	for _, how := range answered {
		outcomes[how]++
	}
	t.Logf("%d writes acknowledged, all stored; %d failed (%d of the %d sent after the kill), of which %d committed before their answer was lost; sent again with their keys: %v; each stored once",
		len(acked), len(failed), failedAfterKill, afterKill, committed, outcomes)
	c.waitFor("node 1 is gone", 30*time.Second, func() bool { return gone(killedPid) })
	c.script("node-start", "1")
	c.script("wait-ready")
}

// idempotencyHeader names a write's key (internal/platform/idempotency).
const idempotencyHeader = "Idempotency-Key"

// retry sends the note write titled title again through base with its key (the title) until
// it is answered: 200 (run now, or the first answer replayed), or 409 saying the first request
// was carried out but its answer was lost with its node. 409 while the key's first request
// still holds it (a killed node's claim, until its 30 s lease runs out), 502 and 503 are waited
// out, as a client would after Retry-After. It returns how it was answered.
func (n noteAPI) retry(t *testing.T, base, title string) string {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		a := n.cl.do("PATCH", api(base)+"/account/update-internal-note", n.body(title), idempotencyHeader, title)
		switch {
		case a.err == nil && a.status == http.StatusOK && a.replayed:
			return "200 replayed"
		case a.err == nil && a.status == http.StatusOK:
			return "200"
		case a.err == nil && a.status == http.StatusConflict && strings.Contains(string(a.body), "answer was lost"):
			return "409 answer lost"
		case a.err == nil && a.status != http.StatusConflict && a.status < 500:
			t.Fatalf("note %q sent again: %d %s", title, a.status, a.body)
		}
		if time.Now().After(deadline) {
			t.Fatalf("note %q sent again for 90 s: last %d %s %v", title, a.status, a.body, a.err)
		}
		time.Sleep(time.Second) // the Retry-After of a 409 while the key is held, and of a 503
	}
}

// titleCounts counts the notes about the freelancer by title, read through base.
func (n noteAPI) titleCounts(t *testing.T, base string) map[string]int {
	var list []struct{ Title string }
	n.cl.want(http.StatusOK, n.cl.do("GET", fmt.Sprintf("%s/account/internal-note/%d", api(base), n.freelancer), nil), &list)
	out := map[string]int{}
	for _, x := range list {
		out[x.Title]++
	}
	return out
}

// gone reports whether process pid has ended (a zombie has: it only waits to be reaped).
func gone(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	// pid (command) state ...: the command may hold spaces and parentheses, the state follows the last ")".
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] == 'Z'
}

// drainOnSIGTERM: node 2 gets SIGTERM while a request it received is half read. Its readiness
// flips to 503, HAProxy takes it out while every request through the proxy succeeds, the
// listener closes, and the half-read request still completes with its answer and its write.
func (c *cluster) drainOnSIGTERM(t *testing.T) {
	n := c.notes(t)
	title := fmt.Sprintf("drain-%d", time.Now().UnixNano())
	data := []byte(fmt.Sprintf(`{"freelancer_id":%d,"entity_id":%d,"title":%q,"description":"%s"}`,
		n.freelancer, n.entity, title, strings.Repeat("y", 8000)))
	body, sentHalf, finish := slowBody(data)
	defer finish()
	slow := make(chan answer, 1)
	go func() { slow <- n.cl.do("PATCH", api(c.nodes[2])+"/account/update-internal-note", body) }()
	<-sentHalf
	pid := c.pid(2)
	c.signal(2, syscall.SIGTERM)
	c.waitFor("node 2's readiness answers 503", 10*time.Second, func() bool {
		a := n.cl.do("GET", api(c.nodes[2])+"/ready", nil)
		return a.err == nil && a.status == http.StatusServiceUnavailable && strings.Contains(string(a.body), "draining")
	})
	var during int
	c.waitFor("HAProxy marks node 2 down", 30*time.Second, func() bool {
		a := n.cl.do("GET", api(c.proxy)+"/account/whoami", nil)
		if a.err != nil || a.status != http.StatusOK {
			t.Fatalf("a request through the proxy while node 2 drains: %d %v %s", a.status, a.err, a.body)
		}
		during++
		return strings.HasPrefix(c.proxyState(2), "DOWN")
	})
	c.waitFor("node 2 closes its listener", 30*time.Second, func() bool {
		conn, err := net.Dial("tcp", strings.TrimPrefix(c.nodes[2], "http://"))
		if err == nil {
			conn.Close()
		}
		return err != nil
	})
	finish()
	a := <-slow
	if a.err != nil || a.status != http.StatusOK {
		t.Fatalf("the request in flight at SIGTERM: %d %v %s", a.status, a.err, a.body)
	}
	c.waitFor("node 2 exits", 30*time.Second, func() bool { return gone(pid) })
	if _, ok := n.titles(t, c.proxy)[title]; !ok {
		t.Fatal("the note written by the drained request is missing")
	}
	t.Logf("%d requests through the proxy while node 2 drained, all answered", during)
	if err := os.Remove(filepath.Join(c.dir, "node2.pid")); err != nil {
		t.Fatal(err)
	}
	c.script("node-start", "2")
	c.script("wait-ready")
}

// backupRestore: pg_dump of the live database, restored into a new one, serves a third node
// with everything the earlier steps wrote (the S3 store is shared: its objects are backed up
// by the store, not by pg_dump).
func (c *cluster) backupRestore(t *testing.T) {
	ctx := context.Background()
	n := c.notes(t)
	want := n.titles(t, c.proxy)
	dump := filepath.Join(c.dir, "backup.dump")
	restored := dbName + "_restored"
	run := func(name string, args ...string) {
		t.Helper()
		if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
	}
	run("pg_dump", "--format=custom", "--file="+dump, pgBase+"/"+dbName)
	run("psql", pgBase+"/postgres", "-qc", "DROP DATABASE IF EXISTS "+restored+" WITH (FORCE)")
	run("psql", pgBase+"/postgres", "-qc", "CREATE DATABASE "+restored)
	t.Cleanup(func() {
		_ = exec.Command("psql", pgBase+"/postgres", "-qc", "DROP DATABASE IF EXISTS "+restored+" WITH (FORCE)").Run()
	})
	run("pg_restore", "--no-owner", "--exit-on-error", "--dbname="+pgBase+"/"+restored, dump)

	// A third node on the restored database, with the cluster's other settings.
	env, err := os.ReadFile(filepath.Join(c.dir, "env"))
	if err != nil {
		t.Fatal(err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", basePort+5)
	cmd := exec.CommandContext(ctx, filepath.Join(c.dir, "hive"), "serve")
	cmd.Env = append(strings.Split(strings.TrimSpace(string(env)), "\n"), "HIVE_ADDR="+addr,
		"HIVE_DATABASE_URL="+pgBase+"/"+restored+"?sslmode=disable", "PATH="+os.Getenv("PATH"))
	logFile, err := os.Create(filepath.Join(c.dir, "restored.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		<-exited
	}()
	base := "http://" + addr
	c.waitFor("the restored node is ready", 60*time.Second, func() bool {
		res, err := http.Get(api(base) + "/ready")
		if err == nil {
			res.Body.Close()
		}
		return err == nil && res.StatusCode == http.StatusOK
	})
	r := noteAPI{cl: c.login(api(base), "manager@hive.test"), freelancer: n.freelancer, entity: n.entity}
	got := r.titles(t, base)
	if len(got) != len(want) {
		t.Fatalf("the restored database has %d notes about the freelancer, the live one %d", len(got), len(want))
	}
	for title, id := range want {
		if got[title] != id {
			t.Errorf("note %q: id %d restored, %d live", title, got[title], id)
		}
	}
	img := r.cl.do("GET", fmt.Sprintf("%s/account/%d/profile_image/file", api(base), n.freelancer), nil)
	r.cl.want(http.StatusOK, img, nil)
	if _, _, err := image.Decode(bytes.NewReader(img.body)); err != nil {
		t.Fatalf("the restored node serves no image: %v", err)
	}
	t.Logf("pg_dump (%s) restored into %s: a third node serves the same %d notes and the profile image", sizeOf(dump), restored, len(got))
}

func sizeOf(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return "?"
	}
	return fmt.Sprintf("%d kB", st.Size()>>10)
}
