package calendarsync_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Nobody but the freelancer reads or changes their connection: another freelancer, a manager
// and an administrator are refused with the reason, and no answer, the owner's included, ever
// holds the app password; the database keeps it sealed.
func TestOnlyItsFreelancerReachesAConnection(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		orgtest.Freelancer(t, db, "other.freelancer@hive.test", "Olive")
		databasetest.Exec(t, db, `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'freelancer@hive.test')
			WHERE email = 'other.freelancer@hive.test'`)
		other := w.s.Login("other.freelancer@hive.test")
		id := w.connection
		for _, c := range []struct {
			name   string
			client *apptest.Client
			status int
			code   string
			msg    string
		}{
			// Another freelancer learns nothing, not even that the connection exists.
			{"another freelancer", other, 404, "N-404", "Calendar connection not found"},
			{"a manager", w.s.As(apptest.Manager), 403, "A-102", calendarsync.MsgFreelancerOnly},
			{"a department manager", w.s.As(apptest.DeptMgr), 403, "A-102", calendarsync.MsgFreelancerOnly},
			{"an administrator", w.s.As(apptest.Admin), 403, "A-102", calendarsync.MsgFreelancerOnly},
		} {
			t.Run(c.name, func(t *testing.T) {
				for _, r := range []struct{ method, path string }{
					{"POST", fmt.Sprintf("/calendar-connection/%d/sync", id)},
					{"PATCH", fmt.Sprintf("/calendar-connection/%d", id)},
					{"DELETE", fmt.Sprintf("/calendar-connection/%d", id)},
				} {
					var body any
					if r.method == "PATCH" {
						body = map[string]any{"intervalMinutes": 15}
					}
					var p struct{ Error string }
					c.client.Do(r.method, r.path, body).WantError(c.status, c.code).Decode(&p)
					if p.Error != c.msg {
						t.Errorf("%s %s: %q, want %q", r.method, r.path, p.Error, c.msg)
					}
				}
				res := c.client.Do("GET", "/calendar-connection", nil)
				if res.Status == 200 && strings.Contains(string(res.Body), davUser) {
					t.Errorf("another's connection listed: %s", res.Body)
				}
			})
		}
		var mine calendarsync.CalendarConnectionList
		res := w.s.As(apptest.Freelancer).Do("GET", "/calendar-connection", nil).Want(200)
		res.Decode(&mine)
		if len(mine.Items) != 1 || strings.Contains(string(res.Body), davPass) || strings.Contains(string(res.Body), "gcm:") {
			t.Fatalf("own connection: %s", res.Body)
		}
		sealed := databasetest.Get[string](t, db, `SELECT secret_sealed FROM calendar_connections WHERE id = ?`, id)
		if strings.Contains(sealed, davPass) || !strings.HasPrefix(sealed, "gcm:") {
			t.Fatalf("the password is not sealed: %q", sealed)
		}
		// A second connection is refused; a wrong password at discovery is the password's fault.
		w.s.As(apptest.Freelancer).Do("POST", "/calendar-connection", map[string]any{"serverUrl": w.dav.URL,
			"username": davUser, "password": davPass, "readCalendar": w.read, "writeCalendar": w.write}).WantError(409, "C-409")
		var p apptest.Problem
		w.s.As(apptest.Freelancer).Do("POST", "/calendar-connection/discover", map[string]any{"serverUrl": w.dav.URL,
			"username": davUser, "password": "wrong"}).WantError(422, "V-422").Decode(&p)
		if p.Msg("password") != calendarsync.MsgRefused {
			t.Errorf("wrong password: %+v", p)
		}
		w.s.As(apptest.Freelancer).Do("PATCH", fmt.Sprintf("/calendar-connection/%d", id), map[string]any{"intervalMinutes": 1}).WantError(422, "V-422")
		w.s.As(apptest.Freelancer).Do("DELETE", fmt.Sprintf("/calendar-connection/%d", id), nil).Want(204)
		if n := databasetest.RowCounts(t, db, "calendar_connections")["calendar_connections"]; n != 0 {
			t.Fatalf("%d connections left", n)
		}
	})
}

// Without HIVE_CALDAV_ALLOW_PRIVATE, connecting to a server on loopback is refused with the
// reason on the address field, and a connection made earlier fails its next sync with it,
// keeping what it knew.
func TestPrivateAddressesRefusedWithoutTheSetting(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		w.dav.Put(davUser, davPass, w.read+"single.ics", vevent("single", "DTSTART:20270310T100000Z\nDTEND:20270310T120000Z"))
		w.syncNow(t)
		w.s.App.CalendarSync.Net = calendarsync.NewNetwork(false)
		for _, u := range []string{w.dav.URL, "http://169.254.169.254/"} {
			body := w.s.As(apptest.Freelancer).Do("POST", "/calendar-connection/discover", map[string]any{"serverUrl": u,
				"username": davUser, "password": davPass}).WantError(422, "V-422").Body
			if !strings.Contains(string(body), calendarsync.MsgPrivateAddress) || !strings.Contains(string(body), "serverUrl") {
				t.Errorf("%s: %s", u, body)
			}
		}
		c := w.syncNow(t)
		if c.LastError != calendarsync.MsgPrivateAddress || len(w.busy(t)) != 1 {
			t.Fatalf("sync: %+v, busy %v", c, w.busy(t))
		}
	})
}
