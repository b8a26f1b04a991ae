package invitations_test

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/organisations/invitations"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/ratelimit"
)

type whoamiInvitations struct {
	ID          int64  `json:"id"`
	Email       string `json:"email"`
	Invitations []struct {
		ID int64 `json:"id"`
	} `json:"invitations"`
	ActionsRequired int `json:"actionsRequired"`
}

func (f *fixture) profileVersion(id int64) int {
	var v struct {
		Version int `json:"version"`
	}
	f.s.As(apptest.Admin).Do("GET", fmt.Sprintf("/account/%d", id), nil).Want(200).Decode(&v)
	return v.Version
}

// A freelancer who puts an invitee's address on their account must neither
// see nor accept the invitation. The direct change is refused; and even when their address
// does become the invitee's (here an administrator sets it), the invitation stays bound to the
// mailed token, not to whoever holds the address now.
func TestAttack_EmailChangeCannotStealInvitation(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		inv := f.invite(apptest.Manager, "newcomer@example.com", "staff")
		fr := f.s.As(apptest.Freelancer)
		frID := f.ids[apptest.Freelancer]

		// The attack as reported: PATCH one's own address. Refused, with the way to do it.
		res := fr.Do("PATCH", fmt.Sprintf("/account/%d", frID), map[string]any{"email": "newcomer@example.com",
			"version": f.profileVersion(frID)}).Want(422)
		if !strings.Contains(string(res.Body), accounts.MsgUseEmailChange) {
			t.Errorf("refusal %s", res.Body)
		}
		// The confirmed change mails the newcomer, and changes nothing until they follow it.
		fr.Do("POST", "/account/change-email", map[string]string{"newEmail": "newcomer@example.com",
			"currentPassword": accounts.DemoPassword}).Want(202)

		// Whatever the address: the invitation is not the freelancer's.
		f.s.As(apptest.Admin).Do("PATCH", fmt.Sprintf("/account/%d", frID), map[string]any{"email": "newcomer@example.com",
			"version": f.profileVersion(frID)}).Want(200)
		var me whoamiInvitations
		fr.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		if me.Email != "newcomer@example.com" || len(me.Invitations) != 0 {
			t.Fatalf("whoami %+v", me)
		}
		path := fmt.Sprintf("/invitation/%d", inv.ID)
		fr.Do("GET", path, nil).Want(404)
		fr.Do("PATCH", path, map[string]any{"status": "accepted", "version": inv.Version}).Want(404)
		var page struct{ Total int }
		fr.Do("GET", fmt.Sprintf("/invitation/by-user/%d", frID), nil).Want(200).Decode(&page)
		if page.Total != 0 {
			t.Errorf("by-user lists %d", page.Total)
		}
		if l := linkOf(t, db, "newcomer@example.com", f.entity); len(l) != 0 {
			t.Errorf("linked: %+v", l)
		}
		// The previous address was told of the administrator's change.
		if !strings.Contains(mailed(t, db, "freelancer@hive.test"), "An administrator changed the email address") {
			t.Errorf("no notice to the old address: %s", mailed(t, db, "freelancer@hive.test"))
		}
	})
}

var activationLink = regexp.MustCompile(`/activate\?token=([A-Za-z0-9_%-]+)`)

// The legitimate journey the binding must keep: someone invited before they had an account
// signs up on their own (not through the link) and activates with the mailed link; that proves
// the address, so the invitation is theirs to accept on the home screen.
func TestInvitationBindsOnActivation(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		inv := f.invite(apptest.Manager, "late@example.com", "freelancer")
		f.s.Client().Do("POST", "/onboard-freelancer", signUpBody("", "late@example.com")).Want(201)
		var token string
		msgs, err := mail.Outbox(context.Background(), db, "late@example.com")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			if found := activationLink.FindStringSubmatch(m.Text); found != nil {
				token = found[1]
				break
			}
		}
		if token == "" {
			t.Fatal("no activation link")
		}
		f.s.Client().Do("POST", "/account/activate-account", map[string]any{"activationToken": token,
			"password": "Chosen-on-activation-1"}).Want(200)
		c := f.s.Client()
		c.Do("POST", "/account/login", map[string]string{"email": "late@example.com", "password": "Chosen-on-activation-1"}).Want(200)
		var me whoamiInvitations
		c.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		if len(me.Invitations) != 1 || me.Invitations[0].ID != inv.ID {
			t.Fatalf("whoami %+v", me)
		}
		c.Do("PATCH", fmt.Sprintf("/invitation/%d", inv.ID), map[string]any{"status": "accepted", "version": inv.Version}).Want(200)
	})
}

