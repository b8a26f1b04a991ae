package accounts

import (
	"fmt"
	"net/url"
	"time"

	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// Attempt limits, counted in the database so they hold across nodes. Sign-in is also throttled
// per address by failure count (loginlimit.go).
var (
	LoginPerAddress = ratelimit.Rule{Limit: 30, Window: 5 * time.Minute}
	MailPerAccount  = ratelimit.Rule{Limit: 5, Window: 15 * time.Minute}
)

// ActionCounts is what awaits a user's answer elsewhere in Hive: offers awaiting their accept
// or reject, and pending invitations.
type ActionCounts struct {
	Offers      int `db:"offers"`
	Invitations int `db:"invitations"`
}

// resetLimitKey counts the reset mails of one address, whichever way they are asked for.
func resetLimitKey(emailLC string) string { return "reset:" + emailLC }

func (s *Service) link(path, token string) string {
	return s.BaseURL + path + "?token=" + url.QueryEscape(token)
}

// ActionsRequired counts what the account itself asks of the user: unfinished onboarding. whoami
// adds what other features hold (pending invitations, offers awaiting an answer; http.go).
func ActionsRequired(u User) int {
	if OnboardingUnfinished(u.OnboardingState) {
		return 1
	}
	return 0
}

func resetMail(u User, link string) mail.Message {
	return mail.Message{To: u.Email, Subject: "Reset your Hive password", Kind: "password_reset", Text: fmt.Sprintf(
		"Hello %s,\n\nSomeone asked to reset the password of your Hive account. To choose a new password, open this link within an hour:\n\n%s\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n\nHive",
		u.FirstName, link)}
}

// ActivationMail is the message that invites a new account holder to activate.
func (s *Service) ActivationMail(u User, token string) mail.Message {
	return mail.Message{To: u.Email, Subject: "Activate your Hive account", Kind: "activation", Text: fmt.Sprintf(
		"Hello %s,\n\nAn account has been created for you on Hive. To activate it, open this link within 7 days:\n\n%s\n\nHive",
		u.FirstName, s.link("/activate", token))}
}
