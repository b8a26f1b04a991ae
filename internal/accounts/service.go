package accounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// Login attempt limits: per client address and per account, counted in the database so they
// hold across nodes.
var (
	LoginPerAddress = ratelimit.Rule{Limit: 30, Window: 5 * time.Minute}
	LoginPerAccount = ratelimit.Rule{Limit: 10, Window: 5 * time.Minute}
	MailPerAccount  = ratelimit.Rule{Limit: 5, Window: 15 * time.Minute}
)

// Service holds the account flows; the HTTP layer only decodes, calls and encodes.
type Service struct {
	Store      *Store
	BaseURL    string        // links in mail point here
	SessionTTL time.Duration // absolute session lifetime
	WakeMail   func()        // nudges the outbox worker after a mail is queued; may be nil
	// PendingInvitations lists a user's pending invitations (the organisations feature supplies
	// it; accounts must not import it). May be nil.
	PendingInvitations func(ctx context.Context, userID int64, email string) ([]InvitationView, error)
}

// Login checks credentials and starts a session, returning its token and the user.
func (s *Service) Login(ctx context.Context, clientAddr, email, password string) (string, User, error) {
	var v apperror.Invalid
	_, emailLC := NormalizeEmail(&v, "email", email)
	CheckLoginPassword(&v, "password", password)
	if err := v.Err(); err != nil {
		return "", User{}, err
	}
	// Counted in their own transaction: a failed login rolls back, its attempt must not.
	err := s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := ratelimit.Hit(ctx, tx, "login:addr:"+clientAddr, LoginPerAddress); err != nil {
			return err
		}
		return ratelimit.Hit(ctx, tx, "login:account:"+emailLC, LoginPerAccount)
	})
	if err != nil {
		return "", User{}, err
	}
	invalid := apperror.New(apperror.KindUnauthorized, apperror.CodeInvalidCredentials, "Invalid credentials")
	u, err := findUserByEmail(ctx, s.Store.DB, emailLC)
	if apperror.KindOf(err) == apperror.KindNotFound {
		auth.CheckPassword("", password) // same work as a real check: no timing oracle for addresses
		return "", User{}, invalid
	}
	if err != nil {
		return "", User{}, err
	}
	if !auth.CheckPassword(u.PasswordHash, password) {
		return "", User{}, invalid
	}
	if err := u.loginError(); err != nil {
		return "", User{}, err
	}
	token, err := s.startSession(ctx, u.ID)
	return token, u, err
}

func (s *Service) startSession(ctx context.Context, userID int64) (string, error) {
	var token string
	err := s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		token, err = createSession(ctx, tx, userID, s.SessionTTL)
		return err
	})
	return token, err
}

// Logout ends the session of token.
func (s *Service) Logout(ctx context.Context, token string) error {
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error { return endSession(ctx, tx, token) })
}

// RequestPasswordReset mails a reset link when an account with this address may reset its
// password. It says nothing about whether the address exists.
func (s *Service) RequestPasswordReset(ctx context.Context, email string, onlyIfRequired bool) error {
	var v apperror.Invalid
	_, emailLC := NormalizeEmail(&v, "email", email)
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		return ratelimit.Hit(ctx, tx, "reset:"+emailLC, MailPerAccount)
	}); err != nil {
		return err
	}
	u, err := findUserByEmail(ctx, s.Store.DB, emailLC)
	if apperror.KindOf(err) == apperror.KindNotFound || u.AccountStatus == StatusSystem ||
		(onlyIfRequired && u.AccountStatus != StatusResetRequired) {
		slog.InfoContext(ctx, "password reset not sent", "reason", "no eligible account")
		return nil
	}
	if err != nil {
		return err
	}
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		token, err := issueToken(ctx, tx, u.ID, PurposeReset, ResetTTL)
		if err != nil {
			return err
		}
		return mail.Enqueue(ctx, tx, resetMail(u, s.link("/reset-password", token)))
	})
	if err == nil && s.WakeMail != nil {
		s.WakeMail()
	}
	return err
}

func (s *Service) link(path, token string) string {
	return s.BaseURL + path + "?token=" + url.QueryEscape(token)
}

// ResetPassword sets a new password with a reset token.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if token == "" {
		return apperror.Field("token", MsgTokenRequired)
	}
	hash, err := newPasswordHash(password)
	if err != nil {
		return err
	}
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		userID, err := consumeToken(ctx, tx, token, PurposeReset)
		if err != nil {
			return err
		}
		return setPassword(ctx, tx, userID, hash, false)
	})
}