// A manager cannot mail strangers in bulk through invitations, and the
// message is plain text of a bounded length.
func TestAttack_InvitationFloodAndMessage(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		databasetest.StopClock(db) // the sends must all fall in one rate-limit window
		m := f.s.As(apptest.Manager)
		send := func(c *apptest.Client, i int) *apptest.Response {
			return c.Do("POST", "/invitation", map[string]any{"entityId": f.entity, "email": fmt.Sprintf("stranger%d@example.com", i)})
		}
		for i := 0; i < invitations.InvitesPerSender.Limit; i++ {
			send(m, i).Want(201)
		}
		send(m, 100).WantError(503, "S-503")

		// Per entity: with the day's limit at its sender's count, another manager is refused too.
		saved := invitations.InvitesPerEntity
		invitations.InvitesPerEntity = ratelimit.Rule{Limit: invitations.InvitesPerSender.Limit, Window: saved.Window}
		defer func() { invitations.InvitesPerEntity = saved }()
		send(f.s.As(apptest.Admin), 200).WantError(503, "S-503")
		invitations.InvitesPerEntity = saved

		admin := f.s.As(apptest.Admin)
		long := admin.Do("POST", "/invitation", map[string]any{"entityId": f.otherEntity, "email": "long@example.com",
			"message": strings.Repeat("x", invitations.MaxMessage+1)}).Want(422)
		if !strings.Contains(string(long.Body), invitations.MsgMessageLength) {
			t.Errorf("long message: %s", long.Body)
		}
		var inv struct{ Message string }
		admin.Do("POST", "/invitation", map[string]any{"entityId": f.otherEntity, "email": "plain@example.com",
			"message": "Hello\r\nSubject: fake\rline\x1b[31m <b>bold</b>"}).Want(201).Decode(&inv)
		if inv.Message != "Hello\nSubject: fake\nline[31m <b>bold</b>" {
			t.Errorf("stored message %q", inv.Message)
		}
	})
}

// The pre-registration hijack: an attacker signs up on their own with the victim's address and
// a password of their choosing, before the victim has an account. The victim, invited meanwhile,
// opens the activation link mailed to them. Activation makes the victim choose a new password in
// the same step, so the attacker's password signs nobody in, and the address's invitations are
// bound to the account only then, when the address's owner holds it.
func TestAttack_PreRegistrationHijack(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		inv := f.invite(apptest.Manager, "victim@example.com", "freelancer")
		const attackerPassword = "Attacker-chose-1"
		body := signUpBody("", "victim@example.com")
		body["password"] = attackerPassword
		f.s.Client().Do("POST", "/onboard-freelancer", body).Want(201)
		bound := func() bool {
			return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM invitations WHERE id = ? AND user_id IS NOT NULL`, inv.ID) == 1
		}
		if bound() {
			t.Fatal("the invitation is bound to an account before its address was proven")
		}
		login := func(password string) *apptest.Response {
			return f.s.Client().Do("POST", "/account/login", map[string]string{"email": "victim@example.com", "password": password})
		}
		login(attackerPassword).WantError(403, apperror.CodeNotActivated)

		m := activationLink.FindStringSubmatch(mailed(t, db, "victim@example.com"))
		if m == nil {
			t.Fatalf("no activation link in %s", mailed(t, db, "victim@example.com"))
		}
		token, err := url.QueryUnescape(m[1])
		if err != nil {
			t.Fatal(err)
		}
		victim := f.s.Client()
		var check struct{ PasswordNeeded bool }
		victim.Do("POST", "/account/check-token", map[string]string{"token": token, "purpose": "activation"}).Want(200).Decode(&check)
		if !check.PasswordNeeded {
			t.Error("the activation screen does not ask for a password")
		}
		// Activating without choosing a password is refused, and binds nothing.
		victim.Do("POST", "/account/activate-account", map[string]any{"activationToken": token, "password": nil}).
			WantError(422, apperror.CodeValidation)
		if bound() {
			t.Fatal("a refused activation bound the invitation")
		}
		victim.Do("POST", "/account/activate-account", map[string]any{"activationToken": token,
			"password": "Victim-chose-2"}).Want(200)
		if !bound() {
			t.Fatal("activation did not bind the invitation")
		}
		login(attackerPassword).WantError(401, apperror.CodeInvalidCredentials)
		c := f.s.Client()
		c.Do("POST", "/account/login", map[string]string{"email": "victim@example.com", "password": "Victim-chose-2"}).Want(200)
		var me whoamiInvitations
		c.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		if len(me.Invitations) != 1 || me.Invitations[0].ID != inv.ID {
			t.Fatalf("the victim's whoami %+v", me)
		}
	})
}
