package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/ratelimit"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// The storage of the e-mail change (emailchange.go).

// issueEmailChangeToken issues an email_change token for userID carrying newEmail; as with
// every purpose, an earlier unused link of the user stops working.
func issueEmailChangeToken(ctx context.Context, tx *database.Tx, userID int64, newEmail string) (string, error) {
	token, err := issueToken(ctx, tx, userID, PurposeEmailChange, EmailChangeTTL)
	if err != nil {
		return "", err
	}
	if _, err := tx.Exec(ctx, `UPDATE account_tokens SET new_email = ? WHERE token_hash = ?`,
		newEmail, auth.TokenHash(token)); err != nil {
		return "", fmt.Errorf("store new email: %w", err)
	}
	return token, nil
}

// tokenNewEmail reads the address an email_change token (already consumed in tx) stands for.
func tokenNewEmail(ctx context.Context, tx *database.Tx, token string) (string, error) {
	var email string
	err := tx.Get(ctx, &email, `SELECT new_email FROM account_tokens WHERE token_hash = ? AND purpose = ?`,
		auth.TokenHash(token), PurposeEmailChange)
	return email, err
}

// setEmail gives userID its confirmed new address; an address another account took meanwhile
// is a 409. An account that was asked to change its address is active again.
func setEmail(ctx context.Context, tx *database.Tx, userID int64, email string) error {
	_, err := tx.Exec(ctx, `UPDATE users SET email = ?, email_lc = ?,
		account_status = CASE WHEN account_status = 'require_email_change' THEN 'active' ELSE account_status END,
		updated_at = ?, version = version + 1 WHERE id = ?`, email, strings.ToLower(email), tx.Now, userID)
	if errors.Is(err, database.ErrUniqueViolation) {
		return apperror.Conflict(MsgEmailTaken)
	}
	if err != nil {
		return fmt.Errorf("set email: %w", err)
	}
	return recordUserUpdate(ctx, tx, userID)
}

// RequestEmailChange checks the signed-in user's password and mails a confirmation link to
// newEmail, and a notice to the current address. It returns the normalised new address. An
// address another account already uses gets a notice instead of a link, and the answer is the
// same, so the form tells nobody which addresses have accounts.
func (s *Service) RequestEmailChange(ctx context.Context, newEmail, password string) (string, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return "", err
	}
	if p.ImpersonatorID != 0 {
		return "", apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgEmailChangeAsSelf)
	}
	var v apperror.Invalid
	newEmail, newLC := NormalizeEmail(&v, "newEmail", newEmail)
	CheckLoginPassword(&v, "currentPassword", password)
	if err := v.Err(); err != nil {
		return "", err
	}
	// Counted in its own transaction: a refused request rolls back, its attempt must not.
	if err := s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		return ratelimit.Hit(ctx, tx, fmt.Sprintf("email-change:user:%d", p.UserID), EmailChangePerAccount)
	}); err != nil {
		return "", err
	}
	u, err := findUser(ctx, s.Store.DB, p.UserID)
	if err != nil {
		return "", err
	}
	if !auth.CheckPassword(u.PasswordHash, password) {
		return "", apperror.Field("currentPassword", MsgWrongPassword)
	}
	if strings.ToLower(u.Email) == newLC {
		return "", apperror.Field("newEmail", MsgSameEmail)
	}
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := mail.Enqueue(ctx, tx, emailChangeNoticeMail(u, newEmail)); err != nil {
			return err
		}
		if _, err := findUserByEmail(ctx, tx, newLC); err == nil {
			return mail.Enqueue(ctx, tx, emailTakenMail(newEmail))
		} else if apperror.KindOf(err) != apperror.KindNotFound {
			return err
		}
		token, err := issueEmailChangeToken(ctx, tx, u.ID, newEmail)
		if err != nil {
			return err
		}
		return mail.Enqueue(ctx, tx, emailConfirmMail(u, newEmail, s.link("/confirm-email", token)))
	})
	if err == nil && s.WakeMail != nil {
		s.WakeMail()
	}
	return newEmail, err
}

// ConfirmEmailChange applies the address of a live e-mail change token. Whoever follows the
// link proves they read the new address's mail; they need not be signed in. Every session of
// the user ends but the one confirming (when it is the user's own). Invitations waiting for the
// new address are NOT bound to the account: the mailbox's owner may have been talked into
// following a link for someone else's account; they accept with the invitation's own link.
func (s *Service) ConfirmEmailChange(ctx context.Context, token string) error {
	if strings.TrimSpace(token) == "" {
		return apperror.Field("token", MsgTokenRequired)
	}
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		userID, err := consumeToken(ctx, tx, token, PurposeEmailChange)
		if err != nil {
			return err
		}
		newEmail, err := tokenNewEmail(ctx, tx, token)
		if err != nil {
			return err
		}
		if err := setEmail(ctx, tx, userID, newEmail); err != nil {
			return err
		}
		var keep int64
		if p := auth.FromContext(ctx); p != nil && p.UserID == userID && p.ImpersonatorID == 0 {
			keep = p.SessionID
		}
		return endSessionsOf(ctx, tx, userID, keep)
	})
}

// addressProven tells the AddressProven hook (the invitations feature) that userID has just
// activated its account with the link mailed to its address, so the invitations sent to that
// address before the account existed become its own.
func (s *Service) addressProven(ctx context.Context, tx *database.Tx, userID int64) error {
	if s.AddressProven == nil {
		return nil
	}
	u, err := findUser(ctx, tx, userID)
	if err != nil {
		return err
	}
	return s.AddressProven(ctx, tx, userID, strings.ToLower(u.Email))
}
