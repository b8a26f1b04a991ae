package accounts

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// Passkeys (WebAuthn, with github.com/go-webauthn/webauthn). A signed-in user registers several
// passkeys, names and removes them. A passkey alone signs in (discoverable credentials, user
// verification required: the device's lock is the second factor), or completes a sign-in whose
// password was accepted (VerifySecondFactor). Each ceremony's challenge is kept in the database
// (passkey_ceremonies) between its begin and finish calls, so any node can finish it, and it is
// used once. The relying party is the host of HIVE_BASE_URL; WebAuthn refuses IP addresses, so
// on a base URL such as http://127.0.0.1:8080 passkeys are off (Available) and the UI shows none.

// PasskeyCeremonyTTL is how long a begun ceremony can be finished.
const PasskeyCeremonyTTL = 5 * time.Minute

// MaxPasskeys is how many passkeys one account may hold.
const MaxPasskeys = 20

// passkeyNameMax bounds a passkey's name.
const passkeyNameMax = 60

// PasskeyRegistrationsPerUser limits begun registrations (each writes a ceremony row).
var PasskeyRegistrationsPerUser = ratelimit.Rule{Limit: 30, Window: time.Hour}

// The purposes of a ceremony.
const (
	ceremonyRegister     = "register"
	ceremonyLogin        = "login"
	ceremonySecondFactor = "second_factor"
)

// Messages of passkeys.
const (
	MsgPasskeysUnavailable  = "Passkeys are not available here: Hive must be reached by a domain name, not an IP address."
	MsgPasskeyExpired       = "This passkey request has expired or was already used. Please try again."
	MsgPasskeyNotAccepted   = "This passkey was not accepted."
	MsgPasskeyNotRegistered = "The passkey could not be registered. Please try again."
	MsgPasskeyExists        = "This passkey is already registered."
	MsgPasskeyNameRequired  = "Give the passkey a name"
	MsgPasskeyTooMany       = "You have the most passkeys an account may hold. Remove one first."
)

// MsgPasskeyNameTooLong is the refusal of a name over passkeyNameMax characters.
var MsgPasskeyNameTooLong = fmt.Sprintf("A passkey's name is at most %d characters", passkeyNameMax)

// Passkey is a registered passkey as its owner sees it.
type Passkey struct {
	ID         int64      `json:"id" db:"id"`
	Name       string     `json:"name" db:"name"`
	CreatedAt  time.Time  `json:"createdAt" db:"created_at"`
	LastUsedAt *time.Time `json:"lastUsedAt" db:"last_used_at" doc:"When it last signed in; null if never"`
}

// Passkeys runs the WebAuthn ceremonies of the account feature.
type Passkeys struct {
	service *Service
	web     *webauthn.WebAuthn // nil when the base URL names no domain (Available)
}

// NewPasskeys sets up the relying party from the base URL: its host is the RP ID, its origin
// the one origin answers may come from.
func NewPasskeys(s *Service, baseURL string) (*Passkeys, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("passkeys: base URL: %w", err)
	}
	host := u.Hostname()
	if host == "" || net.ParseIP(host) != nil {
		return &Passkeys{service: s}, nil
	}
	required := true
	web, err := webauthn.New(&webauthn.Config{
		RPDisplayName:         "Hive",
		RPID:                  host,
		RPOrigins:             []string{u.Scheme + "://" + u.Host},
		AttestationPreference: protocol.PreferNoAttestation,
		AuthenticatorSelection: protocol.AuthenticatorSelection{ResidentKey: protocol.ResidentKeyRequirementRequired,
			RequireResidentKey: &required, UserVerification: protocol.VerificationRequired},
	})
	if err != nil {
		return nil, fmt.Errorf("passkeys: %w", err)
	}
	return &Passkeys{service: s, web: web}, nil
}

// Available reports whether passkeys work on this base URL.
func (k *Passkeys) Available() bool { return k.web != nil }

func (k *Passkeys) db() *database.DB { return k.service.Store.DB }

func (k *Passkeys) ready() error {
	if k.web == nil {
		return apperror.Conflict(MsgPasskeysUnavailable)
	}
	return nil
}

// notAccepted is the one refusal of a sign-in or second factor by passkey: it says nothing of why.
func notAccepted() error {
	return apperror.New(apperror.KindUnauthorized, apperror.CodeInvalidCredentials, MsgPasskeyNotAccepted)
}

// expired is the refusal of an unknown, used or stale ceremony.
func expired() error {
	return apperror.New(apperror.KindInvalid, apperror.CodeBadToken, MsgPasskeyExpired)
}

// passkeyName trims and checks a name given to a passkey.
func passkeyName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", apperror.Field("name", MsgPasskeyNameRequired)
	case len([]rune(name)) > passkeyNameMax:
		return "", apperror.Field("name", MsgPasskeyNameTooLong)
	}
	return name, nil
}

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

// refused logs why the library refused an answer (for the operator) and returns the user's refusal.
func (k *Passkeys) refused(ctx context.Context, ceremony string, refusal, cause error) error {
	slog.InfoContext(ctx, "passkey refused", "ceremony", ceremony, "reason", cause)
	return refusal
}

// List lists the signed-in user's own passkeys (an impersonating administrator sees the user's).
func (k *Passkeys) List(ctx context.Context) ([]Passkey, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return listPasskeys(ctx, k.db(), p.UserID)
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

// VerifySecondFactor checks that answer is an assertion of one of userID's own passkeys to the
// ceremony BeginSecondFactor began for userID. Another user's passkey, or another user's
// ceremony, is refused.
func (k *Passkeys) VerifySecondFactor(ctx context.Context, userID int64, ceremony string, answer []byte) error {
	if err := k.ready(); err != nil {
		return err
	}
	session, err := k.takeCeremony(ctx, ceremony, ceremonySecondFactor, userID)
	if err != nil {
		return err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(answer)
	if err != nil {
		return k.refused(ctx, "second factor", notAccepted(), err)
	}
	owner, err := loadPasskeyOwner(ctx, k.db(), userID, false)
	if err != nil {
		return err
	}
	cred, err := k.web.ValidateLogin(owner, *session, parsed)
	if err != nil {
		return k.refused(ctx, "second factor", notAccepted(), err)
	}
	return k.used(ctx, userID, cred)
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
