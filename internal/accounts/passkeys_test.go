package accounts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
)

// passkeyBase is the base URL of the passkey tests: WebAuthn needs a domain for its RP ID.
const passkeyBase = "https://hive.test"

func onPasskeyDomain(c *config.Config) { c.BaseURL = passkeyBase }

// passkeyWorld is a Hive with passkeys on, and the software authenticator of the browser.
type passkeyWorld struct {
	t    *testing.T
	s    *apptest.Server
	db   *database.DB
	auth *softAuthenticator
}

func passkeyEngines(t *testing.T, test func(t *testing.T, w *passkeyWorld)) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		test(t, &passkeyWorld{t: t, s: s, db: db, auth: newSoftAuthenticator(t, passkeyBase, "hive.test")})
	}, onPasskeyDomain)
}

type passkeyView struct {
	ID         int64   `json:"id"`
	Name       string  `json:"name"`
	LastUsedAt *string `json:"lastUsedAt"`
}

// register registers a passkey named name for the user of c and returns it with its view.
func (w *passkeyWorld) register(c *apptest.Client, name string) (*softCredential, passkeyView) {
	w.t.Helper()
	var begun struct {
		Ceremony  string          `json:"ceremony"`
		PublicKey creationOptions `json:"publicKey"`
	}
	c.Do("POST", "/account/passkeys/register/begin", nil).Want(http.StatusOK).Decode(&begun)
	if begun.PublicKey.RP.ID != "hive.test" {
		w.t.Fatalf("RP ID %q", begun.PublicKey.RP.ID)
	}
	answer, cred := w.auth.create(begun.PublicKey)
	var view passkeyView
	c.Do("POST", "/account/passkeys/register/finish",
		map[string]any{"ceremony": begun.Ceremony, "name": name, "credential": answer}).Want(http.StatusCreated).Decode(&view)
	if view.ID == 0 || view.Name != name {
		w.t.Fatalf("registered %+v", view)
	}
	return cred, view
}

// beginLogin starts a passkey sign-in on a new browser and returns it with the ceremony.
func (w *passkeyWorld) beginLogin(t *testing.T) (*apptest.Client, string, string) {
	t.Helper()
	c := w.s.Client()
	var begun struct {
		Ceremony  string         `json:"ceremony"`
		PublicKey requestOptions `json:"publicKey"`
	}
	c.Do("POST", "/account/passkeys/login/begin", map[string]any{}).Want(http.StatusOK).Decode(&begun)
	if len(begun.PublicKey.AllowCredentials) != 0 || begun.PublicKey.RPID != "hive.test" {
		t.Fatalf("sign-in options %+v: want a discoverable sign-in on hive.test", begun.PublicKey)
	}
	return c, begun.Ceremony, begun.PublicKey.Challenge
}

// signIn signs in on a new browser with cred alone and returns the answer.
func (w *passkeyWorld) signIn(t *testing.T, cred *softCredential) (*apptest.Client, *apptest.Response) {
	t.Helper()
	c, ceremony, challenge := w.beginLogin(t)
	res := c.Do("POST", "/account/passkeys/login/finish",
		map[string]any{"ceremony": ceremony, "credential": w.auth.assert(challenge, cred, cred.userHandle)})
	return c, res
}

func (w *passkeyWorld) list(t *testing.T, c *apptest.Client) []passkeyView {
	t.Helper()
	var keys []passkeyView
	c.Do("GET", "/account/passkeys", nil).Want(http.StatusOK).Decode(&keys)
	return keys
}

