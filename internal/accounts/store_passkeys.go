package accounts

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/hive/hive/internal/platform/ratelimit"

	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// The storage of passkeys (passkeys.go): migration 00052.

// passkeyOwner is a user as the WebAuthn library sees one: a random handle and the passkeys.
type passkeyOwner struct {
	id          int64
	handle      []byte
	name        string // the e-mail address: the authenticator shows it to tell accounts apart
	displayName string
	credentials []webauthn.Credential
}

func (o *passkeyOwner) WebAuthnID() []byte                         { return o.handle }
func (o *passkeyOwner) WebAuthnName() string                       { return o.name }
func (o *passkeyOwner) WebAuthnDisplayName() string                { return o.displayName }
func (o *passkeyOwner) WebAuthnCredentials() []webauthn.Credential { return o.credentials }

// loadPasskeyOwner reads userID with its passkeys. With create, a user without a handle gets
// one (registration); otherwise the handle stays empty until the first registration.
func loadPasskeyOwner(ctx context.Context, q userQuerier, userID int64, create bool) (*passkeyOwner, error) {
	u, err := findUser(ctx, q, userID)
	if err != nil {
		return nil, err
	}
	o := &passkeyOwner{id: u.ID, name: u.Email, displayName: auth.FullName(u.FirstName, u.LastName)}
	found, err := database.Found(q.Get(ctx, &o.handle, `SELECT handle FROM passkey_users WHERE user_id = ?`, userID))
	if err != nil {
		return nil, err
	}
	if !found && create {
		tx, ok := q.(*database.Tx)
		if !ok {
			return nil, errors.New("passkey handle: creating one needs a transaction")
		}
		if o.handle, err = newPasskeyHandle(ctx, tx, userID); err != nil {
			return nil, err
		}
	}
	var stored []string
	if err := q.Select(ctx, &stored, `SELECT credential FROM passkeys WHERE user_id = ? ORDER BY id`, userID); err != nil {
		return nil, err
	}
	for _, s := range stored {
		var c webauthn.Credential
		if err := json.Unmarshal([]byte(s), &c); err != nil {
			return nil, fmt.Errorf("passkey of user %d: %w", userID, err)
		}
		o.credentials = append(o.credentials, c)
	}
	return o, nil
}

// newPasskeyHandle gives userID its random user handle (64 bytes at most, by WebAuthn).
func newPasskeyHandle(ctx context.Context, tx *database.Tx, userID int64) ([]byte, error) {
	handle := make([]byte, 32)
	if _, err := rand.Read(handle); err != nil {
		return nil, err
	}
	_, err := tx.Exec(ctx, `INSERT INTO passkey_users (user_id, handle, created_at) VALUES (?, ?, ?)`,
		userID, handle, tx.Now)
	if err != nil {
		return nil, fmt.Errorf("passkey handle: %w", err)
	}
	return handle, nil
}

// findPasskeyOwnerByHandle reads the owner of a user handle an authenticator gave back.
func findPasskeyOwnerByHandle(ctx context.Context, q userQuerier, handle []byte) (*passkeyOwner, error) {
	var userID int64
	err := q.Get(ctx, &userID, `SELECT user_id FROM passkey_users WHERE handle = ?`, handle)
	if err != nil {
		return nil, database.NotFound(err, "Passkey")
	}
	return loadPasskeyOwner(ctx, q, userID, false)
}

const passkeyColumns = `id, name, created_at, last_used_at`

func listPasskeys(ctx context.Context, q userQuerier, userID int64) ([]Passkey, error) {
	keys := []Passkey{}
	err := q.Select(ctx, &keys, `SELECT `+passkeyColumns+` FROM passkeys WHERE user_id = ? ORDER BY created_at, id`, userID)
	return keys, err
}

// insertPasskey keeps a registered credential; a credential registered before (to anyone) is a 409.
func insertPasskey(ctx context.Context, tx *database.Tx, userID int64, name string, cred *webauthn.Credential) (Passkey, error) {
	record, err := json.Marshal(cred)
	if err != nil {
		return Passkey{}, err
	}
	var key Passkey
	err = tx.Get(ctx, &key, `INSERT INTO passkeys (user_id, credential_id, name, credential, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING `+passkeyColumns, userID, cred.ID, name, string(record), tx.Now, tx.Now)
	if errors.Is(err, database.ErrUniqueViolation) {
		return Passkey{}, apperror.Conflict(MsgPasskeyExists)
	}
	return key, err
}

