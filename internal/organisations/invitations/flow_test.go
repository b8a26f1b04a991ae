package invitations_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

type currentUser struct {
	ID              int64  `json:"id"`
	Email           string `json:"email"`
	Label           string `json:"label"`
	RoleLabel       string `json:"roleLabel"`
	AccountStatus   string `json:"accountStatus"`
	OnboardingState string `json:"onboardingState"`
	IsFreelancer    bool   `json:"isFreelancer"`
	Needs           []string
}

func signUpBody(token, email string) map[string]any {
	b := map[string]any{"email": email, "password": "Str0ng-enough", "firstName": "Nia", "lastName": "Cole",
		"termsAndConditions": true}
	if token != "" {
		b["invitationToken"] = token
	}
	return b
}

// A manager invites a new person as a freelancer; they sign up from the mailed link and land
// signed in, connected to the entity as an external resource, with the invitation accepted.
func TestInvitedFreelancerSignsUp(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		inv := f.invite(apptest.Manager, "Nia.Cole@example.com", "freelancer")
		m := signUpLink.FindStringSubmatch(mailed(t, db, "nia.cole@example.com"))
		if m == nil || m[1] != "/sign-up" {
			t.Fatalf("link %v in %s", m, mailed(t, db, "nia.cole@example.com"))
		}
		token := m[2]
		visitor := f.s.Client()
		var info struct{ Email, EntityName, Purpose string }
		visitor.Do("GET", "/invitation/token/"+token, nil).Want(200).Decode(&info)
		if info.Email != "Nia.Cole@example.com" || info.EntityName != "Northbridge Broadcasting" || info.Purpose != "freelancer" {
			t.Errorf("token info %+v", info)
		}
		// The staff form does not take a freelancer invitation, nor another address.
		visitor.Do("POST", "/onboard-staff", signUpBody(token, "nia.cole@example.com")).WantError(422, "V-422")
		visitor.Do("POST", "/onboard-freelancer", signUpBody(token, "someone@example.com")).WantError(422, "V-422")
		var me currentUser
		res := visitor.Do("POST", "/onboard-freelancer", signUpBody(token, "NIA.cole@example.com")).Want(http.StatusCreated)
		res.Decode(&me)
		if !strings.Contains(strings.Join(res.Header.Values("Set-Cookie"), ";"), "hive_session=") {
			t.Error("no session cookie")
		}
		if !me.IsFreelancer || me.Label != "Freelancer" || me.AccountStatus != "active" ||
			me.OnboardingState != "freelancer_needs_legal_entity" {
			t.Errorf("user %+v", me)
		}
		visitor.Do("GET", "/account/whoami", nil).Want(200)
		if l := linkOf(t, db, "nia.cole@example.com", f.entity); len(l) != 1 || !l[0].CanExternal || l[0].CanSelect || l[0].CanManage {
			t.Errorf("link %+v", l)
		}
		var got invitation
		f.s.As(apptest.Manager).Do("GET", fmt.Sprintf("/invitation/%d", inv.ID), nil).Want(200).Decode(&got)
		if got.Status != "accepted" || got.User == nil || got.User.ID != me.ID {
			t.Errorf("invitation %+v", got)
		}
		// The link works once.
		f.s.Client().Do("POST", "/onboard-freelancer", signUpBody(token, "nia.cole@example.com")).WantError(422, "A-105")
		f.s.Client().Do("GET", "/invitation/token/"+token, nil).Want(404)
		// Signed-in people log out first.
		visitor.Do("POST", "/onboard-freelancer", signUpBody("", "second@example.com")).Want(409)
	})
}

func TestInvitedStaffSignsUp(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		f.invite(apptest.Manager, "coordinator@example.com", "staff")
		m := signUpLink.FindStringSubmatch(mailed(t, db, "coordinator@example.com"))
		if m == nil || m[1] != "/sign-up-staff" {
			t.Fatalf("link %v", m)
		}
		c := f.s.Client()
		c.Do("POST", "/onboard-staff", signUpBody("", "coordinator@example.com")).WantError(422, "V-422")
		body := signUpBody(m[2], "coordinator@example.com")
		delete(body, "termsAndConditions")
		var me currentUser
		c.Do("POST", "/onboard-staff", body).Want(201).Decode(&me)
		if me.IsFreelancer || me.Label != "Staff" || me.RoleLabel != "Staff" || me.OnboardingState != "staff" || me.AccountStatus != "active" {
			t.Errorf("user %+v", me)
		}
		if l := linkOf(t, db, "coordinator@example.com", f.entity); len(l) != 1 || !l[0].CanSelect || l[0].CanManage || l[0].CanExternal {
			t.Errorf("link %+v", l)
		}
		// Read-only: the new staff member sees the entity's invitations.
		c.Do("GET", fmt.Sprintf("/invitation/by-entity/%d", f.entity), nil).Want(200)
	})
}

