package accounts_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
)

var confirmLink = regexp.MustCompile(`/confirm-email\?token=([A-Za-z0-9_%-]+)`)

// outbox returns the texts of the mails queued for to, newest first.
func outbox(t *testing.T, db *database.DB, to string) []string {
	t.Helper()
	msgs, err := mail.Outbox(context.Background(), db, to)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, m := range msgs {
		texts = append(texts, m.Text)
	}
	return texts
}

// confirmToken is the token of the newest confirmation link mailed to to.
func confirmToken(t *testing.T, db *database.DB, to string) string {
	t.Helper()
	for _, text := range outbox(t, db, to) {
		if m := confirmLink.FindStringSubmatch(text); m != nil {
			return m[1]
		}
	}
	t.Fatalf("no confirmation link mailed to %s", to)
	return ""
}

type me struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
}

func signedInAs(c *apptest.Client) me {
	var m me
	c.Do("GET", "/account/whoami", nil).Want(200).Decode(&m)
	return m
}

func errorText(r *apptest.Response) string {
	var e struct {
		Error string `json:"error"`
		apptest.Problem
	}
	r.Decode(&e)
	for _, d := range e.Detail {
		e.Error += " | " + d.Msg
	}
	return e.Error
}

// An e-mail change must not hand an account someone else's address and its invitations: a
// change needs the current password, does nothing until the link mailed to the new address is
// followed, tells the old address, and ends the user's other sessions once confirmed.
func TestAttack_EmailChangeNeedsPasswordAndConfirmation(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		fr := s.Login("freelancer@hive.test")
		other := s.Login("freelancer@hive.test") // a second session of the same user
		change := func(c *apptest.Client, email, password string) *apptest.Response {
			return c.Do("POST", "/account/change-email", map[string]string{"newEmail": email, "currentPassword": password})
		}
		if got := errorText(change(fr, "victim@example.com", "wrong-password").Want(422)); !strings.Contains(got, accounts.MsgWrongPassword) {
			t.Errorf("wrong password: %q", got)
		}
		change(fr, "victim@example.com", "").Want(422)
		if got := errorText(change(fr, "Freelancer@hive.test", accounts.DemoPassword).Want(422)); !strings.Contains(got, accounts.MsgSameEmail) {
			t.Errorf("same address: %q", got)
		}
		var msg struct{ Message string }
		change(fr, "New.Address@example.com", accounts.DemoPassword).Want(202).Decode(&msg)
		if msg.Message != accounts.EmailChangeSent("New.Address@example.com") {
			t.Errorf("message %q", msg.Message)
		}
		// Nothing changed yet.
		if got := signedInAs(fr).Email; got != "freelancer@hive.test" {
			t.Fatalf("address changed before confirmation: %s", got)
		}
		// The old address is told, without any link.
		notice := outbox(t, db, "freelancer@hive.test")
		if len(notice) == 0 || !strings.Contains(notice[0], "new.address@example.com") && !strings.Contains(notice[0], "New.Address@example.com") ||
			strings.Contains(notice[0], "token=") {
			t.Errorf("notice to the old address: %q", notice)
		}
		token := confirmToken(t, db, "new.address@example.com")

		// Confirmed from the session that asked: that one stays, the other ends.
		fr.Do("POST", "/account/confirm-email", map[string]string{"token": token}).Want(200)
		if got := signedInAs(fr).Email; got != "New.Address@example.com" {
			t.Errorf("after confirmation: %s", got)
		}
		other.Do("GET", "/account/whoami", nil).Want(401)
		// The link works once.
		s.Client().Do("POST", "/account/confirm-email", map[string]string{"token": token}).WantError(422, "A-105")
		// The old address no longer signs in; the new one does.
		s.Client().Do("POST", "/account/login", map[string]string{"email": "freelancer@hive.test", "password": accounts.DemoPassword}).Want(401)
		s.Login("new.address@example.com")
	})
}

// A confirmation link followed signed out ends every session; an expired link, a link replaced
// by a newer request and a link to an address taken meanwhile all fail.
func TestAttack_EmailChangeLinkExpiresAndIsChecked(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		st := s.Login("staff@hive.test")
		change := func(email string) string {
			st.Do("POST", "/account/change-email", map[string]string{"newEmail": email, "currentPassword": accounts.DemoPassword}).Want(202)
			return confirmToken(t, db, email)
		}
		confirm := func(token string) *apptest.Response {
			return s.Client().Do("POST", "/account/confirm-email", map[string]string{"token": token})
		}
		expired := change("late@example.com")
		if _, err := db.Raw().Exec(db.Rebind(`UPDATE account_tokens SET expires_at = ? WHERE purpose = 'email_change'`),
			db.Now().Add(-accounts.EmailChangeTTL)); err != nil {
			t.Fatal(err)
		}
		confirm(expired).WantError(422, "A-105")
		first := change("first@example.com")
		second := change("second@example.com")
		confirm(first).WantError(422, "A-105") // replaced by the newer request
		confirm("").Want(422)
		// The address was taken meanwhile (by a sign-up): 409 with the message, nothing changes.
		s.Client().Do("POST", "/onboard-freelancer", map[string]any{"email": "second@example.com", "password": "Str0ng-enough",
			"firstName": "Sam", "lastName": "Second", "termsAndConditions": true}).Want(201)
		if got := errorText(confirm(second).WantError(409, "C-409")); got != accounts.MsgEmailTaken {
			t.Errorf("taken: %q", got)
		}
		if got := signedInAs(st).Email; got != "staff@hive.test" {
			t.Errorf("address %s", got)
		}
		third := change("third@example.com")
		confirm(third).Want(200)
		st.Do("GET", "/account/whoami", nil).Want(401) // confirmed signed out: every session ends
		s.Login("third@example.com")
	})
}

// Who may call the new operations: change-email acts only on the caller's own account (there
// is no id to point at someone else), needs a session, and an administrator impersonating the
// user may not use it; a manager or freelancer cannot change another user's address through
// the profile either.
func TestEmailChangeRefusals(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		body := map[string]string{"newEmail": "x@example.com", "currentPassword": accounts.DemoPassword}
		s.Client().Do("POST", "/account/change-email", body).Want(401)
		admin := s.Login("admin@hive.test")
		var fr me
		s.Login("freelancer@hive.test").Do("GET", "/account/whoami", nil).Decode(&fr)
		admin.Do("POST", fmt.Sprintf("/account/impersonate/%d", fr.ID), nil).Want(200)
		admin.Do("POST", "/account/change-email", body).WantError(403, "A-102")
		admin.Do("POST", "/account/cancel-impersonate", nil).Want(200)
		var prof struct {
			Version int `json:"version"`
		}
		admin.Do("GET", fmt.Sprintf("/account/%d", fr.ID), nil).Want(200).Decode(&prof)
		for _, role := range []string{"manager@hive.test", "staff@hive.test"} {
			s.Login(role).Do("PATCH", fmt.Sprintf("/account/%d", fr.ID), map[string]any{"email": "x@example.com",
				"version": prof.Version}).Want(403)
		}
	})
}
