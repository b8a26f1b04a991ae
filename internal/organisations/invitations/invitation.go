// Package invitations lets entity managers invite people by e-mail to join an entity, lets the
// invited person accept or reject on their home screen, and lets a new person sign up from the
// mailed link (staff sign-up is by invitation only).
package invitations

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// Invitation statuses (spec part 2 §3).
const (
	StatusPending  = "pending"
	StatusAccepted = "accepted"
	StatusRejected = "rejected"
)

// Invitation purposes (spec part 2 §3).
const (
	PurposeFreelancer = "freelancer"
	PurposeStaff      = "staff"
	PurposeOther      = "other"
)

// TokenTTL is how long a mailed sign-up link works.
const TokenTTL = 14 * 24 * time.Hour

// Messages of this area; the validation ones are worded as the spec writes them.
const (
	MsgRequired      = "This field is required"
	MsgPending       = "A pending invitation for this email address already exists for this entity."
	MsgAnswered      = "This invitation has already been answered."
	MsgStale         = "This record was changed by someone else. Reload and try again."
	MsgStatus        = "Choose accepted or rejected."
	MsgMessageLength = "The message can be at most 1000 characters long."
)

// MaxMessage is the longest invitation message, in characters. The message is plain text: the
// mail and the home screen show it as written, never as markdown or HTML.
const MaxMessage = 1000

// Invitation limits: a manager may send 20 an hour, and an entity receives
// at most 50 a day from all its managers together, so a manager cannot use Hive to mail
// strangers in bulk.
var (
	InvitesPerSender = ratelimit.Rule{Limit: 20, Window: time.Hour}
	InvitesPerEntity = ratelimit.Rule{Limit: 50, Window: 24 * time.Hour}
)

// Rights are the user-entity link flags accepting an invitation creates.
type Rights struct {
	CanExternal, CanManage, CanSelect bool
}

// RightsOf is the link the purpose implies (spec part 1 §6: "Invitation purpose freelancer
// means external resources; staff means read-only"). A freelancer is an external resource with
// limited access and does not see the entity's records; staff and other invitees may view the
// entity and manage nothing. Managers grant more through the links screens.
func RightsOf(purpose string) Rights {
	if purpose == PurposeFreelancer {
		return Rights{CanExternal: true}
	}
	return Rights{CanSelect: true}
}

// InvitationUser is a user as an invitation names them.
type InvitationUser struct {
	ID       int64  `json:"id"`
	FullName string `json:"fullName"`
}

// InvitationEntity names the entity an invitation is for.
type InvitationEntity struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Invitation is an invitation as the API shows it.
type Invitation struct {
	ID        int64            `json:"id"`
	User      *InvitationUser  `json:"user" doc:"The account the invitation is bound to: the one holding the address when it was sent, or the one that signed up with its link or proved the address since; null before"`
	Email     string           `json:"email"`
	Message   string           `json:"message"`
	Status    string           `json:"status" enum:"pending,accepted,rejected"`
	Purpose   string           `json:"purpose" enum:"freelancer,staff,other"`
	EntityID  int64            `json:"entityId"`
	Entity    InvitationEntity `json:"entity"`
	InvitedBy *InvitationUser  `json:"invitedBy" doc:"Who sent it; null when that account was deleted"`
	CreatedAt time.Time        `json:"createdAt"`
	ExpiresAt time.Time        `json:"expiresAt" doc:"When the mailed sign-up link stops working; accepting on the home screen does not expire"`
	Version   int              `json:"version"`
}

// View is the shape whoami carries.
func (i Invitation) View() accounts.InvitationView {
	return accounts.InvitationView{ID: i.ID, Email: i.Email, Message: i.Message, Status: i.Status,
		Purpose: i.Purpose, EntityID: i.EntityID}
}

// NewInvitation is what a manager sends.
type NewInvitation struct {
	EntityID int64
	Email    string
	Purpose  string
	Message  string
}

// Validate checks a new invitation with the spec's messages ("invitation needs entity and
// email") and returns the address as given and lower-cased.
func (n *NewInvitation) Validate() (string, error) {
	var v apperror.Invalid
	if n.EntityID <= 0 {
		v.Add("entityId", MsgRequired)
	}
	var emailLC string
	n.Email, emailLC = accounts.NormalizeEmail(&v, "email", n.Email)
	if n.Purpose == "" {
		n.Purpose = PurposeFreelancer
	}
	n.Message = plainText(n.Message)
	if len([]rune(n.Message)) > MaxMessage {
		v.Add("message", MsgMessageLength)
	}
	return emailLC, v.Err()
}

// plainText keeps a message as lines of text: line breaks become \n and other control
// characters are dropped, so nothing in it can reshape the mail it is quoted in.
func plainText(s string) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return -1
	}, s)
	return strings.TrimSpace(s)
}

// signUpPath is the page a new person signs up on for an invitation of purpose.
func signUpPath(purpose string) string {
	if purpose == PurposeFreelancer {
		return "/sign-up"
	}
	return "/sign-up-staff"
}

// inviteMail is the message that carries the invitation to an address without an account;
// link is the sign-up page with the token. (An account holder is told by the notification
// worker instead.)
func inviteMail(to, entityName, inviter, purpose, message, link string) mail.Message {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello,\n\n%s has invited you to join %s on Hive", orSomeone(inviter), entityName)
	switch purpose {
	case PurposeFreelancer:
		b.WriteString(" as a freelancer.\n\n")
	case PurposeStaff:
		b.WriteString(" as a member of staff.\n\n")
	default:
		b.WriteString(".\n\n")
	}
	if message != "" {
		fmt.Fprintf(&b, "Their message:\n\n%s\n\n", message)
	}
	fmt.Fprintf(&b, "To accept, create your account with this link within 14 days:\n\n%s\n\n", link)
	b.WriteString("If you did not expect this invitation, you can ignore this message.\n\nHive")
	return mail.Message{To: to, Subject: "You are invited to join " + strings.Join(strings.Fields(entityName), " ") + " on Hive",
		Kind: "invitation", Text: b.String()}
}

func orSomeone(name string) string {
	if name == "" {
		return "Someone"
	}
	return name
}