// renamePasskey names userID's passkey id; someone else's is not found, as a missing one.
func renamePasskey(ctx context.Context, tx *database.Tx, userID, id int64, name string) (Passkey, error) {
	var key Passkey
	err := tx.Get(ctx, &key, `UPDATE passkeys SET name = ?, updated_at = ?, version = version + 1
		WHERE id = ? AND user_id = ? RETURNING `+passkeyColumns, name, tx.Now, id, userID)
	return key, database.NotFound(err, "Passkey")
}

// deletePasskey removes userID's passkey id; someone else's is not found, as a missing one.
func deletePasskey(ctx context.Context, tx *database.Tx, userID, id int64) error {
	n, err := tx.Exec(ctx, `DELETE FROM passkeys WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.NotFound("Passkey")
	}
	return nil
}

// passkeyUsed writes back a credential after it signed in: sign count and flags, and when.
func passkeyUsed(ctx context.Context, tx *database.Tx, userID int64, cred *webauthn.Credential) error {
	record, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE passkeys SET credential = ?, last_used_at = ? WHERE credential_id = ? AND user_id = ?`,
		string(record), tx.Now, cred.ID, userID)
	return err
}

// saveCeremony keeps a begun ceremony's session data for PasskeyCeremonyTTL and returns the
// token that finishes it; only its hash is stored.
func saveCeremony(ctx context.Context, tx *database.Tx, purpose string, userID int64, session *webauthn.SessionData) (string, error) {
	data, err := json.Marshal(session)
	if err != nil {
		return "", err
	}
	var owner any
	if userID != 0 {
		owner = userID
	}
	token := auth.NewToken()
	_, err = tx.Exec(ctx, `INSERT INTO passkey_ceremonies (token_hash, purpose, user_id, session_data, expires_at)
		VALUES (?, ?, ?, ?, ?)`, auth.TokenHash(token), purpose, owner, string(data), tx.Now.Add(PasskeyCeremonyTTL))
	if err != nil {
		return "", fmt.Errorf("passkey ceremony: %w", err)
	}
	return token, nil
}

// takeCeremony uses up the live ceremony of token begun for purpose by userID (0: by a visitor,
// a sign-in). Another user's ceremony, a used or an expired one is refused alike.
func takeCeremony(ctx context.Context, tx *database.Tx, token, purpose string, userID int64) (*webauthn.SessionData, error) {
	var data string
	err := tx.Get(ctx, &data, `DELETE FROM passkey_ceremonies
		WHERE token_hash = ? AND purpose = ? AND COALESCE(user_id, 0) = ? AND expires_at > ? RETURNING session_data`,
		auth.TokenHash(token), purpose, userID, tx.Now)
	if found, err := database.Found(err); err != nil || !found {
		if err == nil {
			err = expired()
		}
		return nil, err
	}
	var session webauthn.SessionData
	if err := json.Unmarshal([]byte(data), &session); err != nil {
		return nil, fmt.Errorf("passkey ceremony: %w", err)
	}
	return &session, nil
}

// purgePasskeyCeremonies deletes the ceremonies nobody finished in time.
func purgePasskeyCeremonies(ctx context.Context, tx *database.Tx) error {
	_, err := tx.Exec(ctx, `DELETE FROM passkey_ceremonies WHERE expires_at <= ?`, tx.Now)
	return err
}

// removePasskeys deletes every passkey of userID (an administrator's reset of their second
// factors); false when there was none.
func removePasskeys(ctx context.Context, tx *database.Tx, userID int64) (bool, error) {
	n, err := tx.Exec(ctx, `DELETE FROM passkeys WHERE user_id = ?`, userID)
	if err != nil {
		return false, fmt.Errorf("remove passkeys: %w", err)
	}
	return n > 0, nil
}

func (k *Passkeys) db() *database.DB { return k.service.Store.DB }

