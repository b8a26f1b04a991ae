package accounts

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// hashPassword is argon2id; a variable so tests can count how often the expensive work runs.
var hashPassword = auth.HashPassword

// Limits on the unauthenticated token operations (per client address) and on changing one's
// own password (per account): each attempt may cost an argon2id hash.
var (
	TokenPerAddress          = ratelimit.Rule{Limit: 10, Window: 5 * time.Minute}
	ChangePasswordPerAccount = ratelimit.Rule{Limit: 5, Window: 15 * time.Minute}
)

// Password messages.
const (
	MsgCurrentPasswordWrong = "The current password is not correct."
	MsgPasswordChanged      = "Password changed. Other sessions have been signed out."
)

// newPasswordHash checks a password being set (in field) and hashes it.
func newPasswordHash(field, password string) (string, error) {
	var v apperror.Invalid
	CheckNewPassword(&v, field, password)
	if err := v.Err(); err != nil {
		return "", err
	}
	return hashPassword(password)
}

// admitToken is what a token link's form passes before any hashing: a token (else a refusal on
// field), an attempt counted against the client address (limitKey), and a live token of
// purpose.
func (s *Service) admitToken(ctx context.Context, field, token, purpose, limitKey string) error {
	if token == "" {
		return apperror.Field(field, MsgTokenRequired)
	}
	if err := s.hit(ctx, limitKey, TokenPerAddress); err != nil {
		return err
	}
	return checkToken(ctx, s.Store.DB, token, purpose)
}

// TokenPerAddressCheck limits CheckToken per client address, apart from the submits' limit so
// that opening a link does not use up the attempts at setting the password.
var TokenPerAddressCheck = ratelimit.Rule{Limit: 20, Window: 5 * time.Minute}

// CheckToken tells a token link's screen, before anything is submitted, whether its token is
// still live (A-105 with the reason otherwise). Both screens ask for a new password: a reset
// always, and an activation too (ActivateAccount says why). Nothing is used up.
func (s *Service) CheckToken(ctx context.Context, clientAddr, token, purpose string) (passwordNeeded bool, err error) {
	if token == "" {
		return false, apperror.Field("token", MsgTokenRequired)
	}
	if err := s.hit(ctx, "check-token:addr:"+clientAddr, TokenPerAddressCheck); err != nil {
		return false, err
	}
	if _, err := liveTokenUser(ctx, s.Store.DB, token, purpose); err != nil {
		return false, err
	}
	return true, nil
}
