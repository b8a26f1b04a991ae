package accounts

import (
	"context"

	"github.com/go-webauthn/webauthn/protocol"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// A passkey as the second step of a sign-in whose password (or provider) was accepted: the
// pending login names the user, the authenticator is offered only that user's passkeys, and a
// passkey of that user completes the pending login as a code does (SignInWithCode).

// BeginPendingLogin starts the passkey ceremony of the pending login pendingToken. Each begun
// ceremony writes a row, so it counts against the client address's sign-in limit.
func (k *Passkeys) BeginPendingLogin(ctx context.Context, clientAddr, pendingToken string) (string, *protocol.PublicKeyCredentialRequestOptions, error) {
	if err := k.ready(); err != nil {
		return "", nil, err
	}
	u, err := k.service.PendingLoginUser(ctx, pendingToken)
	if err != nil {
		return "", nil, err
	}
	err = k.db().InTx(ctx, func(tx *database.Tx) error {
		return ratelimit.Hit(ctx, tx, "login:addr:"+clientAddr, LoginPerAddress)
	})
	if err != nil {
		return "", nil, err
	}
	return k.BeginSecondFactor(ctx, u.ID)
}

// FinishPendingLogin completes the pending login pendingToken with the passkey's answer to
// ceremony. The attempt is counted before the answer is checked, as a code's is (per client
// address and per user, claimSecondFactorAttempt); only a passkey of the pending login's own
// user is accepted.
func (k *Passkeys) FinishPendingLogin(ctx context.Context, clientAddr, pendingToken, ceremony string, answer []byte) (SignIn, error) {
	if err := k.ready(); err != nil {
		return SignIn{}, err
	}
	u, err := k.service.PendingLoginUser(ctx, pendingToken)
	if err != nil {
		return SignIn{}, err
	}
	if err := k.service.claimSecondFactorAttempt(ctx, clientAddr, u.ID); err != nil {
		return SignIn{}, err
	}
	if err := k.VerifySecondFactor(ctx, u.ID, ceremony, answer); err != nil {
		return SignIn{}, err
	}
	var in SignIn
	err = k.db().InTx(ctx, func(tx *database.Tx) error {
		in, err = k.service.CompletePendingLogin(ctx, tx, pendingToken)
		return err
	})
	return in, err
}
