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
