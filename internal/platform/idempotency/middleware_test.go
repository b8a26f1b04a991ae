package idempotency_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/idempotency"
)

// rig is the middleware in front of a handler that writes (touches its user's row in a
// transaction, as a feature's write would) and counts its runs; X-User names the signed-in user.
type rig struct {
	t       *testing.T
	db      *database.DB
	handler http.Handler
	runs    atomic.Int64
	// do is what the handler does after counting; nil: write and answer 201 with the run number.
	do func(w http.ResponseWriter, r *http.Request, run int64)
}

func newRig(t *testing.T, db *database.DB) *rig {
	g := &rig{t: t, db: db}
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		run := g.runs.Add(1)
		if g.do != nil {
			g.do(w, r, run)
			return
		}
		g.write(w, r, run)
	})
	mw := idempotency.Middleware(db, inner)
	g.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id, err := strconv.ParseInt(r.Header.Get("X-User"), 10, 64); err == nil {
			r = r.WithContext(auth.WithPrincipal(r.Context(), &auth.Principal{UserID: id}))
		}
		mw.ServeHTTP(w, r)
	})
	return g
}

// write is a feature's write: one transaction, then 201 with the run number and a Location.
func (g *rig) write(w http.ResponseWriter, r *http.Request, run int64) {
	body, _ := io.ReadAll(r.Body)
	err := g.db.InTx(r.Context(), func(tx *database.Tx) error {
		_, err := tx.Exec(r.Context(), `UPDATE users SET updated_at = ? WHERE id = ?`, tx.Now, r.Header.Get("X-User"))
		return err
	})
	if err != nil {
		httpapi.WriteError(r.Context(), w, err)
		return
	}
	w.Header().Set("Location", fmt.Sprint("/api/v1/thing/", run))
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	_, _ = fmt.Fprintf(w, `{"run":%d,"body":%q}`, run, body)
}

type answer struct {
	status int
	header http.Header
	body   string
}

func (g *rig) send(method, path string, user int64, key, body string) answer {
	g.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if user != 0 {
		req.Header.Set("X-User", fmt.Sprint(user))
	}
	if key != "" {
		req.Header.Set(idempotency.Header, key)
	}
	rec := httptest.NewRecorder()
	g.handler.ServeHTTP(rec, req)
	return answer{rec.Code, rec.Header(), rec.Body.String()}
}

func user(t *testing.T, db *database.DB, email string) int64 {
	t.Helper()
	return databasetest.InsertID(t, db, `INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer,
		created_at, updated_at) VALUES (?, ?, 'Key', 'Holder', FALSE, ?, ?) RETURNING id`, email, email, time.Now(), time.Now())
}

func wantError(t *testing.T, a answer, status int, msg string) {
	t.Helper()
	var e struct{ Error, ErrorCode string }
	if a.status != status || json.Unmarshal([]byte(a.body), &e) != nil || e.Error != msg {
		t.Fatalf("answer %d %s, want %d %q", a.status, a.body, status, msg)
	}
}

