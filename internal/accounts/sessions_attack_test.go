package accounts_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// clock fixes db.Now at a time the test moves forward.
type clock struct{ now time.Time }

func fixClock(db *database.DB) *clock {
	c := &clock{now: time.Now().UTC().Truncate(time.Second)}
	db.Now = func() time.Time { return c.now }
	return c
}

func (c *clock) advance(d time.Duration) { c.now = c.now.Add(d) }

func login(s *apptest.Server, email, password string, remember bool) (*apptest.Client, *apptest.Response) {
	c := s.Client()
	return c, c.Do("POST", "/account/login", map[string]any{"email": email, "password": password, "remember": remember})
}

// A session left alone for longer than the idle timeout is refused; one in use is not, and
// using it writes last_seen_at at most once a minute.
func TestAttack_IdleSessionIsRefused(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		s := apptest.Start(t, db)
		clk := fixClock(db)
		active, res := login(s, "staff@hive.test", accounts.DemoPassword, false)
		res.Want(200)
		if c := strings.Join(res.Header.Values("Set-Cookie"), ";"); !strings.Contains(c, "hive_session=") || strings.Contains(strings.Split(c, "hive_impersonating")[0], "Max-Age") {
			t.Errorf("an ordinary session's cookie should end with the browser: %s", c)
		}
		stolen, _ := login(s, "freelancer@hive.test", accounts.DemoPassword, false)
		seen := func() time.Time {
			var at time.Time
			if err := db.Get(context.Background(), &at, `SELECT s.last_seen_at FROM sessions s JOIN users u ON u.id = s.user_id
				WHERE u.email_lc = 'staff@hive.test' ORDER BY s.id DESC LIMIT 1`); err != nil {
				t.Fatal(err)
			}
			return at.UTC()
		}
		first := seen()
		for i := 0; i < 20; i++ { // within a minute: reads only
			clk.advance(2 * time.Second)
			active.Do("GET", "/account/whoami", nil).Want(200)
		}
		if !seen().Equal(first) {
			t.Errorf("last_seen_at written within the first minute: %v, then %v", first, seen())
		}
		for i := 0; i < 4; i++ { // used every 20 minutes for 80 minutes: stays signed in
			clk.advance(20 * time.Minute)
			active.Do("GET", "/account/whoami", nil).Want(200)
		}
		// The freelancer's session was left alone for 80 minutes.
		stolen.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		// And no session outlives its absolute lifetime, however busy.
		for i := 0; i < 40; i++ {
			clk.advance(20 * time.Minute)
			if active.Do("GET", "/account/whoami", nil).Status != 200 {
				if i*20 < 10*60 {
					t.Fatalf("ended after %d minutes", 80+i*20)
				}
				return
			}
		}
		t.Fatal("session outlived 12 hours")
	})
}

// 'Keep me signed in' has no idle timeout but ends after the long lifetime.
func TestRememberedSession(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		s := apptest.Start(t, db)
		clk := fixClock(db)
		c, res := login(s, "staff@hive.test", accounts.DemoPassword, true)
		res.Want(200)
		if !strings.Contains(strings.Join(res.Header.Values("Set-Cookie"), ";"), "Max-Age=2592000") {
			t.Errorf("remembered cookie %v", res.Header.Values("Set-Cookie"))
		}
		clk.advance(3 * 24 * time.Hour)
		c.Do("GET", "/account/whoami", nil).Want(200)
		clk.advance(28 * 24 * time.Hour)
		c.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
	})
}

// An attacker hammering wrong passwords for the victim's address gets throttled, but does not
// stop the victim from signing in once the current delay has passed.
func TestAttack_FailedLoginsCannotLockVictimOut(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		s := apptest.Start(t, db)
		clk := fixClock(db)
		attacker := s.Client()
		wrong := map[string]any{"email": "staff@hive.test", "password": "wrong-password"}
		for i := 0; i < accounts.LoginFreeFailures; i++ {
			attacker.Do("POST", "/account/login", wrong).WantError(401, apperror.CodeInvalidCredentials)
		}
		attacker.Do("POST", "/account/login", wrong).WantError(401, apperror.CodeInvalidCredentials) // 5th: 1 s delay
		// During the delay nothing is checked, not even the right password, and hammering
		// does not extend the delay. (All requests here come from one client address, which
		// has its own limit of 30 in 5 minutes: the test moves the clock past it between
		// rounds.)
		for i := 0; i < 10; i++ {
			res := attacker.Do("POST", "/account/login", wrong).WantError(503, apperror.CodeTooManyRequests)
			if res.Header.Get("Retry-After") == "" {
				t.Fatal("no Retry-After")
			}
		}
		_, res := login(s, "staff@hive.test", accounts.DemoPassword, false)
		res.WantError(503, apperror.CodeTooManyRequests)
		// The delay doubles with each further failure, up to the cap.
		clk.advance(5 * time.Minute)
		delay := 2 * accounts.LoginFirstDelay
		for i := 0; i < 7; i++ {
			attacker.Do("POST", "/account/login", wrong).WantError(401, apperror.CodeInvalidCredentials)
			attacker.Do("POST", "/account/login", wrong).WantError(503, apperror.CodeTooManyRequests)
			clk.advance(delay - time.Millisecond)
			attacker.Do("POST", "/account/login", wrong).WantError(503, apperror.CodeTooManyRequests)
			clk.advance(time.Millisecond)
			delay = min(2*delay, accounts.LoginMaxDelay)
		}
		// Once the current delay has passed, the victim's right password gets through...
		clk.advance(5 * time.Minute)
		victim, res := login(s, "staff@hive.test", accounts.DemoPassword, false)
		res.Want(200)
		victim.Do("GET", "/account/whoami", nil).Want(200)
		// ...and the success clears the count: the next mistakes are free again.
		for i := 0; i < accounts.LoginFreeFailures; i++ {
			attacker.Do("POST", "/account/login", wrong).WantError(401, apperror.CodeInvalidCredentials)
		}
		// An address without an account is throttled alike, so the lock reveals nothing.
		ghost := map[string]any{"email": "nobody@hive.test", "password": "wrong-password"}
		for i := 0; i <= accounts.LoginFreeFailures; i++ {
			attacker.Do("POST", "/account/login", ghost).WantError(401, apperror.CodeInvalidCredentials)
		}
		attacker.Do("POST", "/account/login", ghost).WantError(503, apperror.CodeTooManyRequests)
	})
}
