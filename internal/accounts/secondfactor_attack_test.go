package accounts_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/oidc/oidctest"
)

// loginAnswer is POST /account/login's (and its second step's) answer.
type loginAnswer struct {
	User         *whoami
	SecondFactor *struct {
		Required bool
		Methods  []string
	}
}

// twoStep is a user with TOTP enrolled: the secret their app holds and their recovery codes.
type twoStep struct {
	secret   string
	recovery []string
}

// code is the app's code at the server's time now.
func (e twoStep) code(t *testing.T, now time.Time) string {
	t.Helper()
	c, err := totp.GenerateCode(e.secret, now)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// enrol signs email in (no second factor yet) and enrols TOTP, confirming with the code of now.
func enrol(t *testing.T, s *apptest.Server, clk *clock.Settable, email string) (*apptest.Client, twoStep) {
	t.Helper()
	c := s.Login(email)
	var start struct{ Secret, OTPAuthURL, QRCode string }
	c.Do("POST", "/account/second-factor/totp", nil).Want(200).Decode(&start)
	if start.Secret == "" || !strings.HasPrefix(start.QRCode, "data:image/png;base64,") {
		t.Fatalf("enrolment answered %+v", start)
	}
	e := twoStep{secret: start.Secret}
	var done struct{ RecoveryCodes []string }
	c.Do("POST", "/account/second-factor/totp/confirm", map[string]string{"code": e.code(t, clk.Now())}).Want(200).Decode(&done)
	if len(done.RecoveryCodes) != accounts.RecoveryCodeCount {
		t.Fatalf("recovery codes %v", done.RecoveryCodes)
	}
	e.recovery = done.RecoveryCodes
	return c, e
}

// passwordStep signs in with the password and expects the second factor to be asked for, with
// no session yet.
func passwordStep(t *testing.T, s *apptest.Server, email string) *apptest.Client {
	t.Helper()
	c := s.Client()
	var a loginAnswer
	c.Do("POST", "/account/login", map[string]string{"email": email, "password": accounts.DemoPassword}).Want(200).Decode(&a)
	if a.User != nil || a.SecondFactor == nil || !a.SecondFactor.Required {
		t.Fatalf("login with a second factor answered %+v", a)
	}
	c.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)
	return c
}

func secondStep(c *apptest.Client, code string) *apptest.Response {
	return c.Do("POST", "/account/login/second-factor", map[string]string{"code": code})
}

// An administrator without a second factor may do nothing but enrol; once enrolled, a TOTP code
// signs in once: the same code again (the one that confirmed the enrolment, or one that signed
// in) is refused until the next time step.
func TestAttack_TOTPCodeReplayIsRefused(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
		admin := s.Login("admin@hive.test")
		var me whoami2
		admin.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		if !me.MustEnrolSecondFactor || !me.SecondFactorRequired || me.HasSecondFactor {
			t.Fatalf("an administrator without a second factor: %+v", me)
		}
		admin.Do("GET", "/entity", nil).WantError(http.StatusForbidden, apperror.CodeAccessDenied)
		admin.Do("POST", "/account/42/reset-second-factor", nil).WantError(http.StatusForbidden, apperror.CodeAccessDenied)

		_, e := enrol(t, s, clk, "admin@hive.test")
		admin.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		if me.MustEnrolSecondFactor || !me.HasSecondFactor {
			t.Fatalf("after enrolling: %+v", me)
		}
		admin.Do("GET", "/entity", nil).Want(200)

		confirmed := e.code(t, clk.Now())
		c := passwordStep(t, s, "admin@hive.test")
		secondStep(c, confirmed).WantError(http.StatusUnprocessableEntity, apperror.CodeValidation)
		c.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)

		clk.Advance(30 * time.Second)
		fresh := e.code(t, clk.Now())
		var a loginAnswer
		secondStep(c, fresh).Want(200).Decode(&a)
		if a.User == nil || a.User.Email != "admin@hive.test" {
			t.Fatalf("second step answered %+v", a)
		}
		c.Do("GET", "/account/whoami", nil).Want(200)
		c.Do("GET", "/entity", nil).Want(200)

		// The code that just signed in, replayed by someone who saw it, within its window.
		other := passwordStep(t, s, "admin@hive.test")
		secondStep(other, fresh).WantError(http.StatusUnprocessableEntity, apperror.CodeValidation)
		other.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)
		// The pending login is single use: once completed, its cookie completes nothing.
		clk.Advance(30 * time.Second)
		secondStep(other, e.code(t, clk.Now())).Want(200)
		secondStep(other, e.code(t, clk.Now())).WantError(http.StatusUnauthorized, apperror.CodeBadToken)
	}, apptest.RequireAdminSecondFactor)
}

// whoami2 is whoami with the two-step sign-in fields.
type whoami2 struct {
	whoami
	HasSecondFactor       bool
	SecondFactorRequired  bool
	MustEnrolSecondFactor bool
}

