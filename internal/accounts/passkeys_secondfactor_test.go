package accounts_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

const (
	passkeyStepBegin  = "/account/login/second-factor/passkey/begin"
	passkeyStepFinish = "/account/login/second-factor/passkey/finish"
)

// passkeyStep is a begun passkey ceremony of a pending login.
type passkeyStep struct {
	Ceremony  string         `json:"ceremony"`
	PublicKey requestOptions `json:"publicKey"`
}

// beginPasskeyStep starts the passkey ceremony of c's pending login.
func beginPasskeyStep(t *testing.T, c *apptest.Client) passkeyStep {
	t.Helper()
	var step passkeyStep
	c.Do("POST", passkeyStepBegin, nil).Want(http.StatusOK).Decode(&step)
	return step
}

// finishPasskeyStep answers step with cred.
func (w *passkeyWorld) finishPasskeyStep(c *apptest.Client, step passkeyStep, cred *softCredential) *apptest.Response {
	return c.Do("POST", passkeyStepFinish, map[string]any{"ceremony": step.Ceremony,
		"credential": w.auth.assert(step.PublicKey.Challenge, cred, cred.userHandle)})
}

// passkeyPasswordStep signs in with the password of a user with a passkey, expecting the passkey
// among the second factors offered.
func passkeyPasswordStep(t *testing.T, w *passkeyWorld, email string) *apptest.Client {
	t.Helper()
	c := w.s.Client()
	var a loginAnswer
	c.Do("POST", "/account/login", map[string]string{"email": email, "password": accounts.DemoPassword}).Want(http.StatusOK).Decode(&a)
	if a.User != nil || a.SecondFactor == nil || !slices.Equal(a.SecondFactor.Methods, []string{"passkey"}) {
		t.Fatalf("password sign-in of a user with a passkey answered %+v", a)
	}
	return c
}

// A passkey is a second factor: the password sign-in of its owner waits for it, and the passkey
// completes that sign-in once; another user's passkey does not.
func TestPasskeyCompletesAPendingSignIn(t *testing.T) {
	passkeyEngines(t, func(t *testing.T, w *passkeyWorld) {
		fay := w.s.Login("freelancer@hive.test")
		phone, _ := w.register(fay, "Phone")
		sam := w.s.Login("staff@hive.test")
		samKey, _ := w.register(sam, "Sam's phone")

		t.Run("the owner's passkey completes it", func(t *testing.T) {
			c := passkeyPasswordStep(t, w, "freelancer@hive.test")
			c.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)
			step := beginPasskeyStep(t, c)
			if len(step.PublicKey.AllowCredentials) != 1 || step.PublicKey.RPID != "hive.test" {
				t.Fatalf("options %+v: want Fay's one passkey on hive.test", step.PublicKey)
			}
			var a loginAnswer
			w.finishPasskeyStep(c, step, phone).Want(http.StatusOK).Decode(&a)
			if a.User == nil || a.User.Email != "freelancer@hive.test" {
				t.Fatalf("signed in as %+v", a)
			}
			c.Do("GET", "/account/whoami", nil).Want(http.StatusOK)
			// The pending login is used up: its ceremony cannot begin again.
			c.Do("POST", passkeyStepBegin, nil).WantError(http.StatusUnauthorized, apperror.CodeBadToken)
		})

		t.Run("another user's passkey does not", func(t *testing.T) {
			c := passkeyPasswordStep(t, w, "freelancer@hive.test")
			step := beginPasskeyStep(t, c)
			w.finishPasskeyStep(c, step, samKey).WantError(http.StatusUnauthorized, apperror.CodeInvalidCredentials)
			c.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)
			// The refused answer used its ceremony up; the pending login itself still waits.
			w.finishPasskeyStep(c, step, phone).WantError(http.StatusUnprocessableEntity, apperror.CodeBadToken)
			w.finishPasskeyStep(c, beginPasskeyStep(t, c), phone).Want(http.StatusOK)
		})

		t.Run("another pending login's ceremony does not", func(t *testing.T) {
			samBrowser := passkeyPasswordStep(t, w, "staff@hive.test")
			samStep := beginPasskeyStep(t, samBrowser)
			c := passkeyPasswordStep(t, w, "freelancer@hive.test")
			w.finishPasskeyStep(c, samStep, samKey).WantError(http.StatusUnprocessableEntity, apperror.CodeBadToken)
			c.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)
		})

		t.Run("without a pending login", func(t *testing.T) {
			c := w.s.Client()
			c.Do("POST", passkeyStepBegin, nil).WantError(http.StatusUnauthorized, apperror.CodeBadToken)
			w.finishPasskeyStep(c, passkeyStep{Ceremony: "x"}, phone).WantError(http.StatusUnauthorized, apperror.CodeBadToken)
		})
	})
}

// An administrator who must enrol may register a passkey, and with only a passkey is enrolled:
// the passkey completes the password sign-in, and the session may do more than enrol.
func TestAdministratorWithOnlyAPasskeyIsEnrolled(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		w := &passkeyWorld{t: t, s: s, db: db, auth: newSoftAuthenticator(t, passkeyBase, "hive.test")}
		admin := w.s.Login("admin@hive.test")
		var me whoami2
		admin.Do("GET", "/account/whoami", nil).Want(http.StatusOK).Decode(&me)
		if !me.MustEnrolSecondFactor {
			t.Fatalf("admin without a second factor: %+v", me)
		}
		admin.Do("GET", "/entity", nil).WantError(http.StatusForbidden, apperror.CodeAccessDenied)
		key, _ := w.register(admin, "Admin key")
		c := passkeyPasswordStep(t, w, "admin@hive.test")
		w.finishPasskeyStep(c, beginPasskeyStep(t, c), key).Want(http.StatusOK)
		c.Do("GET", "/account/whoami", nil).Want(http.StatusOK).Decode(&me)
		c.Do("GET", "/entity", nil).Want(http.StatusOK)
		if !me.HasSecondFactor || me.MustEnrolSecondFactor {
			t.Fatalf("admin with a passkey: %+v", me)
		}
	}, onPasskeyDomain, apptest.RequireAdminSecondFactor)
}

// An administrator's reset of a user's second factor removes their passkeys: a user who lost
// the passkey that was their only factor signs in with the password again.
func TestSecondFactorResetRemovesPasskeys(t *testing.T) {
	passkeyEngines(t, func(t *testing.T, w *passkeyWorld) {
		sam := w.s.Login("staff@hive.test")
		w.register(sam, "Lost phone")
		passkeyPasswordStep(t, w, "staff@hive.test")
		admin := w.s.Login("admin@hive.test")
		admin.Do("POST", fmt.Sprintf("/account/%d/reset-second-factor", userID(t, w.db, "staff@hive.test")), nil).
			Want(http.StatusNoContent)
		sam.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)
		var a loginAnswer
		w.s.Client().Do("POST", "/account/login", map[string]string{"email": "staff@hive.test", "password": accounts.DemoPassword}).
			Want(http.StatusOK).Decode(&a)
		if a.User == nil || a.SecondFactor != nil {
			t.Fatalf("after the reset the password answered %+v", a)
		}
		admin.Do("POST", fmt.Sprintf("/account/%d/reset-second-factor", userID(t, w.db, "staff@hive.test")), nil).
			WantError(http.StatusConflict, apperror.CodeConflict)
	})
}
