package accounts

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// Changing one's own e-mail address. The address is what invitations,
// password resets and sign-in rest on, so a change needs the current password and takes effect
// only when a link mailed to the NEW address is followed; the old address is told, without the
// link. Confirming ends the user's other sessions.

// PurposeEmailChange is the account_tokens purpose of a mailed e-mail change link.
const PurposeEmailChange = "email_change"

// EmailChangeTTL is how long a confirmation link works.
const EmailChangeTTL = 24 * time.Hour

// EmailChangePerAccount limits change requests per user; a request checks the password, so this
// also bounds guessing it from a stolen session.
var EmailChangePerAccount = ratelimit.Rule{Limit: 5, Window: time.Hour}

// Messages of the e-mail change.
const (
	MsgWrongPassword     = "Your current password is not correct."
	MsgSameEmail         = "This is already your email address."
	MsgEmailTaken        = "An account with this email address already exists."
	MsgEmailChanged      = "Your email address has been changed. Use the new address to log in."
	MsgEmailChangeAsSelf = "Only the account holder can change their email address, not someone impersonating them."
	// MsgUseEmailChange is what PATCH /account/{id} answers a user sending a new address of their own.
	MsgUseEmailChange = "To change your email address, use Change email: it asks for your current password and a confirmation from the new address."
)

// EmailChangeSent is the answer to a change request.
func EmailChangeSent(newEmail string) string {
	return fmt.Sprintf("We have sent a confirmation link to %s. Your address changes when you open it.", newEmail)
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

// AddressChangedMail tells the previous address that an administrator changed the account's
// address (the person changing it is not the account holder, so the holder must hear of it).
func AddressChangedMail(oldEmail, firstName, newEmail string) mail.Message {
	return mail.Message{To: oldEmail, Subject: "Your Hive email address was changed", Kind: "email_change", Text: fmt.Sprintf(
		"Hello %s,\n\nAn administrator changed the email address of your Hive account to %s. From now on, use that address to log in.\n\nIf you did not expect this, contact your Hive administrator.\n\nHive",
		firstName, newEmail)}
}

func emailChangeNoticeMail(u User, newEmail string) mail.Message {
	return mail.Message{To: u.Email, Subject: "A change of your Hive email address was requested", Kind: "email_change", Text: fmt.Sprintf(
		"Hello %s,\n\nSomeone signed in to your Hive account asked to change its email address to %s. The change happens only if the link we sent to that address is opened.\n\nIf this was not you, change your password now and tell your Hive administrator.\n\nHive",
		u.FirstName, newEmail)}
}

func emailConfirmMail(u User, newEmail, link string) mail.Message {
	return mail.Message{To: newEmail, Subject: "Confirm your new Hive email address", Kind: "email_change", Text: fmt.Sprintf(
		"Hello %s,\n\nTo make this the email address of your Hive account, open this link within 24 hours:\n\n%s\n\nIf you did not ask for this, ignore this message: nothing changes.\n\nHive",
		u.FirstName, link)}
}

func emailTakenMail(to string) mail.Message {
	return mail.Message{To: to, Subject: "Your email address was given for another Hive account", Kind: "email_change", Text: "Hello,\n\n" +
		"Someone asked to move another Hive account to this email address, which already belongs to a Hive account. Nothing has changed.\n\n" +
		"If this was you, sign in with this address instead.\n\nHive"}
}

// HTTP operations.

type changeEmailInput struct {
	Body struct {
		NewEmail        string `json:"newEmail" maxLength:"320"`
		CurrentPassword string `json:"currentPassword" maxLength:"200" text:"secret"`
	}
}

type confirmEmailInput struct {
	Body struct {
		Token string `json:"token" maxLength:"200"`
	}
}

// RegisterEmailChange adds POST /account/change-email and POST /account/confirm-email.
func (h *HTTP) RegisterEmailChange(api huma.API) {
	signed := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Account"}
	public := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "Account"}
	httpapi.Op(signed.Answering(http.StatusAccepted), "changeEmail", "POST /account/change-email",
		"Ask to change one's own email address: needs the current password; mails a confirmation link to the new address",
		func(ctx context.Context, in *changeEmailInput) (*messageOutput, error) {
			email, err := h.Service.RequestEmailChange(ctx, in.Body.NewEmail, in.Body.CurrentPassword)
			if err != nil {
				return nil, err
			}
			return message(EmailChangeSent(email)), nil
		}, 403, 422, 503)
	httpapi.Op(public, "confirmEmail", "POST /account/confirm-email",
		"Apply an email change with the token of its confirmation link",
		func(ctx context.Context, in *confirmEmailInput) (*messageOutput, error) {
			if err := h.Service.ConfirmEmailChange(ctx, in.Body.Token); err != nil {
				return nil, err
			}
			return message(MsgEmailChanged), nil
		}, 409, 422)
}
