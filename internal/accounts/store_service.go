package accounts

import (
	"context"
	"log/slog"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// Service holds the account flows; the HTTP layer only decodes, calls and encodes.
type Service struct {
	Store    *Store // its Limits say how long the sessions started here last
	BaseURL  string // links in mail point here
	WakeMail func() // nudges the outbox worker after a mail is queued; may be nil
	// PendingInvitations lists a user's pending invitations (the organisations feature supplies
	// it; accounts must not import it). May be nil.
	PendingInvitations func(ctx context.Context, userID int64, email string) ([]InvitationView, error)
	// CountActions counts, in one read, what awaits a user's answer in other features: the
	// offers (bookings) and the pending invitations (organisations). internal/app composes it,
	// as accounts must import neither. May be nil: then no offers are counted and the pending
	// invitations are listed each time.
	CountActions func(ctx context.Context, userID int64) (ActionCounts, error)
	// RevokeFeeds revokes the user's calendar feed inside tx when their password changes (the
	// agenda feature supplies it). May be nil.
	RevokeFeeds func(ctx context.Context, tx *database.Tx, userID int64) error
	// AddressProven is told, inside the transaction, that userID has just activated its account
	// with the link mailed to emailLC, so the invitations made for that address are bound to it
	// (the organisations feature supplies it). May be nil.
	AddressProven func(ctx context.Context, tx *database.Tx, userID int64, emailLC string) error
}

// Login checks credentials and starts a session, or, for a user with a second factor, a pending
// login that the second factor completes (store_secondfactor_flows.go); remember is 'keep me signed in'.
func (s *Service) Login(ctx context.Context, clientAddr, email, password string, remember bool) (SignIn, error) {
	var v apperror.Invalid
	_, emailLC := NormalizeEmail(&v, "email", email)
	CheckLoginPassword(&v, "password", password)
	if err := v.Err(); err != nil {
		return SignIn{}, err
	}
	// Counted in their own transaction: a failed login rolls back, its attempt must not.
	err := s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := ratelimit.Hit(ctx, tx, "login:addr:"+clientAddr, LoginPerAddress); err != nil {
			return err
		}
		return claimLoginAttempt(ctx, tx, emailLC)
	})
	if err != nil {
		return SignIn{}, err
	}
	invalid := apperror.New(apperror.KindUnauthorized, apperror.CodeInvalidCredentials, "Invalid credentials")
	u, err := findUserByEmail(ctx, s.Store.DB, emailLC)
	if apperror.KindOf(err) == apperror.KindNotFound {
		auth.CheckPassword("", password) // same work as a real check: no timing oracle for addresses
		return SignIn{}, invalid
	}
	if err != nil {
		return SignIn{}, err
	}
	if !auth.CheckPassword(u.PasswordHash, password) {
		return SignIn{}, invalid
	}
	if err := s.refuseSignIn(ctx, u); err != nil {
		return SignIn{}, err
	}
	var in SignIn
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := loginSucceeded(ctx, tx, emailLC); err != nil {
			return err
		}
		in, err = s.beginSignIn(ctx, tx, u, remember)
		return err
	})
	return in, err
}

// startSignIn begins an ordinary (not remembered) sign-in with a provider, which asks no 'keep me
// signed in' question: a session, or a pending login for a user with a second factor.
func (s *Service) startSignIn(ctx context.Context, u User) (SignIn, error) {
	var in SignIn
	err := s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		in, err = s.beginSignIn(ctx, tx, u, false)
		return err
	})
	return in, err
}

// Logout ends the session of token.
func (s *Service) Logout(ctx context.Context, token string) error {
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error { return endSession(ctx, tx, token) })
}

// LogoutEverywhere ends every session of the signed-in user, this one included.
func (s *Service) LogoutEverywhere(ctx context.Context) error {
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return err
	}
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error { return endSessionsOf(ctx, tx, p.UserID, 0) })
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
		return ratelimit.Hit(ctx, tx, resetLimitKey(emailLC), MailPerAccount)
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
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error { return s.queueResetLink(ctx, tx, u) })
	if err == nil && s.WakeMail != nil {
		s.WakeMail()
	}
	return err
}

// queueResetLink issues a reset token for u and queues the mail that carries its link, inside tx.
func (s *Service) queueResetLink(ctx context.Context, tx *database.Tx, u User) error {
	token, err := issueToken(ctx, tx, u.ID, PurposeReset, ResetTTL)
	if err != nil {
		return err
	}
	return mail.Enqueue(ctx, tx, resetMail(u, s.link("/reset-password", token)))
}

// refuseSignIn is the refusal for u, whose password (or provider) was right, when its status
// forbids signing in (nil when it does not). An account that must reset its password is mailed
// a reset link there and then, so the page that tells them to check their e-mail tells the truth.
// Only someone who proved the account is theirs gets this far, and the mail goes to the
// account's own address, so it reveals nothing. It counts against the same per-account limit as
// every reset mail; over the limit no mail goes, and the links sent within the window stand.
func (s *Service) refuseSignIn(ctx context.Context, u User) error {
	refusal := u.loginError()
	if u.AccountStatus != StatusResetRequired {
		return refusal
	}
	err := s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := ratelimit.Hit(ctx, tx, resetLimitKey(strings.ToLower(u.Email)), MailPerAccount); err != nil {
			return err
		}
		return s.queueResetLink(ctx, tx, u)
	})
	switch {
	case apperror.KindOf(err) == apperror.KindTooMany:
		slog.InfoContext(ctx, "password reset not sent", "reason", "rate limited")
	case err != nil:
		return err
	case s.WakeMail != nil:
		s.WakeMail()
	}
	return refusal
}

// IssueActivation creates an activation token for a new account inside tx and queues its mail.
func (s *Service) IssueActivation(ctx context.Context, tx *database.Tx, u User) error {
	token, err := issueToken(ctx, tx, u.ID, PurposeActivation, ActivationTTL)
	if err != nil {
		return err
	}
	return mail.Enqueue(ctx, tx, s.ActivationMail(u, token))
}