func TestPasskeys(t *testing.T) {
	passkeyEngines(t, func(t *testing.T, w *passkeyWorld) {
		fay := w.s.Login("freelancer@hive.test")
		phone, first := w.register(fay, "Phone")
		laptop, second := w.register(fay, "Laptop")
		if keys := w.list(t, fay); len(keys) != 2 || keys[0].Name != "Phone" || keys[1].Name != "Laptop" || keys[0].LastUsedAt != nil {
			t.Fatalf("list %+v", keys)
		}

		t.Run("the same credential twice is refused", func(t *testing.T) {
			var begun struct {
				Ceremony  string          `json:"ceremony"`
				PublicKey creationOptions `json:"publicKey"`
			}
			fay.Do("POST", "/account/passkeys/register/begin", nil).Want(http.StatusOK).Decode(&begun)
			if len(begun.PublicKey.ExcludeCredentials) != 2 {
				t.Fatalf("excludeCredentials %+v: want the two registered", begun.PublicKey.ExcludeCredentials)
			}
			fay.Do("POST", "/account/passkeys/register/finish", map[string]any{"ceremony": begun.Ceremony, "name": "Again",
				"credential": w.auth.attest(begun.PublicKey.Challenge, phone)}).WantError(http.StatusConflict, apperror.CodeConflict)
		})

		t.Run("rename", func(t *testing.T) {
			var got passkeyView
			fay.Do("PATCH", fmt.Sprintf("/account/passkeys/%d", first.ID), map[string]any{"name": "  Work phone "}).
				Want(http.StatusOK).Decode(&got)
			if got.Name != "Work phone" {
				t.Fatalf("renamed %+v", got)
			}
			fay.Do("PATCH", fmt.Sprintf("/account/passkeys/%d", first.ID), map[string]any{"name": "  "}).
				WantError(http.StatusUnprocessableEntity, apperror.CodeValidation)
		})

		t.Run("a passkey alone signs in", func(t *testing.T) {
			c, res := w.signIn(t, phone)
			var me whoami
			res.Want(http.StatusOK).Decode(&me)
			if me.Email != "freelancer@hive.test" {
				t.Fatalf("signed in as %+v", me)
			}
			c.Do("GET", "/account/whoami", nil).Want(http.StatusOK)
			if keys := w.list(t, c); keys[0].LastUsedAt == nil || keys[1].LastUsedAt != nil {
				t.Fatalf("last used %+v", keys)
			}
		})

		t.Run("a ceremony works once", func(t *testing.T) {
			c, ceremony, challenge := w.beginLogin(t)
			answer := w.auth.assert(challenge, laptop, laptop.userHandle)
			c.Do("POST", "/account/passkeys/login/finish", map[string]any{"ceremony": ceremony, "credential": answer}).
				Want(http.StatusOK)
			w.s.Client().Do("POST", "/account/passkeys/login/finish", map[string]any{"ceremony": ceremony, "credential": answer}).
				WantError(http.StatusUnprocessableEntity, apperror.CodeBadToken)
		})

		t.Run("an expired ceremony is refused", func(t *testing.T) {
			c, ceremony, challenge := w.beginLogin(t)
			if _, err := w.db.Raw().Exec(w.db.Rebind(`UPDATE passkey_ceremonies SET expires_at = ?`), w.db.Now().Add(-1)); err != nil {
				t.Fatal(err)
			}
			c.Do("POST", "/account/passkeys/login/finish", map[string]any{"ceremony": ceremony,
				"credential": w.auth.assert(challenge, laptop, laptop.userHandle)}).WantError(http.StatusUnprocessableEntity, apperror.CodeBadToken)
		})

		t.Run("a removed passkey no longer signs in", func(t *testing.T) {
			fay.Do("DELETE", fmt.Sprintf("/account/passkeys/%d", second.ID), nil).Want(http.StatusNoContent)
			if keys := w.list(t, fay); len(keys) != 1 || keys[0].ID != first.ID {
				t.Fatalf("after removal %+v", keys)
			}
			_, res := w.signIn(t, laptop)
			res.WantError(http.StatusUnauthorized, apperror.CodeInvalidCredentials)
		})

		t.Run("a sign count that goes back is refused as a possible clone", func(t *testing.T) {
			phone.counter = 0
			_, res := w.signIn(t, phone)
			res.WantError(http.StatusUnauthorized, apperror.CodeInvalidCredentials)
		})
	})
}

