package accounts

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hive/hive/internal/platform/input"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// Sign-up: a new person creates their own account, as staff (only with an invitation) or as a
// freelancer (with an invitation, or on their own). The invitation belongs to the organisations
// feature, which accounts must not import; it hands sign-up an InvitationClaimer instead.

// The two sign-up forms.
const (
	SignUpStaff      = "staff"
	SignUpFreelancer = "freelancer"
)

// Sign-up messages; the validation ones are worded as the spec writes them.
const (
	MsgFieldRequired    = "This field is required"
	MsgTermsRequired    = "You must agree to the terms and conditions."
	MsgCountryRequired  = "Country is required."
	MsgTimezoneRequired = "Timezone is required. It is used by the product to determine bookings."
	MsgAccountExists    = "An account with this email address already exists. Log in to accept the invitation."
	MsgInvitationEmail  = "Use the email address the invitation was sent to."
	MsgInvitationOnly   = "Staff accounts are created by invitation only. Ask your manager to invite you."
	MsgInvitationKind   = "This invitation is for another kind of account. Use the link in the invitation email."
	MsgSignedIn         = "You are logged in. Log out first to create a new account."
)

// SignUpPerAddress limits sign-up attempts per client address.
var SignUpPerAddress = ratelimit.Rule{Limit: 20, Window: 5 * time.Minute}

// SignUp is the sign-up form.
type SignUp struct {
	InvitationToken    string
	Email              string
	Password           string
	FirstName          string
	LastName           string
	Phone              string
	Country            string
	Timezone           string
	TermsAndConditions bool
}

// SignUpInvitation is the pending invitation a sign-up token stands for.
type SignUpInvitation struct {
	ID       int64
	Email    string
	EntityID int64
	Purpose  string // freelancer, staff or other
}

// validate checks the form of kind with the spec's messages, fills the defaults (country GB,
// timezone Europe/London) and returns the lower-cased address.
func (in *SignUp) validate(kind string) (string, error) {
	var v apperror.Invalid
	var emailLC string
	in.Email, emailLC = NormalizeEmail(&v, "email", in.Email)
	CheckNewPassword(&v, "password", in.Password)
	in.FirstName, in.LastName = strings.TrimSpace(in.FirstName), strings.TrimSpace(in.LastName)
	if in.FirstName == "" {
		v.Add("firstName", MsgFieldRequired)
	}
	if in.LastName == "" {
		v.Add("lastName", MsgFieldRequired)
	}
	in.Phone = strings.TrimSpace(in.Phone)
	in.Country = strings.ToUpper(strings.TrimSpace(in.Country))
	if in.Country == "" {
		in.Country = "GB"
	}
	if utf8.RuneCountInString(in.Country) != 2 {
		v.Add("country", MsgCountryRequired)
	}
	in.Timezone = strings.TrimSpace(in.Timezone)
	if in.Timezone == "" {
		in.Timezone = "Europe/London"
	}
	if !input.ValidZone(in.Timezone) {
		v.Add("timezone", MsgTimezoneRequired)
	}
	in.InvitationToken = strings.TrimSpace(in.InvitationToken)
	switch kind {
	case SignUpStaff:
		if in.InvitationToken == "" {
			v.Add("invitationToken", MsgInvitationOnly)
		}
	case SignUpFreelancer:
		if !in.TermsAndConditions {
			v.Add("termsAndConditions", MsgTermsRequired)
		}
	default:
		return "", fmt.Errorf("sign-up kind %q", kind)
	}
	return emailLC, v.Err()
}

// fits reports whether an invitation of purpose may be used on the sign-up form of kind: the
// freelancer form takes freelancer invitations, the staff form the staff and other ones.
func fits(kind, purpose string) bool {
	return (kind == SignUpFreelancer) == (purpose == "freelancer")
}

// newSignUpUser is the account a sign-up form describes, before the invitation decides its status.
func newSignUpUser(kind string, in SignUp, hash string) User {
	u := User{Email: in.Email, PasswordHash: hash, FirstName: in.FirstName, LastName: in.LastName,
		Phone: in.Phone, Country: in.Country, Timezone: in.Timezone, AccountStatus: StatusActive}
	if kind == SignUpStaff {
		u.Label, u.OnboardingState = "Staff", OnboardingStaff
	} else {
		// Invited freelancers are already linked to an entity, so their next step is the legal
		// entity; freelancers on their own start at the beginning.
		u.Label, u.IsFreelancer, u.OnboardingState = "Freelancer", true, OnboardingNeedsLegalEntity
	}
	return u
}

// unactivatedView is the answer to a sign-up that awaits activation. It is built from the form
// alone, with no id, needs or invitations, so a new address and one that already has an
// account get the same answer, and nothing of an address's invitations shows to whoever
// typed it.
func unactivatedView(u User) CurrentUser {
	u.ID = 0
	return currentUserOf(u, auth.ComputeNeeds(u.Flags(), auth.Grants{}), nil, "")
}
