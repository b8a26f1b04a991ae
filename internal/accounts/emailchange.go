package accounts

import (
	"fmt"
	"time"

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