// Guessing codes runs into the login throttle, keyed by the user: after the free attempts each
// guess waits, and a guess during the wait is refused unchecked, even the right code.
func TestAttack_SecondFactorBruteForceHitsTheLimit(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
		_, e := enrol(t, s, clk, "staff@hive.test")
		clk.Advance(30 * time.Second)
		c := passwordStep(t, s, "staff@hive.test")
		right := e.code(t, clk.Now())
		wrong := fmt.Sprintf("%06d", (atoi(right)+1)%1000000)
		for i := 0; i <= accounts.LoginFreeFailures; i++ {
			secondStep(c, wrong).WantError(http.StatusUnprocessableEntity, apperror.CodeValidation)
		}
		secondStep(c, right).WantError(http.StatusServiceUnavailable, apperror.CodeTooManyRequests)
		// A new pending login (the password again) does not reset the user's count.
		again := passwordStep(t, s, "staff@hive.test")
		secondStep(again, right).WantError(http.StatusServiceUnavailable, apperror.CodeTooManyRequests)
		// Once the wait has passed the right code gets through: the user is not locked out.
		clk.Advance(accounts.LoginFirstDelay + time.Second)
		secondStep(again, right).Want(200)
	})
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// A recovery code signs in once; the second use is refused.
func TestAttack_RecoveryCodeUsedTwiceIsRefused(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
		_, e := enrol(t, s, clk, "staff@hive.test")
		c := passwordStep(t, s, "staff@hive.test")
		secondStep(c, strings.ToUpper(e.recovery[3])).Want(200) // as typed: case and dashes do not matter
		c.Do("GET", "/account/whoami", nil).Want(200)
		again := passwordStep(t, s, "staff@hive.test")
		secondStep(again, e.recovery[3]).WantError(http.StatusUnprocessableEntity, apperror.CodeValidation)
		secondStep(again, e.recovery[4]).Want(200)
		var left int
		if err := db.Get(t.Context(), &left, `SELECT COUNT(*) FROM recovery_codes r JOIN users u ON u.id = r.user_id
			WHERE u.email_lc = 'staff@hive.test' AND r.used_at IS NULL`); err != nil || left != accounts.RecoveryCodeCount-2 {
			t.Fatalf("unused recovery codes %d, %v", left, err)
		}
	})
}

// Resetting a second factor is for administrators, never of their own; it ends the user's
// sessions, is audited and mailed. The entity setting is for administrators too: a freelancer,
// another client's manager and the entity's own manager are refused.
func TestAttack_SecondFactorResetAndEntitySettingAreAdminOnly(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
		admin, _ := enrol(t, s, clk, "admin@hive.test")
		victimSession, _ := enrol(t, s, clk, "staff@hive.test")
		var staffID int64
		if err := db.Get(t.Context(), &staffID, `SELECT id FROM users WHERE email_lc = 'staff@hive.test'`); err != nil {
			t.Fatal(err)
		}
		clientA := admin.Do("POST", "/entity", map[string]any{"name": "Client A", "type": "client"}).CreatedID()
		clientB := admin.Do("POST", "/entity", map[string]any{"name": "Client B", "type": "client"}).CreatedID()
		link := func(email string, entity int64) {
			databasetest.Exec(t, db, `INSERT INTO user_entity_refs (user_id, entity_id, can_manage, can_select, created_at, updated_at)
				SELECT id, ?, TRUE, TRUE, ?, ? FROM users WHERE email_lc = ?`, entity, clk.Now(), clk.Now(), email)
		}
		link("manager@hive.test", clientB)
		link("dept@hive.test", clientA)

		setting := map[string]any{"required": true}
		for _, email := range []string{"freelancer@hive.test", "manager@hive.test", "dept@hive.test"} {
			c := s.Login(email)
			c.Do("POST", fmt.Sprintf("/account/%d/reset-second-factor", staffID), nil).WantError(http.StatusForbidden, apperror.CodeAccessDenied)
			c.Do("PUT", fmt.Sprintf("/entity/%d/second-factor-required", clientA), setting).WantError(http.StatusForbidden, apperror.CodeAccessDenied)
		}
		victimSession.Do("GET", "/account/whoami", nil).Want(200)

		var adminID int64
		if err := db.Get(t.Context(), &adminID, `SELECT id FROM users WHERE email_lc = 'admin@hive.test'`); err != nil {
			t.Fatal(err)
		}
		res := admin.Do("POST", fmt.Sprintf("/account/%d/reset-second-factor", adminID), nil).WantError(http.StatusForbidden, apperror.CodeAccessDenied)
		if !strings.Contains(string(res.Body), accounts.MsgCannotResetOwn) {
			t.Fatalf("own reset answered %s", res.Body)
		}

		admin.Do("POST", fmt.Sprintf("/account/%d/reset-second-factor", staffID), nil).Want(http.StatusNoContent)
		victimSession.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)
		admin.Do("POST", fmt.Sprintf("/account/%d/reset-second-factor", staffID), nil).WantError(http.StatusConflict, apperror.CodeConflict)
		var mails, audits int
		if err := db.Get(t.Context(), &mails, `SELECT COUNT(*) FROM mail_outbox WHERE to_addr = 'staff@hive.test' AND subject = 'Your Hive two-step sign-in was reset'`); err != nil || mails != 1 {
			t.Fatalf("reset mails %d, %v", mails, err)
		}
		if err := db.Get(t.Context(), &audits, `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'user' AND record_id = ?
			AND row_json LIKE '%second_factor_reset%'`, staffID); err != nil || audits != 1 {
			t.Fatalf("reset audit records %d, %v", audits, err)
		}
		// Without a second factor the staff member signs in with the password alone again.
		s.Login("staff@hive.test").Do("GET", "/account/whoami", nil).Want(200)
	}, apptest.RequireAdminSecondFactor)
}