// newPasswordHash checks a password being set (the body field "password") and hashes it.
func newPasswordHash(password string) (string, error) {
	var v apperror.Invalid
	CheckNewPassword(&v, "password", password)
	if err := v.Err(); err != nil {
		return "", err
	}
	return auth.HashPassword(password)
}

// ActivateAccount activates an account with its activation token; an assisted account (created
// by someone else, without a password) sets its password here too.
func (s *Service) ActivateAccount(ctx context.Context, token string, password *string) error {
	if token == "" {
		return apperror.Field("activationToken", MsgTokenRequired)
	}
	hash := ""
	if password != nil { // hashed before the transaction: argon2id must not hold the write lock
		var err error
		if hash, err = newPasswordHash(*password); err != nil {
			return err
		}
	}
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		userID, err := consumeToken(ctx, tx, token, PurposeActivation)
		if err != nil {
			return err
		}
		if hash != "" {
			return setPassword(ctx, tx, userID, hash, true)
		}
		u, err := findUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		if u.PasswordHash == "" {
			return apperror.Field("password", MsgPasswordRequired)
		}
		return activate(ctx, tx, userID)
	})
}

// SetPassword is an administrator setting someone's password.
func (s *Service) SetPassword(ctx context.Context, userID int64, password string) error {
	if _, err := auth.Require(ctx, auth.NeedAdmin); err != nil {
		return err
	}
	hash, err := newPasswordHash(password)
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
		return setPassword(ctx, tx, userID, hash, false)
	})
}

// Impersonate lets an administrator act as another user within the current session.
func (s *Service) Impersonate(ctx context.Context, targetID int64) (User, error) {
	p, err := auth.Require(ctx, auth.NeedAdmin)
	if err != nil {
		return User{}, err
	}
	if p.ImpersonatorID != 0 {
		return User{}, apperror.Conflict("Cancel the current impersonation first.")
	}
	if targetID == p.UserID {
		return User{}, apperror.Field("id", "You cannot impersonate yourself.")
	}
	var target User
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if target, err = findUser(ctx, tx, targetID); err != nil {
			return err
		}
		if target.AccountStatus == StatusSystem {
			return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, "A system account cannot be impersonated.")
		}
		return impersonate(ctx, tx, p.SessionID, p.UserID, targetID)
	})
	return target, err
}

// CancelImpersonation returns the session to the administrator who started it.
func (s *Service) CancelImpersonation(ctx context.Context) (User, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return User{}, err
	}
	if p.ImpersonatorID == 0 {
		return User{}, apperror.Conflict("You are not impersonating anyone.")
	}
	var admin User
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		adminID, err := cancelImpersonation(ctx, tx, p.SessionID)
		if errors.Is(err, sql.ErrNoRows) {
			return apperror.Conflict("You are not impersonating anyone.")
		}
		if err != nil {
			return err
		}
		admin, err = findUser(ctx, tx, adminID)
		return err
	})
	return admin, err
}

// ActionsRequired counts what the user must do: for now unfinished onboarding; pending
// invitations and instructions awaiting a response join as their features land.
func ActionsRequired(u User) int {
	switch u.OnboardingState {
	case OnboardingFreelancerStarted, OnboardingNeedsEntity, OnboardingNeedsLegalEntity:
		return 1
	}
	return 0
}

func resetMail(u User, link string) mail.Message {
	return mail.Message{To: u.Email, Subject: "Reset your Hive password", Text: fmt.Sprintf(
		"Hello %s,\n\nSomeone asked to reset the password of your Hive account. To choose a new password, open this link within an hour:\n\n%s\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n\nHive",
		u.FirstName, link)}
}

// ActivationMail is the message that invites a new account holder to activate.
func (s *Service) ActivationMail(u User, token string) mail.Message {
	return mail.Message{To: u.Email, Subject: "Activate your Hive account", Text: fmt.Sprintf(
		"Hello %s,\n\nAn account has been created for you on Hive. To activate it, open this link within 7 days:\n\n%s\n\nHive",
		u.FirstName, s.link("/activate", token))}
}

// IssueActivation creates an activation token for a new account inside tx and queues its mail.
func (s *Service) IssueActivation(ctx context.Context, tx *database.Tx, u User) error {
	token, err := issueToken(ctx, tx, u.ID, PurposeActivation, ActivationTTL)
	if err != nil {
		return err
	}
	return mail.Enqueue(ctx, tx, s.ActivationMail(u, token))
}
