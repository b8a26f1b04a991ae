package accounts_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

type fieldError struct {
	Error string `json:"error"`
	apptest.Problem
}

func decodeFieldError(t *testing.T, res *apptest.Response) fieldError {
	t.Helper()
	var e fieldError
	if err := json.Unmarshal(res.Body, &e); err != nil {
		t.Fatalf("%v: %s", err, res.Body)
	}
	return e
}

// A stolen session alone cannot change the password: the current one is needed. A change
// ends every other session (the thief's) and the calendar feed, but keeps this one.
func TestAttack_ChangePasswordNeedsCurrentAndEndsOtherSessions(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		databasetest.StopClock(db) // the guesses must all fall in one rate-limit window
		owner := s.Login("freelancer@hive.test")
		thief := s.Login("freelancer@hive.test")
		var feed struct {
			URL *string `json:"url"`
		}
		owner.Do("GET", "/agenda/feed", nil).Want(200).Decode(&feed)
		if feed.URL == nil {
			t.Fatal("no feed")
		}

		res := thief.Do("POST", "/account/change-password", map[string]string{"currentPassword": "guessed-wrong", "newPassword": "Thief-owns-it-1"}).
			WantError(422, apperror.CodeValidation)
		if e := decodeFieldError(t, res); len(e.Detail) != 1 || e.Detail[0].Loc[len(e.Detail[0].Loc)-1] != "currentPassword" ||
			e.Detail[0].Msg != accounts.MsgCurrentPasswordWrong {
			t.Errorf("wrong current password: %s", res.Body)
		}
		res = owner.Do("POST", "/account/change-password", map[string]string{"currentPassword": accounts.DemoPassword, "newPassword": "short"}).
			WantError(422, apperror.CodeValidation)
		if e := decodeFieldError(t, res); len(e.Detail) != 1 || e.Detail[0].Msg != accounts.MsgNewPassword {
			t.Errorf("short new password: %s", res.Body)
		}
		owner.Do("POST", "/account/change-password", map[string]string{"currentPassword": accounts.DemoPassword, "newPassword": "Owner-keeps-it-1"}).Want(200)
		owner.Do("GET", "/account/whoami", nil).Want(200)
		thief.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		s.Client().Do("GET", *feed.URL, nil).Want(404)
		s.Client().Do("POST", "/account/login", map[string]string{"email": "freelancer@hive.test", "password": "Owner-keeps-it-1"}).Want(200)

		// Guessing the current password through this operation is limited per account (two
		// attempts, the thief's and the owner's, are already counted).
		var last *apptest.Response
		for i := 2; i < accounts.ChangePasswordPerAccount.Limit; i++ {
			last = owner.Do("POST", "/account/change-password", map[string]string{"currentPassword": "guess-number-x", "newPassword": "Whatever-1234"})
		}
		last.WantError(422, apperror.CodeValidation)
		owner.Do("POST", "/account/change-password", map[string]string{"currentPassword": "guess-number-y", "newPassword": "Whatever-1234"}).
			WantError(503, apperror.CodeTooManyRequests)

		s.Client().Do("POST", "/account/change-password", map[string]string{"currentPassword": "x", "newPassword": "y"}).
			WantError(401, apperror.CodeNotAuthenticated)
	})
}

// 'Sign out everywhere' ends the sessions a thief holds, and this one.
func TestAttack_LogoutEverywhereEndsStolenSessions(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		owner := s.Login("staff@hive.test")
		thief := s.Login("staff@hive.test")
		other := s.Login("manager@hive.test")
		res := owner.Do("POST", "/account/logout-everywhere", nil).Want(204)
		if !strings.Contains(strings.Join(res.Header.Values("Set-Cookie"), ";"), "hive_session=;") {
			t.Errorf("cookie not cleared: %v", res.Header.Values("Set-Cookie"))
		}
		owner.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		thief.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		other.Do("GET", "/account/whoami", nil).Want(200)
		s.Client().Do("POST", "/account/logout-everywhere", nil).WantError(401, apperror.CodeNotAuthenticated)
	})
}