// With the entity's setting on, its managers (and its departments') must enrol before anything
// else; the setting is on the entity's view.
func TestEntityRequiresSecondFactorOfItsManagers(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
		admin := s.Login("admin@hive.test")
		client := admin.Do("POST", "/entity", map[string]any{"name": "Client A", "type": "client"}).CreatedID()
		databasetest.Exec(t, db, `INSERT INTO user_entity_refs (user_id, entity_id, can_manage, can_select, created_at, updated_at)
			SELECT id, ?, TRUE, TRUE, ?, ? FROM users WHERE email_lc = 'manager@hive.test'`, client, clk.Now(), clk.Now())
		manager := s.Login("manager@hive.test")
		path := fmt.Sprintf("/entity/%d", client)
		manager.Do("GET", path, nil).Want(200)

		var view struct{ SecondFactorRequired bool }
		admin.Do("PUT", path+"/second-factor-required", map[string]any{"required": true}).Want(200).Decode(&view)
		if !view.SecondFactorRequired {
			t.Fatalf("setting answered %+v", view)
		}
		var me whoami2
		manager.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		if !me.MustEnrolSecondFactor {
			t.Fatalf("a manager of the entity: %+v", me)
		}
		res := manager.Do("GET", path, nil).WantError(http.StatusForbidden, apperror.CodeAccessDenied)
		if !strings.Contains(string(res.Body), httpapi.MsgEnrolSecondFactorFirst) {
			t.Fatalf("refusal %s", res.Body)
		}
		_, e := enrol(t, s, clk, "manager@hive.test")
		manager.Do("GET", path, nil).Want(200)
		// Required, it cannot be turned off.
		manager.Do("POST", "/account/second-factor/disable", map[string]string{"password": accounts.DemoPassword,
			"code": e.recovery[0]}).WantError(http.StatusForbidden, apperror.CodeAccessDenied)
		// Staff of no such entity are not held to it.
		s.Login("staff@hive.test").Do("GET", "/entity", nil).Want(200)
	})
}

// Sign-in with Google asks for the second factor too: the callback ends at the login screen's
// second step with a pending login, and no session.
func TestSignInWithGoogleAsksForTheSecondFactor(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		provider := oidctest.Start(t)
		provider.AddUser(oidctest.User{Subject: "g-1", Email: "staff@hive.test", EmailVerified: true})
		s := apptest.Start(t, db, func(c *config.Config) {
			c.Google = config.OAuthClient{ClientID: provider.ClientID, ClientSecret: provider.ClientSecret, IssuerURL: provider.URL()}
		})
		clk := databasetest.StopClock(db)
		_, e := enrol(t, s, clk, "staff@hive.test")
		c := s.Client()
		provider.SetNextUser("g-1")
		final := signInWithGoogle(t, c)
		if final.Path != accounts.SecondFactorScreen {
			t.Fatalf("final redirect %s", final)
		}
		c.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)
		clk.Advance(30 * time.Second)
		var a loginAnswer
		secondStep(c, e.code(t, clk.Now())).Want(200).Decode(&a)
		if a.User == nil || a.User.Email != "staff@hive.test" {
			t.Fatalf("second step answered %+v", a)
		}
		c.Do("GET", "/account/whoami", nil).Want(200)
	})
}

// Turning two-step sign-in off asks for the password and a code.
func TestDisableTOTPNeedsPasswordAndCode(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		clk := databasetest.StopClock(db)
		c, e := enrol(t, s, clk, "staff@hive.test")
		clk.Advance(30 * time.Second)
		code := e.code(t, clk.Now())
		c.Do("POST", "/account/second-factor/disable", map[string]string{"password": "wrong-password", "code": code}).
			WantError(http.StatusUnprocessableEntity, apperror.CodeValidation)
		c.Do("POST", "/account/second-factor/disable", map[string]string{"password": accounts.DemoPassword, "code": "000000"}).
			WantError(http.StatusUnprocessableEntity, apperror.CodeValidation)
		c.Do("POST", "/account/second-factor/disable", map[string]string{"password": accounts.DemoPassword, "code": code}).
			Want(http.StatusNoContent)
		var me whoami2
		c.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		if me.HasSecondFactor {
			t.Fatalf("after turning off: %+v", me)
		}
		s.Login("staff@hive.test")
	})
}
