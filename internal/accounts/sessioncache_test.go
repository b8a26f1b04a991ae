package accounts_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// longCache keeps cached sessions for an hour, so that only an invalidation can explain a
// refusal in these tests.
func longCache(c *config.Config) { c.SessionCacheTTL = time.Hour }

// sessionToken is the session cookie c holds for s.
func sessionToken(t *testing.T, s *apptest.Server, c *apptest.Client) string {
	t.Helper()
	u, _ := url.Parse(s.URL)
	for _, k := range c.HTTP.Jar.Cookies(u) {
		if k.Name == "hive_session" {
			return k.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}

// holder sends requests with a copy of a session cookie (someone else's browser, or a thief's),
// whatever the session's own client does.
type holder struct {
	c     *apptest.Client
	token string
}

func (h holder) whoami() *apptest.Response {
	return h.c.Do("GET", "/account/whoami", nil, "Cookie", "hive_session="+h.token)
}

func (h holder) needs(t *testing.T) []string {
	t.Helper()
	var me struct{ Needs []string }
	h.whoami().Want(200).Decode(&me)
	return me.Needs
}

// cached proves the node answers h's session from its cache: the database would refuse it as
// idle (last_seen_at moved back with a write the triggers ignore), the node still serves it.
func cached(t *testing.T, db *database.DB, h holder) {
	t.Helper()
	h.whoami().Want(200)
	databasetest.Exec(t, db, `UPDATE sessions SET last_seen_at = ? WHERE NOT remember`, db.Now().Add(-2*time.Hour))
	h.whoami().Want(200)
	databasetest.Exec(t, db, `UPDATE sessions SET last_seen_at = ?`, db.Now())
}

// With the session cache on, every revocation takes effect on the next request on the node that
// made it: sign-out, sign-out everywhere, a password change, the end of an impersonation, and
// writes the triggers watch whoever makes them (an account deactivated, a link removed).
func TestSessionCache_RevocationOnTheSameNode(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		// The node caches nothing until its listener is live, and empties its cache when the
		// listener comes up: a session cached before that is read afresh, and refused as idle.
		waitLive(t, db)
		ctx := context.Background()
		signIn := func(email string) (*apptest.Client, holder) {
			c := s.Login(email)
			return c, holder{s.Client(), sessionToken(t, s, c)}
		}

		t.Run("logout", func(t *testing.T) {
			c, h := signIn("staff@hive.test")
			cached(t, db, h)
			c.Do("POST", "/account/logout", nil).Want(204)
			h.whoami().WantError(401, apperror.CodeNotAuthenticated)
		})
		t.Run("logout everywhere", func(t *testing.T) {
			c, h := signIn("staff@hive.test")
			_, other := signIn("staff@hive.test")
			cached(t, db, h)
			cached(t, db, other)
			c.Do("POST", "/account/logout-everywhere", nil).Want(204)
			h.whoami().WantError(401, apperror.CodeNotAuthenticated)
			other.whoami().WantError(401, apperror.CodeNotAuthenticated)
		})
		t.Run("password change ends the other sessions", func(t *testing.T) {
			c, _ := signIn("dept@hive.test")
			_, other := signIn("dept@hive.test")
			cached(t, db, other)
			c.Do("POST", "/account/change-password", map[string]string{"currentPassword": accounts.DemoPassword,
				"newPassword": "Another-Passw0rd-2026"}).Want(200)
			other.whoami().WantError(401, apperror.CodeNotAuthenticated)
			databasetest.Exec(t, db, `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email_lc = 'staff@hive.test')
				WHERE email_lc = 'dept@hive.test'`)
		})
		t.Run("account deactivated", func(t *testing.T) {
			_, h := signIn("freelancer@hive.test")
			cached(t, db, h)
			databasetest.Exec(t, db, `UPDATE users SET account_status = 'inactive' WHERE email_lc = 'freelancer@hive.test'`)
			h.whoami().WantError(401, apperror.CodeNotAuthenticated)
			databasetest.Exec(t, db, `UPDATE users SET account_status = 'active' WHERE email_lc = 'freelancer@hive.test'`)
		})
		t.Run("flags changed", func(t *testing.T) {
			_, h := signIn("dept@hive.test")
			cached(t, db, h)
			databasetest.Exec(t, db, `UPDATE users SET can_admin = TRUE WHERE email_lc = 'dept@hive.test'`)
			if needs := h.needs(t); !slices.Contains(needs, "admin") {
				t.Errorf("needs without admin after the flag was set: %v", needs)
			}
			databasetest.Exec(t, db, `UPDATE users SET can_admin = FALSE WHERE email_lc = 'dept@hive.test'`)
			if needs := h.needs(t); slices.Contains(needs, "admin") {
				t.Errorf("needs still with admin after the flag went: %v", needs)
			}
		})
		t.Run("impersonation ends", func(t *testing.T) {
			admin, h := signIn("admin@hive.test")
			var staff struct{ ID int64 }
			if err := db.Get(ctx, &staff, `SELECT id FROM users WHERE email_lc = 'staff@hive.test'`); err != nil {
				t.Fatal(err)
			}
			admin.Do("POST", "/account/impersonate/"+itoa(staff.ID), nil).Want(200)
			var me struct{ Email string }
			h.whoami().Want(200).Decode(&me)
			cached(t, db, h)
			if me.Email != "staff@hive.test" {
				t.Fatalf("impersonating: whoami is %s", me.Email)
			}
			admin.Do("POST", "/account/cancel-impersonate", nil).Want(200)
			h.whoami().Want(200).Decode(&me)
			if me.Email != "admin@hive.test" {
				t.Errorf("after the impersonation ended whoami is still %s", me.Email)
			}
		})
	}, longCache)
}