// A wrong reset or activation token is refused before any argon2id work, and guessing tokens
// is limited per client address.
func TestAttack_BadTokensCostNoHashAndAreLimited(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		databasetest.StopClock(db) // the guesses must all fall in one rate-limit window
		hashes := accounts.CountHashes(t)
		c := s.Client()
		for i := 0; i < accounts.TokenPerAddress.Limit; i++ {
			c.Do("POST", "/account/reset-password", map[string]string{"token": "guess", "password": "A-new-password-2026"}).
				WantError(422, apperror.CodeBadToken)
			c.Do("POST", "/account/activate-account", map[string]any{"activationToken": "guess", "password": "A-new-password-2026"}).
				WantError(422, apperror.CodeBadToken)
		}
		if n := hashes.Load(); n != 0 {
			t.Errorf("%d hashes for wrong tokens", n)
		}
		c.Do("POST", "/account/reset-password", map[string]string{"token": "guess", "password": "A-new-password-2026"}).
			WantError(503, apperror.CodeTooManyRequests)
		c.Do("POST", "/account/activate-account", map[string]any{"activationToken": "guess", "password": "A-new-password-2026"}).
			WantError(503, apperror.CodeTooManyRequests)
	})
}

// A password reset and an administrator's set-password end every session of the user and
// revoke the calendar feed, whose address works without a session.
func TestAttack_PasswordResetRevokesFeedAndSessions(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		thief := s.Login("freelancer@hive.test")
		feedURL := func() string {
			var feed struct {
				URL *string `json:"url"`
			}
			thief.Do("GET", "/agenda/feed", nil).Want(200).Decode(&feed)
			if feed.URL == nil {
				t.Fatal("no feed")
			}
			return *feed.URL
		}
		url := feedURL()
		s.Client().Do("POST", "/account/request-password-reset", map[string]string{"email": "freelancer@hive.test"}).Want(202)
		token := tokenFromOutbox(t, db, "freelancer@hive.test")
		s.Client().Do("POST", "/account/reset-password", map[string]string{"token": token, "password": "A-new-password-2026"}).Want(200)
		thief.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		s.Client().Do("GET", url, nil).Want(404)

		thief = s.Client()
		thief.Do("POST", "/account/login", map[string]string{"email": "freelancer@hive.test", "password": "A-new-password-2026"}).Want(200)
		url = feedURL()
		var me whoami
		thief.Do("GET", "/account/whoami", nil).Decode(&me)
		s.Login("admin@hive.test").Do("POST", "/account/"+itoa(me.ID)+"/set-password", map[string]string{"password": "Set-by-admin-1"}).Want(200)
		thief.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		s.Client().Do("GET", url, nil).Want(404)
	})
}

// Sign-up answers the same for an address that has an account as for a new one, and mails
// the owner instead of saying so.
func TestAttack_SignUpDoesNotRevealAccounts(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		form := func(email string) map[string]any {
			return map[string]any{"email": email, "password": "Long-enough-1", "firstName": "Eve", "lastName": "Probe",
				"termsAndConditions": true}
		}
		fresh := s.Client().Do("POST", "/onboard-freelancer", form("brand.new@example.com")).Want(201)
		taken := s.Client().Do("POST", "/onboard-freelancer", form("Staff@hive.test")).Want(201)
		normalise := func(body []byte, email string) string {
			return strings.ReplaceAll(strings.ToLower(string(body)), strings.ToLower(email), "<email>")
		}
		if a, b := normalise(fresh.Body, "brand.new@example.com"), normalise(taken.Body, "Staff@hive.test"); a != b {
			t.Errorf("answers differ:\nnew:      %s\nexisting: %s", a, b)
		}
		if len(fresh.Header.Values("Set-Cookie")) != 0 || len(taken.Header.Values("Set-Cookie")) != 0 {
			t.Errorf("cookies %v %v", fresh.Header.Values("Set-Cookie"), taken.Header.Values("Set-Cookie"))
		}
		var text string
		if err := db.Get(context.Background(), &text, `SELECT body_text FROM mail_outbox WHERE to_addr = ? ORDER BY id DESC LIMIT 1`,
			"staff@hive.test"); err != nil || !strings.Contains(text, "tried to create a new Hive account") {
			t.Errorf("owner mail %q %v", text, err)
		}
		var n int
		if err := db.Get(context.Background(), &n, `SELECT COUNT(*) FROM users WHERE email_lc = 'staff@hive.test'`); err != nil || n != 1 {
			t.Errorf("%d accounts, %v", n, err)
		}
		// The staff account still signs in with its own password.
		s.Login("staff@hive.test")
	})
}
