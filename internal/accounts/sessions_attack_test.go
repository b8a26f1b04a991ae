package accounts_test

import (
	"context"
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// trustLoopbackProxy lets the test name its client's address in X-Forwarded-For.
func trustLoopbackProxy(c *config.Config) {
	c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
}

func login(s *apptest.Server, email, password string, remember bool) (*apptest.Client, *apptest.Response) {
	c := s.Client()
	return c, c.Do("POST", "/account/login", map[string]any{"email": email, "password": password, "remember": remember})
}

// A session left alone for longer than the idle timeout is refused; one in use is not, and
// using it writes last_seen_at at most once a minute.
func TestAttack_IdleSessionIsRefused(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
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
			clk.Advance(2 * time.Second)
			active.Do("GET", "/account/whoami", nil).Want(200)
		}
		if !seen().Equal(first) {
			t.Errorf("last_seen_at written within the first minute: %v, then %v", first, seen())
		}
		for i := 0; i < 4; i++ { // used every 20 minutes for 80 minutes: stays signed in
			clk.Advance(20 * time.Minute)
			active.Do("GET", "/account/whoami", nil).Want(200)
		}
		// The freelancer's session was left alone for 80 minutes.
		stolen.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		// And no session outlives its absolute lifetime, however busy.
		for i := 0; i < 40; i++ {
			clk.Advance(20 * time.Minute)
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
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
		c, res := login(s, "staff@hive.test", accounts.DemoPassword, true)
		res.Want(200)
		if !strings.Contains(strings.Join(res.Header.Values("Set-Cookie"), ";"), "Max-Age=2592000") {
			t.Errorf("remembered cookie %v", res.Header.Values("Set-Cookie"))
		}
		clk.Advance(3 * 24 * time.Hour)
		c.Do("GET", "/account/whoami", nil).Want(200)
		clk.Advance(28 * 24 * time.Hour)
		c.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
	})
}

// An attacker hammering wrong passwords for the victim's address, from a new client address
// each time (so the per-address limit does not stop them), gets throttled, but does not stop
// the victim from signing in once the current delay has passed: failures never lock the
// account for a whole window, whoever makes them.
func TestAttack_FailedLoginsCannotLockVictimOut(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
		attacker := s.Client()
		n := 0
		attempt := func(email, password string) *apptest.Response {
			n++
			return attacker.Do("POST", "/account/login", map[string]any{"email": email, "password": password},
				"X-Forwarded-For", fmt.Sprintf("203.0.113.%d", n))
		}
		for i := 0; i < accounts.LoginFreeFailures; i++ {
			attempt("staff@hive.test", "wrong-password").WantError(401, apperror.CodeInvalidCredentials)
		}
		attempt("staff@hive.test", "wrong-password").WantError(401, apperror.CodeInvalidCredentials) // 5th: 1 s delay
		// During the delay nothing is checked, not even the right password, and hammering
		// does not extend the delay.
		for i := 0; i < 30; i++ {
			res := attempt("staff@hive.test", "wrong-password").WantError(503, apperror.CodeTooManyRequests)
			if res.Header.Get("Retry-After") == "" {
				t.Fatal("no Retry-After")
			}
		}
		victim := s.Client()
		signIn := func() *apptest.Response {
			return victim.Do("POST", "/account/login", map[string]any{"email": "staff@hive.test", "password": accounts.DemoPassword},
				"X-Forwarded-For", "198.51.100.7")
		}
		signIn().WantError(503, apperror.CodeTooManyRequests)
		// The delay doubles with each further failure, up to the cap.
		delay := accounts.LoginFirstDelay
		for i := 0; i < 8; i++ {
			clk.Advance(delay)
			delay = min(2*delay, accounts.LoginMaxDelay)
			attempt("staff@hive.test", "wrong-password").WantError(401, apperror.CodeInvalidCredentials)
			attempt("staff@hive.test", "wrong-password").WantError(503, apperror.CodeTooManyRequests)
			clk.Advance(delay - time.Millisecond)
			attempt("staff@hive.test", "wrong-password").WantError(503, apperror.CodeTooManyRequests)
			clk.Advance(-(delay - time.Millisecond))
		}
		// Minutes into the hammering, once the current delay has passed, the
		// victim's right password gets through...
		clk.Advance(delay)
		signIn().Want(200)
		victim.Do("GET", "/account/whoami", nil).Want(200)
		// ...and the success clears the count: the next mistakes are free again.
		for i := 0; i < accounts.LoginFreeFailures; i++ {
			attempt("staff@hive.test", "wrong-password").WantError(401, apperror.CodeInvalidCredentials)
		}
		// An address without an account is throttled alike, so the lock reveals nothing.
		for i := 0; i <= accounts.LoginFreeFailures; i++ {
			attempt("nobody@hive.test", "wrong-password").WantError(401, apperror.CodeInvalidCredentials)
		}
		attempt("nobody@hive.test", "wrong-password").WantError(503, apperror.CodeTooManyRequests)
	}, trustLoopbackProxy)
}

// Housekeeping deletes idle and expired sessions but keeps live and remembered ones.
func TestPurgeEndsIdleSessions(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
		idle, _ := login(s, "staff@hive.test", accounts.DemoPassword, false)
		kept, _ := login(s, "manager@hive.test", accounts.DemoPassword, true)
		clk.Advance(31 * time.Minute)
		live, _ := login(s, "dept@hive.test", accounts.DemoPassword, false)
		store := &accounts.Store{DB: db, Limits: accounts.SessionLimits{Idle: 30 * time.Minute, Lifetime: 12 * time.Hour,
			RememberLifetime: 720 * time.Hour}}
		if err := store.PurgeExpired(context.Background()); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := db.Get(context.Background(), &n, `SELECT COUNT(*) FROM sessions`); err != nil || n != 2 {
			t.Fatalf("%d sessions left, %v", n, err)
		}
		idle.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		kept.Do("GET", "/account/whoami", nil).Want(200)
		live.Do("GET", "/account/whoami", nil).Want(200)
	})
}
