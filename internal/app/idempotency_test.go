package app_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/idempotency"
)

// Through the whole server: a booking sent again with its Idempotency-Key is made once and
// answered with the first answer, byte for byte; the same key with another booking is refused;
// the key is the sender's own, so a freelancer's same key and body, or another client's
// manager's with the administrator's, gets their own refusal, never the first answer; eight at once make one booking; a
// sign-in with a key runs every time (answers that set cookies are not kept).
func TestKeyedWritesRunOnceThroughTheServer(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		form := map[string]any{"jobTemplateId": jt, "dates": []string{"2026-10-24"}, "periodType": "custom"}
		bookings := func() int { return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM bookings`) }
		mgr := s.As(apptest.DeptMgr)

		first := mgr.Do("POST", "/booking", form, idempotency.Header, "action-1").Want(http.StatusCreated)
		again := mgr.Do("POST", "/booking", form, idempotency.Header, "action-1").Want(http.StatusCreated)
		if string(again.Body) != string(first.Body) || again.Header.Get(idempotency.ReplayedHeader) != "true" {
			t.Fatalf("repeat answered %s (replayed %q), first %s", again.Body, again.Header.Get(idempotency.ReplayedHeader), first.Body)
		}
		if n := bookings(); n != 1 {
			t.Fatalf("%d bookings, want 1", n)
		}
		other := map[string]any{"jobTemplateId": jt, "dates": []string{"2026-10-25"}, "periodType": "custom"}
		mgr.Do("POST", "/booking", other, idempotency.Header, "action-1").WantError(422, "V-422")

		if r := s.As(apptest.Freelancer).Do("POST", "/booking", form, idempotency.Header, "action-1"); r.Status != 404 ||
			r.Header.Get(idempotency.ReplayedHeader) != "" {
			t.Fatalf("a freelancer with dept's key and body: %d %s", r.Status, r.Body)
		}
		otherClient := map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptB1), "dates": []string{"2026-10-24"},
			"periodType": "custom"}
		s.As(apptest.Admin).Do("POST", "/booking", otherClient, idempotency.Header, "action-b").Want(http.StatusCreated)
		r := s.As(apptest.Manager).Do("POST", "/booking", otherClient, idempotency.Header, "action-b")
		if r.Status != 403 && r.Status != 404 || r.Header.Get(idempotency.ReplayedHeader) != "" {
			t.Fatalf("another client's manager with dept's key and body: %d %s", r.Status, r.Body)
		}
		if n := bookings(); n != 2 {
			t.Fatalf("%d bookings, want 2", n)
		}

		answers := make([]*apptest.Response, 8)
		var wg sync.WaitGroup
		for i := range answers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				answers[i] = mgr.Do("POST", "/booking", other, idempotency.Header, "action-2")
			}()
		}
		wg.Wait()
		for _, a := range answers {
			if a.Status != http.StatusCreated || string(a.Body) != string(answers[0].Body) {
				t.Fatalf("eight at once: %d %s, first %s", a.Status, a.Body, answers[0].Body)
			}
		}
		if n := bookings(); n != 3 {
			t.Fatalf("%d bookings after eight at once with one key, want 3", n)
		}

		c := s.Client()
		login := map[string]string{"email": "dept@hive.test", "password": accounts.DemoPassword}
		for range 2 {
			if r := c.Do("POST", "/account/login", login, idempotency.Header, "sign-in"); r.Status != 200 ||
				r.Header.Get("Set-Cookie") == "" {
				t.Fatalf("sign-in with a key: %d %v", r.Status, r.Header)
			}
		}
	})
}
