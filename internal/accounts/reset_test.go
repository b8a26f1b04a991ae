package accounts_test

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail/mailtest"
)

var linkPattern = regexp.MustCompile(`https?://\S+`)

// TestPasswordResetThroughSMTP follows a reset from the request, through a real SMTP server,
// to the link in the received mail and a login with the new password.
func TestPasswordResetThroughSMTP(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		smtpURL, inbox := mailtest.StartSMTPServer(t)
		s := apptest.Start(t, db, func(c *config.Config) { c.SMTPURL = smtpURL })
		old := s.Login("freelancer@hive.test")

		c := s.Client()
		c.Do("POST", "/account/request-password-reset", map[string]string{"email": "Freelancer@hive.test"}).Want(202)
		// An unknown address gets the same answer and no mail.
		c.Do("POST", "/account/request-password-reset", map[string]string{"email": "nobody@hive.test"}).Want(202)
		if _, err := s.App.Mail.DeliverDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		got := inbox()
		if len(got) != 1 || got[0].To[0] != "freelancer@hive.test" {
			t.Fatalf("received %+v", got)
		}
		link := linkPattern.FindString(got[0].Text)
		u, err := url.Parse(link)
		if err != nil || !strings.HasPrefix(link, s.URL+"/reset-password?token=") {
			t.Fatalf("link %q in %q", link, got[0].Text)
		}
		token := u.Query().Get("token")

		c.Do("POST", "/account/reset-password", map[string]string{"token": token, "password": "short"}).
			WantError(422, apperror.CodeValidation)
		c.Do("POST", "/account/reset-password", map[string]string{"token": token, "password": "A-new-password-2026"}).Want(200)
		c.Do("POST", "/account/reset-password", map[string]string{"token": token, "password": "Another-one-2026"}).
			WantError(422, apperror.CodeBadToken)

		old.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		c.Do("POST", "/account/login", map[string]string{"email": "freelancer@hive.test", "password": accounts.DemoPassword}).
			WantError(401, apperror.CodeInvalidCredentials)
		c.Do("POST", "/account/login", map[string]string{"email": "freelancer@hive.test", "password": "A-new-password-2026"}).Want(200)
	})
}

func TestResetTokenExpires(t *testing.T) {
	db := databasetest.SQLite(t)
	s := apptest.Start(t, db)
	now := time.Now().UTC()
	db.Now = func() time.Time { return now }
	s.Client().Do("POST", "/account/reset-unauthenticated-password", map[string]string{"email": "reset@hive.test"}).Want(202)
	token := tokenFromOutbox(t, db, "reset@hive.test")
	now = now.Add(accounts.ResetTTL + time.Minute)
	s.Client().Do("POST", "/account/reset-password", map[string]string{"token": token, "password": "A-new-password-2026"}).
		WantError(422, apperror.CodeBadToken)
}

func TestResetRequiredAccountRecovers(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		c := s.Client()
		// Only accounts that need a reset get mail from this call.
		c.Do("POST", "/account/reset-unauthenticated-password", map[string]string{"email": "staff@hive.test"}).Want(202)
		c.Do("POST", "/account/reset-unauthenticated-password", map[string]string{"email": "reset@hive.test"}).Want(202)
		if n := countOutbox(t, db, "staff@hive.test"); n != 0 {
			t.Fatalf("staff got %d mails", n)
		}
		token := tokenFromOutbox(t, db, "reset@hive.test")
		c.Do("POST", "/account/reset-password", map[string]string{"token": token, "password": "A-new-password-2026"}).Want(200)
		c.Do("POST", "/account/login", map[string]string{"email": "reset@hive.test", "password": "A-new-password-2026"}).Want(200)
	})
}

// The account-requires-reset page tells the user to check their e-mail, so a
// sign-in refused for a required reset mails the link (with the right password only: a wrong one
// or an unknown address gets nothing), within the per-account limit of every reset mail. Over
// the limit the refusal stays A-103 and no mail goes.
func TestRequiredResetIsMailedAtSignIn(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		c := clock.At(time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC))
		db.Now = c.Now
		s := apptest.Start(t, db)
		login := func(email, password string) *apptest.Response {
			return s.Client().Do("POST", "/account/login", map[string]string{"email": email, "password": password})
		}
		const to = "reset@hive.test"

		login("Reset@hive.test", "not-the-password").WantError(401, apperror.CodeInvalidCredentials)
		login("nobody@hive.test", accounts.DemoPassword).WantError(401, apperror.CodeInvalidCredentials)
		if n := countOutbox(t, db, to); n != 0 {
			t.Fatalf("a wrong password mailed %d links", n)
		}
		login("Reset@hive.test", accounts.DemoPassword).WantError(403, apperror.CodeNeedsReset)
		if n := countOutbox(t, db, to); n != 1 {
			t.Fatalf("the refusal mailed %d links, want 1", n)
		}

		// The page's own 'send a new link' shares the limit: four more reach it.
		for range accounts.MailPerAccount.Limit - 1 {
			s.Client().Do("POST", "/account/reset-unauthenticated-password", map[string]string{"email": to}).Want(202)
		}
		login(to, accounts.DemoPassword).WantError(403, apperror.CodeNeedsReset)
		if n := countOutbox(t, db, to); n != accounts.MailPerAccount.Limit {
			t.Fatalf("over the limit: %d mails, want %d", n, accounts.MailPerAccount.Limit)
		}

		c.Advance(accounts.MailPerAccount.Window)
		login(to, accounts.DemoPassword).WantError(403, apperror.CodeNeedsReset)
		if n := countOutbox(t, db, to); n != accounts.MailPerAccount.Limit+1 {
			t.Fatalf("a new window: %d mails, want %d", n, accounts.MailPerAccount.Limit+1)
		}
		token := tokenFromOutbox(t, db, to)
		s.Client().Do("POST", "/account/reset-password", map[string]string{"token": token, "password": "A-new-password-2026"}).Want(200)
		login(to, "A-new-password-2026").Want(200)
	})
}

