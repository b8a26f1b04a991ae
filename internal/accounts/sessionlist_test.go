package accounts_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

const (
	chromeOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Safari/537.36"
	safariOnIPhone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1"
)

type sessionItem struct {
	ID         int64
	Device     string
	Address    string
	Remembered bool
	Current    bool
}

// signInFrom signs email in from a browser with user agent ua at client address addr.
func signInFrom(s *apptest.Server, email, ua, addr string) *apptest.Client {
	c := s.Client()
	c.Do("POST", "/account/login", map[string]any{"email": email, "password": accounts.DemoPassword},
		"User-Agent", ua, "X-Forwarded-For", addr).Want(200)
	return c
}

func listSessions(c *apptest.Client, path string) []sessionItem {
	var out []sessionItem
	c.Do("GET", path, nil).Want(200).Decode(&out)
	return out
}

// A user lists the sessions they signed in with, each with its device and address and the
// current one marked, and ends them one by one: another one ends at once, the current one
// signs the user out.
func TestActiveSessions(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		laptop := signInFrom(s, "staff@hive.test", chromeOnWindows, "198.51.100.7")
		phone := signInFrom(s, "staff@hive.test", safariOnIPhone, "203.0.113.9")
		signInFrom(s, "manager@hive.test", chromeOnWindows, "198.51.100.8") // someone else's: not listed

		list := listSessions(laptop, "/account/sessions")
		if len(list) != 2 {
			t.Fatalf("sessions %+v", list)
		}
		byAddr := map[string]sessionItem{}
		for _, it := range list {
			byAddr[it.Address] = it
		}
		l, p := byAddr["198.51.100.7"], byAddr["203.0.113.9"]
		if l.Device != "Chrome on Windows" || !l.Current || p.Device != "Safari on iOS (mobile)" || p.Current {
			t.Fatalf("sessions %+v", list)
		}

		laptop.Do("DELETE", fmt.Sprintf("/account/sessions/%d", p.ID), nil).Want(204)
		phone.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		laptop.Do("GET", "/account/whoami", nil).Want(200)
		// An ended session, or one that is not the user's, is not found.
		laptop.Do("DELETE", fmt.Sprintf("/account/sessions/%d", p.ID), nil).WantError(404, apperror.CodeNotFound)

		token := sessionToken(t, s, laptop)
		res := laptop.Do("DELETE", fmt.Sprintf("/account/sessions/%d", l.ID), nil).Want(204)
		if c := strings.Join(res.Header.Values("Set-Cookie"), ";"); !strings.Contains(c, "hive_session=;") {
			t.Errorf("ending the current session keeps the cookie: %s", c)
		}
		s.Client().Do("GET", "/account/whoami", nil, "Cookie", "hive_session="+token).
			WantError(401, apperror.CodeNotAuthenticated)
	}, trustLoopbackProxy)
}

// Nobody but the user and administrators may list or end a user's sessions: a freelancer and a
// client's manager are refused the administrators' operations and cannot name someone else's
// session among their own, and the victim stays signed in.
func TestAttack_OthersCannotListOrEndSessions(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		victim := s.Login("staff@hive.test")
		staffID := userID(t, db, "staff@hive.test")
		sid := listSessions(victim, "/account/sessions")[0].ID
		for _, email := range []string{"freelancer@hive.test", "manager@hive.test"} {
			c := s.Login(email)
			c.Do("GET", fmt.Sprintf("/account/%d/sessions", staffID), nil).WantError(403, apperror.CodeAccessDenied)
			c.Do("DELETE", fmt.Sprintf("/account/%d/sessions/%d", staffID, sid), nil).WantError(403, apperror.CodeAccessDenied)
			c.Do("DELETE", fmt.Sprintf("/account/sessions/%d", sid), nil).WantError(404, apperror.CodeNotFound)
			for _, it := range listSessions(c, "/account/sessions") {
				if it.ID == sid {
					t.Errorf("%s lists the victim's session", email)
				}
			}
		}
		victim.Do("GET", "/account/whoami", nil).Want(200)
	})
}