// BeginRegistration starts registering a passkey for the signed-in user (not while
// impersonating: an administrator must not leave themselves a way into the account). It
// returns the ceremony's token and the options for navigator.credentials.create.
func (k *Passkeys) BeginRegistration(ctx context.Context) (string, *protocol.PublicKeyCredentialCreationOptions, error) {
	if err := k.ready(); err != nil {
		return "", nil, err
	}
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return "", nil, err
	}
	var (
		token    string
		creation *protocol.CredentialCreation
	)
	err = k.db().InTx(ctx, func(tx *database.Tx) error {
		if err := ratelimit.Hit(ctx, tx, fmt.Sprintf("passkey-register:user:%d", p.UserID), PasskeyRegistrationsPerUser); err != nil {
			return err
		}
		owner, err := loadPasskeyOwner(ctx, tx, p.UserID, true)
		if err != nil {
			return err
		}
		if len(owner.credentials) >= MaxPasskeys {
			return apperror.Conflict(MsgPasskeyTooMany)
		}
		var session *webauthn.SessionData
		creation, session, err = k.web.BeginRegistration(owner,
			webauthn.WithExclusions(webauthn.Credentials(owner.credentials).CredentialDescriptors()))
		if err != nil {
			return fmt.Errorf("passkey registration: %w", err)
		}
		token, err = saveCeremony(ctx, tx, ceremonyRegister, p.UserID, session)
		return err
	})
	if err != nil {
		return "", nil, err
	}
	return token, &creation.Response, nil
}

// FinishRegistration checks the authenticator's answer to the ceremony and keeps the new
// passkey under name. Only the user who began the ceremony can finish it.
func (k *Passkeys) FinishRegistration(ctx context.Context, ceremony, name string, answer []byte) (Passkey, error) {
	if err := k.ready(); err != nil {
		return Passkey{}, err
	}
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return Passkey{}, err
	}
	if name, err = passkeyName(name); err != nil {
		return Passkey{}, err
	}
	session, err := k.takeCeremony(ctx, ceremony, ceremonyRegister, p.UserID)
	if err != nil {
		return Passkey{}, err
	}
	var key Passkey
	err = k.db().InTx(ctx, func(tx *database.Tx) error {
		parsed, err := protocol.ParseCredentialCreationResponseBytes(answer)
		if err != nil {
			return k.refused(ctx, "registration", apperror.Field("credential", MsgPasskeyNotRegistered), err)
		}
		owner, err := loadPasskeyOwner(ctx, tx, p.UserID, false)
		if err != nil {
			return err
		}
		cred, err := k.web.CreateCredential(owner, *session, parsed)
		if err != nil {
			return k.refused(ctx, "registration", apperror.Field("credential", MsgPasskeyNotRegistered), err)
		}
		key, err = insertPasskey(ctx, tx, p.UserID, name, cred)
		return err
	})
	return key, err
}

// takeCeremony uses up a ceremony in a transaction of its own: an answer that is then refused
// cannot be tried again on the same challenge.
func (k *Passkeys) takeCeremony(ctx context.Context, token, purpose string, userID int64) (*webauthn.SessionData, error) {
	var session *webauthn.SessionData
	err := k.db().InTx(ctx, func(tx *database.Tx) error {
		var err error
		session, err = takeCeremony(ctx, tx, token, purpose, userID)
		return err
	})
	return session, err
}

// Rename names one of the signed-in user's passkeys; another user's is not found.
func (k *Passkeys) Rename(ctx context.Context, id int64, name string) (Passkey, error) {
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return Passkey{}, err
	}
	if name, err = passkeyName(name); err != nil {
		return Passkey{}, err
	}
	var key Passkey
	err = k.db().InTx(ctx, func(tx *database.Tx) error {
		key, err = renamePasskey(ctx, tx, p.UserID, id, name)
		return err
	})
	return key, err
}

// Remove deletes one of the signed-in user's passkeys; another user's is not found.
func (k *Passkeys) Remove(ctx context.Context, id int64) error {
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return err
	}
	return k.db().InTx(ctx, func(tx *database.Tx) error { return deletePasskey(ctx, tx, p.UserID, id) })
}