func TestActivation(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		ctx := context.Background()
		store := &accounts.Store{DB: db}
		service := &accounts.Service{Store: store, BaseURL: s.URL}
		var inactive accounts.User
		if err := db.Get(ctx, &inactive.ID, `SELECT id FROM users WHERE email_lc = ?`, "inactive@hive.test"); err != nil {
			t.Fatal(err)
		}
		inactive, _ = store.User(ctx, inactive.ID)
		if err := db.InTx(ctx, func(tx *database.Tx) error { return service.IssueActivation(ctx, tx, inactive) }); err != nil {
			t.Fatal(err)
		}
		token := tokenFromOutbox(t, db, "inactive@hive.test")
		c := s.Client()
		c.Do("POST", "/account/activate-account", map[string]any{"activationToken": "wrong", "password": nil}).
			WantError(422, apperror.CodeBadToken)
		// An account that has a password still chooses one on activation.
		c.Do("POST", "/account/activate-account", map[string]any{"activationToken": token, "password": nil}).
			WantError(422, apperror.CodeValidation)
		c.Do("POST", "/account/activate-account", map[string]any{"activationToken": token, "password": "Chosen-password-1"}).Want(200)
		c.Do("POST", "/account/activate-account", map[string]any{"activationToken": token, "password": nil}).
			WantError(422, apperror.CodeBadToken)
		c.Do("POST", "/account/login", map[string]string{"email": "inactive@hive.test", "password": "Chosen-password-1"}).Want(200)
	})
}

// TestCheckToken: a link's screen learns before submitting whether the token is live and
// whether to ask for a password (always: a reset, and an activation, whatever password the
// account has).
func TestCheckToken(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		ctx := context.Background()
		store := &accounts.Store{DB: db}
		service := &accounts.Service{Store: store, BaseURL: s.URL}
		var inactive accounts.User
		if err := db.Get(ctx, &inactive.ID, `SELECT id FROM users WHERE email_lc = ?`, "inactive@hive.test"); err != nil {
			t.Fatal(err)
		}
		inactive, _ = store.User(ctx, inactive.ID)
		if err := db.InTx(ctx, func(tx *database.Tx) error { return service.IssueActivation(ctx, tx, inactive) }); err != nil {
			t.Fatal(err)
		}
		token := tokenFromOutbox(t, db, "inactive@hive.test")
		c := s.Client()
		check := func(token, purpose string) *apptest.Response {
			return c.Do("POST", "/account/check-token", map[string]any{"token": token, "purpose": purpose})
		}
		// The demo's inactive account has a password of its own, chosen by whoever signed up
		// with the address: activation asks for a new one all the same.
		var out struct {
			PasswordNeeded bool `json:"passwordNeeded"`
		}
		check(token, "activation").Want(200).Decode(&out)
		if !out.PasswordNeeded {
			t.Error("an account with a password is not asked for a new one")
		}
		// An activation token is no reset token; a wrong one is A-105 with its reason.
		check(token, "reset").WantError(422, apperror.CodeBadToken)
		check("wrong", "activation").WantError(422, apperror.CodeBadToken)
		// Checking uses nothing up.
		check(token, "activation").Want(200)

		// An account created for the user (no password) is asked for one.
		if err := db.InTx(ctx, func(tx *database.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE users SET password_hash = '' WHERE id = ?`, inactive.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		check(token, "activation").Want(200).Decode(&out)
		if !out.PasswordNeeded {
			t.Error("an account without a password is not asked for one")
		}
		c.Do("POST", "/account/activate-account", map[string]any{"activationToken": token, "password": "Chosen-password-1"}).Want(200)
		// A used link says so.
		check(token, "activation").WantError(422, apperror.CodeBadToken)

		// A reset link: always a password; used, it says why.
		c.Do("POST", "/account/request-password-reset", map[string]string{"email": "inactive@hive.test"}).Want(202)
		reset := tokenFromOutbox(t, db, "inactive@hive.test")
		check(reset, "reset").Want(200).Decode(&out)
		if !out.PasswordNeeded {
			t.Error("a reset does not ask for a password")
		}
		c.Do("POST", "/account/reset-password", map[string]string{"token": reset, "password": "A-new-password-2026"}).Want(200)
		check(reset, "reset").WantError(422, apperror.CodeBadToken)
	})
}

func tokenFromOutbox(t *testing.T, db *database.DB, to string) string {
	t.Helper()
	var text string
	if err := db.Get(context.Background(), &text, `SELECT body_text FROM mail_outbox WHERE to_addr = ? ORDER BY id DESC LIMIT 1`, to); err != nil {
		t.Fatalf("no mail to %s: %v", to, err)
	}
	u, err := url.Parse(linkPattern.FindString(text))
	if err != nil || u.Query().Get("token") == "" {
		t.Fatalf("no token link in %q", text)
	}
	return u.Query().Get("token")
}

func countOutbox(t *testing.T, db *database.DB, to string) int {
	var n int
	if err := db.Get(context.Background(), &n, `SELECT COUNT(*) FROM mail_outbox WHERE to_addr = ?`, to); err != nil {
		t.Fatal(err)
	}
	return n
}