func TestPasskeysNeedADomain(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, _ *database.DB) {
		var info struct {
			Passkeys bool `json:"passkeys"`
		}
		s.Client().Do("GET", "/app-info", nil).Want(http.StatusOK).Decode(&info)
		if info.Passkeys {
			t.Fatal("app-info says passkeys work on an IP address")
		}
		s.Login("freelancer@hive.test").Do("POST", "/account/passkeys/register/begin", nil).
			WantError(http.StatusConflict, apperror.CodeConflict)
		s.Client().Do("POST", "/account/passkeys/login/begin", nil).WantError(http.StatusConflict, apperror.CodeConflict)
	})
}

// TestAttack_PasskeyOfAnotherUserIsRefused: an assertion made with a credential registered to
// user A cannot sign in as user B (whatever user handle it claims), nor complete B's sign-in as
// a second factor; a registration begun by A cannot be finished in B's session.
func TestAttack_PasskeyOfAnotherUserIsRefused(t *testing.T) {
	passkeyEngines(t, func(t *testing.T, w *passkeyWorld) {
		alice := w.s.Login("freelancer@hive.test")
		bob := w.s.Login("staff@hive.test")
		aliceKey, _ := w.register(alice, "Alice's phone")
		bobKey, _ := w.register(bob, "Bob's phone")

		t.Run("A's passkey claiming B's user handle", func(t *testing.T) {
			c, ceremony, challenge := w.beginLogin(t)
			c.Do("POST", "/account/passkeys/login/finish", map[string]any{"ceremony": ceremony,
				"credential": w.auth.assert(challenge, aliceKey, bobKey.userHandle)}).
				WantError(http.StatusUnauthorized, apperror.CodeInvalidCredentials)
			c.Do("GET", "/account/whoami", nil).Want(http.StatusUnauthorized)
		})

		t.Run("A's passkey claiming no user handle", func(t *testing.T) {
			c, ceremony, challenge := w.beginLogin(t)
			c.Do("POST", "/account/passkeys/login/finish", map[string]any{"ceremony": ceremony,
				"credential": w.auth.assert(challenge, aliceKey, nil)}).
				WantError(http.StatusUnauthorized, apperror.CodeInvalidCredentials)
		})

		t.Run("B's credential id signed with A's key", func(t *testing.T) {
			forged := &softCredential{id: bobKey.id, key: aliceKey.key, userHandle: bobKey.userHandle, counter: 100}
			_, res := w.signIn(t, forged)
			res.WantError(http.StatusUnauthorized, apperror.CodeInvalidCredentials)
		})

		t.Run("A's registration finished in B's session", func(t *testing.T) {
			var begun struct {
				Ceremony  string          `json:"ceremony"`
				PublicKey creationOptions `json:"publicKey"`
			}
			alice.Do("POST", "/account/passkeys/register/begin", nil).Want(http.StatusOK).Decode(&begun)
			answer, _ := w.auth.create(begun.PublicKey)
			bob.Do("POST", "/account/passkeys/register/finish", map[string]any{"ceremony": begun.Ceremony, "name": "Stolen",
				"credential": answer}).WantError(http.StatusUnprocessableEntity, apperror.CodeBadToken)
			if keys := w.list(t, bob); len(keys) != 1 {
				t.Fatalf("bob's passkeys %+v", keys)
			}
		})

		t.Run("A's passkey as B's second factor", func(t *testing.T) {
			k := servicePasskeys(t, w.db)
			ctx := context.Background()
			aliceID, bobID := userID(t, w.db, "freelancer@hive.test"), userID(t, w.db, "staff@hive.test")
			ceremony, options, err := k.BeginSecondFactor(ctx, bobID)
			if err != nil {
				t.Fatal(err)
			}
			if len(options.AllowedCredentials) != 1 {
				t.Fatalf("B's second factor offers %d passkeys, want B's one", len(options.AllowedCredentials))
			}
			challenge := b64.EncodeToString(options.Challenge)
			err = k.VerifySecondFactor(ctx, bobID, ceremony, answerBytes(t, w.auth.assert(challenge, aliceKey, aliceKey.userHandle)))
			if apperror.KindOf(err) != apperror.KindUnauthorized {
				t.Fatalf("A's passkey completed B's sign-in: %v", err)
			}
			// B's ceremony, answered by B's passkey, but presented as A's sign-in.
			ceremony, options, err = k.BeginSecondFactor(ctx, bobID)
			if err != nil {
				t.Fatal(err)
			}
			challenge = b64.EncodeToString(options.Challenge)
			if err := k.VerifySecondFactor(ctx, aliceID, ceremony, answerBytes(t, w.auth.assert(challenge, bobKey, bobKey.userHandle))); apperror.KindOf(err) != apperror.KindInvalid {
				t.Fatalf("B's ceremony completed A's sign-in: %v", err)
			}
			// The control: B's own passkey completes B's.
			ceremony, options, err = k.BeginSecondFactor(ctx, bobID)
			if err != nil {
				t.Fatal(err)
			}
			challenge = b64.EncodeToString(options.Challenge)
			if err := k.VerifySecondFactor(ctx, bobID, ceremony, answerBytes(t, w.auth.assert(challenge, bobKey, bobKey.userHandle))); err != nil {
				t.Fatalf("B's own passkey: %v", err)
			}
		})
	})
}

