package accounts

import (
	"context"
	"fmt"
	"github.com/hive/hive/internal/platform/input"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/mail"
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

// InvitationClaimer is what sign-up needs from the invitations feature.
type InvitationClaimer interface {
	// FindInvitation returns the pending invitation of a live token, read inside tx; a wrong,
	// used or expired token is a 422 A-105 error on the invitationToken field.
	FindInvitation(ctx context.Context, tx *database.Tx, token string) (SignUpInvitation, error)
	// AcceptInvitation marks inv accepted by userID and links the user to its entity with the
	// rights its purpose implies; an invitation answered meanwhile is a 422 A-105 error.
	AcceptInvitation(ctx context.Context, tx *database.Tx, inv SignUpInvitation, userID int64) error
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

// signUpInput is the body of both sign-up operations.
type signUpInput struct {
	Body struct {
		InvitationToken    string `json:"invitationToken,omitempty" maxLength:"200" required:"false" doc:"The token of the invitation link; required for staff, optional for freelancers"`
		Email              string `json:"email" maxLength:"320" required:"false"`
		Password           string `json:"password" maxLength:"200" required:"false" text:"secret"`
		FirstName          string `json:"firstName" maxLength:"100" required:"false"`
		LastName           string `json:"lastName" maxLength:"100" required:"false"`
		Phone              string `json:"phone,omitempty" maxLength:"50" required:"false"`
		Country            string `json:"country,omitempty" maxLength:"10" required:"false" doc:"ISO 3166 alpha-2; default GB"`
		Timezone           string `json:"timezone,omitempty" maxLength:"64" required:"false" doc:"IANA zone; default Europe/London"`
		TermsAndConditions bool   `json:"termsAndConditions,omitempty" required:"false" doc:"Must be true on the freelancer form"`
	}
}

// unactivatedView is the answer to a sign-up that awaits activation. It is built from the form
// alone, with no id, needs or invitations, so a new address and one that already has an
// account get the same answer, and nothing of an address's invitations shows to whoever
// typed it.
func unactivatedView(u User) CurrentUser {
	u.ID = 0
	return currentUserOf(u, auth.ComputeNeeds(u.Flags(), auth.Grants{}), nil, "")
}

// RegisterSignUp adds POST /onboard-staff and POST /onboard-freelancer; claimer is the
// invitations feature.
func (h *HTTP) RegisterSignUp(api huma.API, claimer InvitationClaimer) {
	created := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "Account"}.Answering(http.StatusCreated)
	for _, kind := range []string{SignUpStaff, SignUpFreelancer} {
		summary := "Create a staff account from an invitation, and sign in"
		id := "onboardStaff"
		if kind == SignUpFreelancer {
			summary = "Create a freelancer account (from an invitation: active and signed in; otherwise inactive with an activation mail)"
			id = "onboardFreelancer"
		}
		httpapi.Op(created, id, "POST /onboard-"+kind, summary,
			func(ctx context.Context, in *signUpInput) (*currentUserOutput, error) {
				b := in.Body
				token, u, err := h.Service.SignUp(ctx, httpapi.ClientAddr(ctx), kind, SignUp{
					InvitationToken: b.InvitationToken, Email: b.Email, Password: b.Password, FirstName: b.FirstName,
					LastName: b.LastName, Phone: b.Phone, Country: b.Country, Timezone: b.Timezone,
					TermsAndConditions: b.TermsAndConditions}, claimer)
				if err != nil {
					return nil, err
				}
				if token == "" {
					return &currentUserOutput{Body: unactivatedView(u)}, nil
				}
				body, err := h.currentUser(ctx, u, nil)
				if err != nil {
					return nil, err
				}
				if token != "" {
					return &currentUserOutput{SetCookie: h.sessionCookies(token, false), Body: body}, nil
				}
				return &currentUserOutput{Body: body}, nil
			}, 409, 422, 503)
	}
}