// An administrator lists a user's sessions and ends one; the history records who ended whose.
// While impersonating, the administrator acts as the user and may do neither.
func TestAdminEndsUserSessionAudited(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		staff := s.Login("staff@hive.test")
		staffID, adminID := userID(t, db, "staff@hive.test"), userID(t, db, "admin@hive.test")
		admin := s.Login("admin@hive.test")
		list := listSessions(admin, fmt.Sprintf("/account/%d/sessions", staffID))
		if len(list) != 1 || list[0].Current {
			t.Fatalf("the staff's sessions as the admin sees them %+v", list)
		}
		admin.Do("DELETE", fmt.Sprintf("/account/%d/sessions/%d", staffID, list[0].ID), nil).Want(204)
		staff.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		admin.Do("GET", "/account/whoami", nil).Want(200)
		row := databasetest.Get[string](t, db, `SELECT row_json FROM audit_log
			WHERE hive_source = 'session' AND hive_action = 'DELETE' AND record_id = ? AND hive_user_id = ?`, list[0].ID, adminID)
		if !strings.Contains(row, fmt.Sprintf(`"targetUserId":%d`, staffID)) || !strings.Contains(row, `"event":"session_ended"`) {
			t.Errorf("history row %s", row)
		}
		admin.Do("DELETE", fmt.Sprintf("/account/%d/sessions/%d", staffID, list[0].ID), nil).WantError(404, apperror.CodeNotFound)
		admin.Do("GET", "/account/999999/sessions", nil).WantError(404, apperror.CodeNotFound)

		admin.Do("POST", fmt.Sprintf("/account/impersonate/%d", userID(t, db, "freelancer@hive.test")), nil).Want(200)
		admin.Do("GET", "/account/sessions", nil).WantError(409, apperror.CodeConflict)
		admin.Do("GET", fmt.Sprintf("/account/%d/sessions", staffID), nil).WantError(403, apperror.CodeAccessDenied)
	})
}

// Two nodes on one database, each with its own session cache kept for an hour: a session ended
// through node A, by its user or by an administrator, is refused by node B, which had been
// answering it from its cache. On SQLite (two processes on one file) B reads the change counter
// before serving from its cache, so the very next request is refused; on PostgreSQL B learns by
// NOTIFY, within the notification's delivery (milliseconds), long before the cache's hour.
func TestAttack_EndedSessionRefusedOnEveryNode(t *testing.T) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			var dbA *database.DB
			var url string
			if engine == "sqlite" {
				dbA, url = databasetest.SQLiteURL(t)
			} else {
				dbA, url = databasetest.PostgresURL(t)
			}
			dbB, err := database.Connect(url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { dbB.Close() })
			a := apptest.Start(t, dbA, longCache)
			b := apptest.Start(t, dbB, longCache)
			waitLive(t, dbA)
			waitLive(t, dbB)

			own := a.Login("staff@hive.test")
			other := a.Login("staff@hive.test")
			onB := holder{b.Client(), sessionToken(t, a, other)}
			cached(t, dbB, onB)
			for _, it := range listSessions(own, "/account/sessions") {
				if !it.Current {
					own.Do("DELETE", fmt.Sprintf("/account/sessions/%d", it.ID), nil).Want(204)
				}
			}
			refusedOnB(t, engine, onB)

			admin := a.Login("admin@hive.test")
			victim := holder{b.Client(), sessionToken(t, a, own)}
			cached(t, dbB, victim)
			staffID := userID(t, dbA, "staff@hive.test")
			for _, it := range listSessions(admin, fmt.Sprintf("/account/%d/sessions", staffID)) {
				admin.Do("DELETE", fmt.Sprintf("/account/%d/sessions/%d", staffID, it.ID), nil).Want(204)
			}
			refusedOnB(t, engine, victim)
		})
	}
}

// refusedOnB expects h's session refused on node B: on its next request on SQLite, once the
// notification has arrived on PostgreSQL (refusedSoon).
func refusedOnB(t *testing.T, engine string, h holder) {
	t.Helper()
	if engine == "sqlite" {
		h.whoami().WantError(401, apperror.CodeNotAuthenticated)
		return
	}
	refusedSoon(t, h)
}