// On PostgreSQL a revocation on one node reaches every other node sharing the database through
// NOTIFY: a session node B answered from its cache is refused there once node A signed it out,
// long before the cache's hour is up.
func TestSessionCache_RevocationReachesOtherNodes(t *testing.T) {
	dbA, url := databasetest.PostgresURL(t)
	dbB, err := database.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dbB.Close() })
	a := apptest.Start(t, dbA, longCache)
	b := apptest.Start(t, dbB, longCache)
	waitLive(t, dbB)

	c := a.Login("staff@hive.test")
	onB := holder{b.Client(), sessionToken(t, a, c)}
	cached(t, dbB, onB)
	c.Do("POST", "/account/logout", nil).Want(204)
	refusedSoon(t, onB)

	// And a flag an administrator sets through node A changes the needs node B answers.
	admin := a.Login("admin@hive.test")
	d := a.Login("dept@hive.test")
	dOnB := holder{b.Client(), sessionToken(t, a, d)}
	cached(t, dbB, dOnB)
	var dept struct {
		ID      int64
		Version int64
	}
	admin.Do("GET", "/account/"+itoa(userID(t, dbA, "dept@hive.test")), nil).Want(200).Decode(&dept)
	admin.Do("PATCH", "/account/"+itoa(dept.ID), map[string]any{"canAdmin": true, "version": dept.Version}).Want(200)
	deadline := time.Now().Add(10 * time.Second)
	for !slices.Contains(dOnB.needs(t), "admin") {
		if time.Now().After(deadline) {
			t.Fatal("node B still answers the needs before the flag after 10 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func userID(t *testing.T, db *database.DB, email string) int64 {
	t.Helper()
	var id int64
	if err := db.Get(context.Background(), &id, `SELECT id FROM users WHERE email_lc = ?`, email); err != nil {
		t.Fatal(err)
	}
	return id
}

// waitLive waits until db's listener has started listening (at most 10 s).
func waitLive(t *testing.T, db *database.DB) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !db.AuthChangesLive(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the PostgreSQL listener did not start")
		}
	}
}

// refusedSoon waits for h's session to be refused: NOTIFY reaches the other node within
// milliseconds, the deadline (10 s, against an hour's cache) only absorbs a busy machine.
func refusedSoon(t *testing.T, h holder) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		res := h.whoami()
		if res.Status == http.StatusUnauthorized {
			return
		}
		if res.Status != http.StatusOK || time.Now().After(deadline) {
			t.Fatalf("node B answered %d %s", res.Status, res.Body)
		}
	}
}

// A node whose listener was cut forgets what it cached, since a revocation could have gone
// unheard (and caches nothing until it listens again).
func TestSessionCache_NoCacheWhileDeaf(t *testing.T) {
	db := databasetest.Postgres(t)
	s := apptest.Start(t, db, longCache)
	waitLive(t, db)
	c := s.Login("staff@hive.test")
	h := holder{s.Client(), sessionToken(t, s, c)}
	cached(t, db, h)
	ctx := context.Background()
	var killed bool
	if err := db.Get(ctx, &killed, `SELECT bool_or(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query = 'LISTEN hive_auth'`); err != nil || !killed {
		t.Fatalf("terminate the listener: %v (found: %v)", err, killed)
	}
	for deadline := time.Now().Add(10 * time.Second); db.AuthChangesLive(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the node did not notice its listener went")
		}
	}
	// Made idle behind the node's back while it could not hear: once it listens again the
	// session is read afresh, and refused.
	databasetest.Exec(t, db, `UPDATE sessions SET last_seen_at = ?`, db.Now().Add(-2*time.Hour))
	waitLive(t, db)
	h.whoami().WantError(401, apperror.CodeNotAuthenticated)
}