// BeginLogin starts a sign-in with a passkey alone: no account is named, the authenticator
// offers the passkeys it holds for Hive. It counts against the per-address sign-in limit.
func (k *Passkeys) BeginLogin(ctx context.Context, clientAddr string) (string, *protocol.PublicKeyCredentialRequestOptions, error) {
	if err := k.ready(); err != nil {
		return "", nil, err
	}
	var (
		token     string
		assertion *protocol.CredentialAssertion
	)
	err := k.db().InTx(ctx, func(tx *database.Tx) error {
		if err := ratelimit.Hit(ctx, tx, "login:addr:"+clientAddr, LoginPerAddress); err != nil {
			return err
		}
		var session *webauthn.SessionData
		var err error
		assertion, session, err = k.web.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationRequired))
		if err != nil {
			return fmt.Errorf("passkey login: %w", err)
		}
		token, err = saveCeremony(ctx, tx, ceremonyLogin, 0, session)
		return err
	})
	if err != nil {
		return "", nil, err
	}
	return token, &assertion.Response, nil
}

// FinishLogin checks a passkey's answer to a sign-in ceremony and starts a session for the
// passkey's owner (remember: 'keep me signed in'). The passkey counts as both factors: the
// ceremony required user verification.
func (k *Passkeys) FinishLogin(ctx context.Context, ceremony string, answer []byte, remember bool) (string, User, error) {
	if err := k.ready(); err != nil {
		return "", User{}, err
	}
	session, err := k.takeCeremony(ctx, ceremony, ceremonyLogin, 0)
	if err != nil {
		return "", User{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(answer)
	if err != nil {
		return "", User{}, k.refused(ctx, "login", notAccepted(), err)
	}
	var owner *passkeyOwner
	find := func(_, handle []byte) (webauthn.User, error) {
		var err error
		owner, err = findPasskeyOwnerByHandle(ctx, k.db(), handle)
		return owner, err
	}
	_, cred, err := k.web.ValidatePasskeyLogin(find, *session, parsed)
	if err != nil {
		return "", User{}, k.refused(ctx, "login", notAccepted(), err)
	}
	if err := k.used(ctx, owner.id, cred); err != nil {
		return "", User{}, err
	}
	u, err := findUser(ctx, k.db(), owner.id)
	if err != nil {
		return "", User{}, err
	}
	if err := k.service.refuseSignIn(ctx, u); err != nil {
		return "", User{}, err
	}
	var token string
	err = k.db().InTx(ctx, func(tx *database.Tx) error {
		if err := loginSucceeded(ctx, tx, strings.ToLower(u.Email)); err != nil {
			return err
		}
		token, err = createSession(ctx, tx, u.ID, k.service.Store.Limits, remember)
		return err
	})
	return token, u, err
}

// BeginSecondFactor starts checking a passkey of userID, whose password was just accepted: the
// authenticator is offered only that user's passkeys. The pending sign-in step calls it.
func (k *Passkeys) BeginSecondFactor(ctx context.Context, userID int64) (string, *protocol.PublicKeyCredentialRequestOptions, error) {
	if err := k.ready(); err != nil {
		return "", nil, err
	}
	var (
		token     string
		assertion *protocol.CredentialAssertion
	)
	err := k.db().InTx(ctx, func(tx *database.Tx) error {
		owner, err := loadPasskeyOwner(ctx, tx, userID, false)
		if err != nil {
			return err
		}
		if len(owner.credentials) == 0 {
			return notAccepted()
		}
		var session *webauthn.SessionData
		assertion, session, err = k.web.BeginLogin(owner, webauthn.WithUserVerification(protocol.VerificationPreferred))
		if err != nil {
			return fmt.Errorf("passkey second factor: %w", err)
		}
		token, err = saveCeremony(ctx, tx, ceremonySecondFactor, userID, session)
		return err
	})
	if err != nil {
		return "", nil, err
	}
	return token, &assertion.Response, nil
}

// used writes back what the library updated on a passkey that signed in (sign count, flags)
// and when. A sign count that did not advance means the passkey may have been copied: the
// library flags it, and the sign-in is refused (the passkey stays, for its owner to remove).
func (k *Passkeys) used(ctx context.Context, userID int64, cred *webauthn.Credential) error {
	if cred.Authenticator.CloneWarning {
		slog.WarnContext(ctx, "passkey sign count went back: possible clone", "user", userID)
		return notAccepted()
	}
	return k.db().InTx(ctx, func(tx *database.Tx) error { return passkeyUsed(ctx, tx, userID, cred) })
}
