package accounts

import (
	"context"
	"strconv"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// hit counts one attempt on key in its own transaction, so a refused attempt still counts.
func (s *Service) hit(ctx context.Context, key string, rule ratelimit.Rule) error {
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error { return ratelimit.Hit(ctx, tx, key, rule) })
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