// TestAttack_PasskeysAreTheirOwnersOnly: nobody else lists, renames or removes a user's
// passkeys (a freelancer, another client's manager, an administrator); another user's passkey
// answers as a missing one; an impersonating administrator adds or removes none.
func TestAttack_PasskeysAreTheirOwnersOnly(t *testing.T) {
	passkeyEngines(t, func(t *testing.T, w *passkeyWorld) {
		owner := w.s.Login("staff@hive.test")
		_, key := w.register(owner, "Staff laptop")
		path := fmt.Sprintf("/account/passkeys/%d", key.ID)
		for _, role := range []string{apptest.Freelancer, apptest.Manager, apptest.DeptMgr, apptest.Admin} {
			t.Run(role, func(t *testing.T) {
				c := w.s.As(role)
				if keys := w.list(t, c); len(keys) != 0 {
					t.Fatalf("%s lists %+v", role, keys)
				}
				c.Do("PATCH", path, map[string]any{"name": "Mine now"}).WantError(http.StatusNotFound, apperror.CodeNotFound)
				c.Do("DELETE", path, nil).WantError(http.StatusNotFound, apperror.CodeNotFound)
				c.Do("DELETE", "/account/passkeys/999999", nil).WantError(http.StatusNotFound, apperror.CodeNotFound)
			})
		}
		t.Run("visitor", func(t *testing.T) {
			c := w.s.Client()
			c.Do("GET", "/account/passkeys", nil).Want(http.StatusUnauthorized)
			c.Do("DELETE", path, nil).Want(http.StatusUnauthorized)
		})
		t.Run("impersonating administrator", func(t *testing.T) {
			admin := w.s.Login("admin@hive.test")
			admin.Do("POST", fmt.Sprintf("/account/impersonate/%d", userID(t, w.db, "staff@hive.test")), nil).Want(http.StatusOK)
			admin.Do("POST", "/account/passkeys/register/begin", nil).WantError(http.StatusConflict, apperror.CodeConflict)
			admin.Do("DELETE", path, nil).WantError(http.StatusConflict, apperror.CodeConflict)
		})
		if keys := w.list(t, owner); len(keys) != 1 || keys[0].Name != "Staff laptop" {
			t.Fatalf("the owner's passkeys changed: %+v", keys)
		}
	})
}

// servicePasskeys is the passkey service on db, for checking the second-factor step beneath its operations.
func servicePasskeys(t *testing.T, db *database.DB) *accounts.Passkeys {
	t.Helper()
	k, err := accounts.NewPasskeys(&accounts.Service{Store: &accounts.Store{DB: db}}, passkeyBase)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func answerBytes(t *testing.T, answer map[string]any) []byte {
	t.Helper()
	data, err := json.Marshal(answer)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
