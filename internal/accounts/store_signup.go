package accounts

import (
	"context"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
)

// InvitationClaimer is what sign-up needs from the invitations feature.
type InvitationClaimer interface {
	// FindInvitation returns the pending invitation of a live token, read inside tx; a wrong,
	// used or expired token is a 422 A-105 error on the invitationToken field.
	FindInvitation(ctx context.Context, tx *database.Tx, token string) (SignUpInvitation, error)
	// AcceptInvitation marks inv accepted by userID and links the user to its entity with the
	// rights its purpose implies; an invitation answered meanwhile is a 422 A-105 error.
	AcceptInvitation(ctx context.Context, tx *database.Tx, inv SignUpInvitation, userID int64) error
}

// SignUp creates the account of a sign-up form of kind ("staff" or "freelancer") and returns a
// new session token with the user. With an invitation the mailed token proved the address: the
// account is active, the invitation accepted and the user linked to its entity, all in one
// transaction. A freelancer signing up without one gets an inactive account and an activation
// mail, and no session (the token is empty). If the address already has an account, that
// answer is the same (so sign-up does not reveal which addresses have accounts) and the owner
// is mailed instead (existingAccountMail).
func (s *Service) SignUp(ctx context.Context, clientAddr, kind string, in SignUp, claimer InvitationClaimer) (string, User, error) {
	if auth.FromContext(ctx) != nil {
		return "", User{}, apperror.Conflict(MsgSignedIn)
	}
	emailLC, err := in.validate(kind)
	if err != nil {
		return "", User{}, err
	}
	// Counted in its own transaction: a refused sign-up rolls back, its attempt must not.
	if err := s.hit(ctx, "signup:addr:"+clientAddr, SignUpPerAddress); err != nil {
		return "", User{}, err
	}
	// Hashed before the transaction (argon2id must not hold the write lock), and for an
	// existing address too, so both answers take the same time.
	hash, err := hashPassword(in.Password)
	if err != nil {
		return "", User{}, err
	}
	var token string
	u := newSignUpUser(kind, in, hash)
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		var inv *SignUpInvitation
		if in.InvitationToken != "" {
			found, err := claimer.FindInvitation(ctx, tx, in.InvitationToken)
			if err != nil {
				return err
			}
			if !fits(kind, found.Purpose) {
				return apperror.Field("invitationToken", MsgInvitationKind)
			}
			if strings.ToLower(found.Email) != emailLC {
				return apperror.Field("email", MsgInvitationEmail)
			}
			inv = &found
		} else {
			// On their own, a freelancer's entity step is creating their own supplier entity
			// (which they then manage), so they may create one.
			u.AccountStatus, u.OnboardingState = StatusInactive, OnboardingFreelancerStarted
			u.CanCreateSupplierEntity = true
		}
		existing, err := findUserByEmail(ctx, tx, emailLC)
		switch {
		case err == nil && inv != nil:
			// The invitation link proved the address, so saying so reveals nothing new.
			return apperror.Conflict(MsgAccountExists)
		case err == nil:
			return s.mailExistingOwner(ctx, tx, existing)
		case apperror.KindOf(err) != apperror.KindNotFound:
			return err
		}
		if err := createUser(ctx, tx, &u); err != nil {
			return err
		}
		if in.TermsAndConditions {
			if _, err := tx.Exec(ctx, `UPDATE users SET terms_accepted_at = ? WHERE id = ?`, tx.Now, u.ID); err != nil {
				return fmt.Errorf("record terms: %w", err)
			}
		}
		if inv == nil {
			return s.IssueActivation(ctx, tx, u)
		}
		if err := claimer.AcceptInvitation(ctx, tx, *inv, u.ID); err != nil {
			return err
		}
		token, err = createSession(ctx, tx, u.ID, s.Store.Limits, false)
		return err
	})
	if err != nil {
		return "", User{}, err
	}
	if token == "" && s.WakeMail != nil {
		s.WakeMail()
	}
	return token, u, nil
}

// mailExistingOwner tells the owner of an address that someone tried to sign up with it. An
// account never activated gets a fresh activation link instead (most likely its owner lost the
// first one); a system account gets nothing.
func (s *Service) mailExistingOwner(ctx context.Context, tx *database.Tx, owner User) error {
	switch owner.AccountStatus {
	case StatusSystem:
		return nil
	case StatusInactive, StatusUnknown:
		return s.IssueActivation(ctx, tx, owner)
	}
	return mail.Enqueue(ctx, tx, mail.Message{To: owner.Email, Subject: "Someone tried to sign up with your address", Kind: "signup_existing_account",
		Text: fmt.Sprintf("Hello %s,\n\nSomeone tried to create a new Hive account with this e-mail address, which already has one. If that was you, sign in:\n\n%s\n\nIf you have forgotten your password, reset it here:\n\n%s\n\nIf it was not you, you can ignore this message: nothing has changed.\n\nHive",
			owner.FirstName, s.BaseURL+"/login", s.BaseURL+"/request-password-reset")})
}
