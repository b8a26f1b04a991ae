package accounts

import (
	"context"
	"strconv"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
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

// hit counts one attempt on key in its own transaction, so a refused attempt still counts.
func (s *Service) hit(ctx context.Context, key string, rule ratelimit.Rule) error {
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error { return ratelimit.Hit(ctx, tx, key, rule) })
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

// ResetPassword sets a new password with a reset token. The token is checked before the new
// password is hashed, so a wrong token costs no argon2id work; it is consumed only in the
// transaction that sets the password, so two uses cannot both win.
func (s *Service) ResetPassword(ctx context.Context, clientAddr, token, password string) error {
	if err := s.admitToken(ctx, "token", token, PurposeReset, "reset-password:addr:"+clientAddr); err != nil {
		return err
	}
	hash, err := newPasswordHash("password", password) // outside the transaction: argon2id must not hold the write lock
	if err != nil {
		return err
	}
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		userID, err := consumeToken(ctx, tx, token, PurposeReset)
		if err != nil {
			return err
		}
		return s.passwordChanged(ctx, tx, userID, hash, false, 0)
	})
}

// ActivateAccount activates an account with its activation token and sets its password in the
// same step. The mailed link proves the address, but not that whoever chose the account's
// password owns it: anyone may sign up with someone else's address (the pre-registration
// hijack). So activation always takes a new password, the old one (if any) stops working, every
// session and the calendar feed end, and only then are the address's invitations bound to the
// account. As for a reset, the token is checked before any hashing.
func (s *Service) ActivateAccount(ctx context.Context, clientAddr, token string, password *string) error {
	if err := s.admitToken(ctx, "activationToken", token, PurposeActivation, "activate:addr:"+clientAddr); err != nil {
		return err
	}
	if password == nil || *password == "" {
		return apperror.Field("password", MsgPasswordRequired)
	}
	hash, err := newPasswordHash("password", *password) // outside the transaction: argon2id must not hold the write lock
	if err != nil {
		return err
	}
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		userID, err := consumeToken(ctx, tx, token, PurposeActivation)
		if err != nil {
			return err
		}
		if err := s.passwordChanged(ctx, tx, userID, hash, true, 0); err != nil {
			return err
		}
		return s.addressProven(ctx, tx, userID) // the mailed link proved the address
	})
}

// SetPassword is an administrator setting someone's password.
func (s *Service) SetPassword(ctx context.Context, userID int64, password string) error {
	if _, err := auth.Require(ctx, auth.NeedAdmin); err != nil {
		return err
	}
	hash, err := newPasswordHash("password", password)
	if err != nil {
		return err
	}
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		u, err := findUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		if u.AccountStatus == StatusSystem {
			return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, "A system account cannot be changed.")
		}
		return s.passwordChanged(ctx, tx, userID, hash, false, 0)
	})
}

// ChangePassword is the signed-in user changing their own password: the current one is asked
// for (a stolen session alone cannot take the account over), and every other session ends.
func (s *Service) ChangePassword(ctx context.Context, current, next string) error {
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return err
	}
	var v apperror.Invalid
	if current == "" {
		v.Add("currentPassword", MsgPasswordRequired)
	}
	CheckNewPassword(&v, "newPassword", next)
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.hit(ctx, "change-password:"+strconv.FormatInt(p.UserID, 10), ChangePasswordPerAccount); err != nil {
		return err
	}
	u, err := findUser(ctx, s.Store.DB, p.UserID)
	if err != nil {
		return err
	}
	if !auth.CheckPassword(u.PasswordHash, current) {
		return apperror.Field("currentPassword", MsgCurrentPasswordWrong)
	}
	hash, err := hashPassword(next)
	if err != nil {
		return err
	}
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		return s.passwordChanged(ctx, tx, p.UserID, hash, false, p.SessionID)
	})
}

// passwordChanged stores a new hash and ends what the old password may have let someone keep:
// every session but keepSessionID and the calendar feed (its address is a credential too).
func (s *Service) passwordChanged(ctx context.Context, tx *database.Tx, userID int64, hash string, activate bool, keepSessionID int64) error {
	if err := setPassword(ctx, tx, userID, hash, activate); err != nil {
		return err
	}
	if err := endSessionsOf(ctx, tx, userID, keepSessionID); err != nil {
		return err
	}
	if s.RevokeFeeds == nil {
		return nil
	}
	return s.RevokeFeeds(ctx, tx, userID)
}
