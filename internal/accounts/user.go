// Package accounts is signing in and out, sessions, password reset, activation, sign-in with
// OpenID providers, impersonation, and the account records they act on.
package accounts

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/input"
)

// Account statuses (spec part 1 §4), declared in internal/platform/auth so that access reads
// them without importing accounts.
const (
	StatusUnknown            = auth.AccountUnknown
	StatusActive             = auth.AccountActive
	StatusInactive           = auth.AccountInactive
	StatusResetRequired      = auth.AccountResetRequired
	StatusSystem             = auth.AccountSystem
	StatusRequireEmailChange = auth.AccountRequireEmailChange
)

// AccountStatuses lists every account status, for the OpenAPI enum.
var AccountStatuses = []string{StatusUnknown, StatusActive, StatusInactive, StatusResetRequired, StatusSystem, StatusRequireEmailChange}

// User is an account as stored.
type User struct {
	ID                      int64     `db:"id"`
	Email                   string    `db:"email"`
	PasswordHash            string    `db:"password_hash"`
	FirstName               string    `db:"first_name"`
	LastName                string    `db:"last_name"`
	Label                   string    `db:"label"`
	Phone                   string    `db:"phone"`
	Country                 string    `db:"country"`
	Timezone                string    `db:"timezone"`
	AccountStatus           string    `db:"account_status"`
	OnboardingState         string    `db:"onboarding_state"`
	CanAdmin                bool      `db:"can_admin"`
	CanCreateSupplierEntity bool      `db:"can_create_supplier_entity"`
	CanCreateAgencyEntity   bool      `db:"can_create_agency_entity"`
	CanCreateClientEntity   bool      `db:"can_create_client_entity"`
	IsFreelancer            bool      `db:"is_freelancer"`
	CreatedAt               time.Time `db:"created_at"`
	UpdatedAt               time.Time `db:"updated_at"`
	Version                 int       `db:"version"`
}

// FullName is first and last name joined.
func (u User) FullName() string { return auth.FullName(u.FirstName, u.LastName) }

// RoleLabel is Freelancer or Staff.
func (u User) RoleLabel() string {
	if u.IsFreelancer {
		return "Freelancer"
	}
	return "Staff"
}

// Flags are the columns the needs model reads.
func (u User) Flags() auth.UserFlags {
	return auth.UserFlags{CanAdmin: u.CanAdmin, IsFreelancer: u.IsFreelancer,
		CanCreateSupplierEntity: u.CanCreateSupplierEntity, CanCreateAgencyEntity: u.CanCreateAgencyEntity,
		CanCreateClientEntity: u.CanCreateClientEntity}
}

// loginError is the refusal for a user whose password was right but whose status forbids
// signing in; the UI routes on the codes.
func (u User) loginError() error {
	switch u.AccountStatus {
	case StatusInactive, StatusUnknown:
		return apperror.New(apperror.KindForbidden, apperror.CodeNotActivated, "Your account has not been activated yet.")
	case StatusResetRequired:
		return apperror.New(apperror.KindForbidden, apperror.CodeNeedsReset,
			"Your account needs a password reset. Check your e-mail for a reset link, or contact support.")
	}
	return nil
}

// Validation messages, worded as the spec writes them.
const (
	MsgEmailRequired    = "Email is required"
	MsgEmailInvalid     = "Invalid email address"
	MsgPasswordRequired = "Password is required"
	MsgPasswordTooShort = "Minimum length is 8 characters"
	MsgPasswordTooLong  = "Maximum length is 50 characters"
	MsgNewPassword      = "Password must be between 8 and 50 characters long."
	MsgTokenRequired    = "The token is invalid."
)

// Password bounds. Login accepts up to the new-password maximum so nobody who chose a long
// password is locked out (docs/decisions.md).
const (
	PasswordMin = 8
	PasswordMax = 50
)

// NormalizeEmail strips white space, as the spec asks, and checks the address. It returns the
// address as given (for display) and its lower-cased form (the unique key).
func NormalizeEmail(v *apperror.Invalid, field, email string) (string, string) {
	email = strings.Join(strings.Fields(email), "")
	switch {
	case email == "":
		v.Add(field, MsgEmailRequired)
	case !input.ValidEmail(email):
		v.Add(field, MsgEmailInvalid)
	}
	return email, strings.ToLower(email)
}

// CheckLoginPassword applies the login form's rules.
func CheckLoginPassword(v *apperror.Invalid, field, pw string) {
	n := utf8.RuneCountInString(pw)
	switch {
	case pw == "":
		v.Add(field, MsgPasswordRequired)
	case n < PasswordMin:
		v.Add(field, MsgPasswordTooShort)
	case n > PasswordMax:
		v.Add(field, MsgPasswordTooLong)
	}
}

// CheckNewPassword applies the rule for a password being set.
func CheckNewPassword(v *apperror.Invalid, field, pw string) {
	if pw == "" {
		v.Add(field, MsgPasswordRequired)
		return
	}
	if n := utf8.RuneCountInString(pw); n < PasswordMin || n > PasswordMax {
		v.Add(field, MsgNewPassword)
	}
}