func TestInvitedAccountHolderExists(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		// A new-person link used by an address that has an account meanwhile.
		f.invite(apptest.Manager, "late@example.com", "freelancer")
		token := signUpLink.FindStringSubmatch(mailed(t, db, "late@example.com"))[2]
		f.s.Client().Do("POST", "/onboard-freelancer", signUpBody("", "late@example.com")).Want(201)
		var e struct{ Error string }
		f.s.Client().Do("POST", "/onboard-freelancer", signUpBody(token, "late@example.com")).WantError(409, "C-409").Decode(&e)
		if e.Error != "An account with this email address already exists. Log in to accept the invitation." {
			t.Errorf("message %q", e.Error)
		}
	})
}

func TestExistingUserAcceptsAndRejects(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		staffInv := f.invite(apptest.Manager, "STAFF@hive.test", "staff")
		// An account holder's mail comes from the notification worker ('Invitation to an
		// entity', internal/notifications), per their preference; none from here.
		if msgs, err := mail.Outbox(context.Background(), db, "staff@hive.test"); err != nil || len(msgs) != 0 {
			t.Errorf("mail to an account holder: %+v %v", msgs, err)
		}
		staff := f.s.As(apptest.Staff)
		var page struct {
			Items []invitation `json:"items"`
			Total int          `json:"total"`
		}
		staff.Do("GET", fmt.Sprintf("/invitation/by-user/%d?status=pending", f.ids[apptest.Staff]), nil).Want(200).Decode(&page)
		if page.Total != 1 || page.Items[0].ID != staffInv.ID || page.Items[0].Entity.Name != "Northbridge Broadcasting" {
			t.Errorf("pending %+v", page)
		}
		path := fmt.Sprintf("/invitation/%d", staffInv.ID)
		staff.Do("PATCH", path, map[string]any{"status": "accepted", "version": 9}).WantError(409, "C-409")
		staff.Do("PATCH", path, map[string]any{"status": "pending", "version": 1}).Want(422)
		var got invitation
		staff.Do("PATCH", path, map[string]any{"status": "accepted", "version": 1}).Want(200).Decode(&got)
		if got.Status != "accepted" || got.Version != 2 {
			t.Errorf("accepted %+v", got)
		}
		if l := linkOf(t, db, "staff@hive.test", f.entity); len(l) != 1 || !l[0].CanSelect {
			t.Errorf("link %+v", l)
		}
		staff.Do("GET", fmt.Sprintf("/invitation/by-entity/%d", f.entity), nil).Want(200) // the link applies at once
		staff.Do("PATCH", path, map[string]any{"status": "rejected", "version": 2}).WantError(409, "C-409")

		fInv := f.invite(apptest.Admin, "freelancer@hive.test", "freelancer")
		fr := f.s.As(apptest.Freelancer)
		fr.Do("PATCH", fmt.Sprintf("/invitation/%d", fInv.ID), map[string]any{"status": "rejected", "version": 1}).Want(200).Decode(&got)
		if got.Status != "rejected" {
			t.Errorf("rejected %+v", got)
		}
		if l := linkOf(t, db, "freelancer@hive.test", f.entity); len(l) != 0 {
			t.Errorf("link after rejecting: %+v", l)
		}
		fr.Do("GET", fmt.Sprintf("/invitation/by-user/%d?status=pending", f.ids[apptest.Freelancer]), nil).Want(200).Decode(&page)
		if page.Total != 0 {
			t.Errorf("still pending %+v", page)
		}
	})
}

// A freelancer on their own agrees to the terms, gets an inactive account and an activation
// mail, and no session.
func TestFreelancerSelfSignUp(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		c := f.s.Client()
		body := signUpBody("", "solo@example.com")
		body["termsAndConditions"] = false
		var e apptest.Problem
		c.Do("POST", "/onboard-freelancer", body).Want(422).Decode(&e)
		if len(e.Detail) != 1 || e.Detail[0].Msg != "You must agree to the terms and conditions." {
			t.Errorf("detail %+v", e.Detail)
		}
		var me currentUser
		res := c.Do("POST", "/onboard-freelancer", signUpBody("", "solo@example.com")).Want(201)
		res.Decode(&me)
		if me.AccountStatus != "inactive" || me.OnboardingState != "freelancer_started" || !me.IsFreelancer {
			t.Errorf("user %+v", me)
		}
		if len(res.Header.Values("Set-Cookie")) != 0 {
			t.Errorf("cookies %v", res.Header.Values("Set-Cookie"))
		}
		if !strings.Contains(mailed(t, db, "solo@example.com"), f.s.URL+"/activate?token=") {
			t.Errorf("activation mail: %s", mailed(t, db, "solo@example.com"))
		}
		// A taken address gets the same answer as a new one and no session.
		again := c.Do("POST", "/onboard-freelancer", signUpBody("", "Solo@example.com")).Want(201)
		if len(again.Header.Values("Set-Cookie")) != 0 {
			t.Errorf("cookies %v", again.Header.Values("Set-Cookie"))
		}
	})
}