// A repeat with the same key and request answers the first answer without running again; the
// same key with another body or path is refused 422; another user's same key, no key, and
// reads run as ever.
func TestRepeatAnswersTheFirstAnswer(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		g := newRig(t, db)
		ann, bob := user(t, db, "ann@example.com"), user(t, db, "bob@example.com")

		first := g.send("POST", "/api/v1/thing", ann, "k1", `{"a":1}`)
		again := g.send("POST", "/api/v1/thing", ann, "k1", `{"a":1}`)
		if first.status != 201 || again.status != 201 || again.body != first.body ||
			again.header.Get("Location") != first.header.Get("Location") ||
			again.header.Get("Content-Type") != "application/json" {
			t.Fatalf("first %+v, repeat %+v", first, again)
		}
		if first.header.Get(idempotency.ReplayedHeader) != "" || again.header.Get(idempotency.ReplayedHeader) != "true" {
			t.Errorf("replayed header: first %q, repeat %q", first.header.Get(idempotency.ReplayedHeader),
				again.header.Get(idempotency.ReplayedHeader))
		}
		if n := g.runs.Load(); n != 1 {
			t.Fatalf("%d runs, want 1", n)
		}

		wantError(t, g.send("POST", "/api/v1/thing", ann, "k1", `{"a":2}`), 422, idempotency.MsgKeyReused)
		wantError(t, g.send("PUT", "/api/v1/thing", ann, "k1", `{"a":1}`), 422, idempotency.MsgKeyReused)
		wantError(t, g.send("POST", "/api/v1/other", ann, "k1", `{"a":1}`), 422, idempotency.MsgKeyReused)
		wantError(t, g.send("POST", "/api/v1/thing", ann, strings.Repeat("k", 201), `{}`), 422, idempotency.MsgKeyTooLong)

		if a := g.send("POST", "/api/v1/thing", bob, "k1", `{"a":1}`); a.status != 201 || a.body == first.body {
			t.Errorf("another user's same key: %+v", a)
		}
		g.send("POST", "/api/v1/thing", ann, "", `{"a":1}`)
		g.send("POST", "/api/v1/thing", ann, "", `{"a":1}`)
		g.send("GET", "/api/v1/thing", ann, "k1", "")
		g.send("POST", "/api/v1/thing", 0, "k1", `{"a":1}`) // a visitor: no user to keep a key for
		if n := g.runs.Load(); n != 6 {
			t.Fatalf("%d runs, want 6: bob's, two without a key, a read, a visitor's", n)
		}
	})
}

// Eight requests at once with one key run once; the others wait for its answer.
func TestSimultaneousRepeatsRunOnce(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		g := newRig(t, db)
		ann := user(t, db, "ann@example.com")
		entered, release := make(chan struct{}), make(chan struct{})
		g.do = func(w http.ResponseWriter, r *http.Request, run int64) {
			if run == 1 {
				close(entered)
				<-release
			}
			g.write(w, r, run)
		}
		answers := make([]answer, 8)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); answers[0] = g.send("POST", "/api/v1/thing", ann, "same", `{}`) }()
		<-entered
		for i := 1; i < len(answers); i++ {
			wg.Add(1)
			go func() { defer wg.Done(); answers[i] = g.send("POST", "/api/v1/thing", ann, "same", `{}`) }()
		}
		close(release)
		wg.Wait()
		for i, a := range answers {
			if a.status != 201 || a.body != answers[0].body {
				t.Errorf("answer %d: %+v, want %+v", i, a, answers[0])
			}
		}
		if n := g.runs.Load(); n != 1 {
			t.Fatalf("%d runs, want 1", n)
		}
	})
}

// A key whose first request stopped (its node died) before changing anything is taken over
// by a repeat after the lease; one whose change was made answers 409, never running again; a
// first request that outlived its lease and was taken over cannot commit.
func TestAfterACrash(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		clk := databasetest.StopClock(db)
		g := newRig(t, db)
		ann := user(t, db, "ann@example.com")
		claimed := func(key, path string, applied bool) {
			var at any
			if applied {
				at = clk.Now()
			}
			databasetest.Exec(t, db, `INSERT INTO idempotency_keys (user_id, request_key, method_path, body_hash, owner,
				locked_until, applied_at, created_at) VALUES (?, ?, ?, ?, 'dead node', ?, ?, ?)`,
				ann, key, "POST "+path, "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a", // sha256 of {}
				clk.Now().Add(30*time.Second), at, clk.Now())
		}
		claimed("cut-before", "/api/v1/thing", false)
		claimed("cut-after", "/api/v1/thing", true)
		clk.Advance(31 * time.Second)
		if a := g.send("POST", "/api/v1/thing", ann, "cut-before", `{}`); a.status != 201 || g.runs.Load() != 1 {
			t.Fatalf("repeat of a request that changed nothing: %+v, %d runs", a, g.runs.Load())
		}
		wantError(t, g.send("POST", "/api/v1/thing", ann, "cut-after", `{}`), 409, idempotency.MsgAnswerLost)
		if n := g.runs.Load(); n != 1 {
			t.Fatalf("the request whose change was made ran again: %d runs", n)
		}

		entered, release := make(chan struct{}), make(chan struct{})
		g.do = func(w http.ResponseWriter, r *http.Request, run int64) {
			if run == 2 {
				close(entered)
				<-release
			}
			g.write(w, r, run)
		}
		slow := make(chan answer)
		go func() { slow <- g.send("POST", "/api/v1/thing", ann, "slow", `{}`) }()
		<-entered
		clk.Advance(31 * time.Second)
		repeat := g.send("POST", "/api/v1/thing", ann, "slow", `{}`)
		close(release)
		wantError(t, <-slow, 409, idempotency.MsgTakenOver)
		if again := g.send("POST", "/api/v1/thing", ann, "slow", `{}`); repeat.status != 201 || again.body != repeat.body {
			t.Fatalf("the repeat that took over: %+v, then %+v", repeat, again)
		}
	})
}

// A 5xx that changed nothing releases the key (the failure may pass, the repeat runs), one
// after a change is kept; answers that set cookies are never kept.
func TestWhatIsKept(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		g := newRig(t, db)
		ann := user(t, db, "ann@example.com")
		panicked := false
		g.do = func(w http.ResponseWriter, r *http.Request, run int64) {
			switch r.URL.Path {
			case "/api/v1/down":
				httpapi.WriteError(r.Context(), w, apperror.Unavailable(fmt.Errorf("database away")))
			case "/api/v1/wrote-then-failed":
				_ = g.db.InTx(r.Context(), func(tx *database.Tx) error { return nil })
				httpapi.WriteError(r.Context(), w, fmt.Errorf("after the commit"))
			case "/api/v1/sign-out":
				http.SetCookie(w, &http.Cookie{Name: "hive_session", MaxAge: -1})
				w.WriteHeader(http.StatusNoContent)
			case "/api/v1/panics":
				if !panicked {
					panicked = true
					panic("handler bug")
				}
				w.WriteHeader(http.StatusNoContent)
			}
		}
		for _, path := range []string{"/api/v1/down", "/api/v1/sign-out"} {
			g.send("POST", path, ann, "k-"+path, `{}`)
			g.send("POST", path, ann, "k-"+path, `{}`)
		}
		func() {
			defer func() { _ = recover() }()
			g.send("POST", "/api/v1/panics", ann, "k-panics", `{}`)
		}()
		if n := g.runs.Load(); n != 5 {
			t.Fatalf("%d runs, want 5: each 503 and each sign-out ran again, the panic once", n)
		}
		if a := g.send("POST", "/api/v1/panics", ann, "k-panics", `{}`); g.runs.Load() != 6 {
			t.Fatalf("a panic that changed nothing released its key: %+v", a)
		}
		first := g.send("POST", "/api/v1/wrote-then-failed", ann, "k-wrote", `{}`)
		again := g.send("POST", "/api/v1/wrote-then-failed", ann, "k-wrote", `{}`)
		if first.status != 500 || again.status != 500 || again.header.Get(idempotency.ReplayedHeader) != "true" || g.runs.Load() != 7 {
			t.Fatalf("a 500 after a change: %+v, then %+v (%d runs)", first, again, g.runs.Load())
		}
	})
}

// Housekeeping deletes keys older than 24 h, and only those.
func TestPurgeExpired(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		clk := databasetest.StopClock(db)
		g := newRig(t, db)
		ann := user(t, db, "ann@example.com")
		g.send("POST", "/api/v1/thing", ann, "old", `{}`)
		clk.Advance(idempotency.Keep - time.Minute)
		g.send("POST", "/api/v1/thing", ann, "new", `{}`)
		clk.Advance(2 * time.Minute)
		if err := idempotency.PurgeExpired(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		keys := databasetest.Select[string](t, db, `SELECT request_key FROM idempotency_keys`)
		if len(keys) != 1 || keys[0] != "new" {
			t.Fatalf("kept %v, want [new]", keys)
		}
	})
}
