package auth

import (
	"context"

	"github.com/hive/hive/internal/platform/apperror"
)

// Principal is the signed-in user of a request, with the needs computed for them.
type Principal struct {
	UserID       int64
	Email        string
	FirstName    string
	LastName     string
	CanAdmin     bool
	IsFreelancer bool
	SessionID    int64
	// ImpersonatorID is the administrator acting as this user, or 0.
	ImpersonatorID   int64
	ImpersonatorName string
	Needs            NeedSet
	// SecondFactorRequired: the user must sign in with a second factor (administrators, and
	// managers of an entity that requires it); HasSecondFactor: they have one enrolled.
	SecondFactorRequired bool
	HasSecondFactor      bool
}

// MustEnrolSecondFactor reports whether the principal must enrol a second factor before doing
// anything else. An administrator impersonating the user is not held to the user's enrolment.
func (p *Principal) MustEnrolSecondFactor() bool {
	return p != nil && p.SecondFactorRequired && !p.HasSecondFactor && p.ImpersonatorID == 0
}

// FullName is first and last name joined.
func (p *Principal) FullName() string { return FullName(p.FirstName, p.LastName) }

// FullName joins a first and a last name with one space, either of which may be empty: how
// every view names a user.
func FullName(first, last string) string {
	switch {
	case first == "":
		return last
	case last == "":
		return first
	}
	return first + " " + last
}

// Has reports whether the principal has need. Admin grants every need except the freelancer
// role, which describes who someone is rather than what they may do.
func (p *Principal) Has(need Need) bool {
	if p == nil {
		return false
	}
	if need != NeedFreelancer && p.Needs.Has(NeedAdmin) {
		return true
	}
	return p.Needs.Has(need)
}

type principalKey struct{}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// FromContext returns the signed-in principal, or nil for a visitor.
func FromContext(ctx context.Context) *Principal {
	p, _ := ctx.Value(principalKey{}).(*Principal)
	return p
}

// RequireUser returns the principal or the 401 error for visitors.
func RequireUser(ctx context.Context) (*Principal, error) {
	p := FromContext(ctx)
	if p == nil {
		return nil, apperror.Unauthenticated()
	}
	return p, nil
}

// Require returns the principal when it has need: 401 for visitors, 403 otherwise.
func Require(ctx context.Context, need Need) (*Principal, error) {
	p, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if !p.Has(need) {
		return nil, apperror.Forbidden()
	}
	return p, nil
}

// RequireSelfOr allows the user themself, or anyone with need (admins included).
func RequireSelfOr(ctx context.Context, userID int64, need Need) (*Principal, error) {
	p, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if p.UserID != userID && !p.Has(need) {
		return nil, apperror.Forbidden()
	}
	return p, nil
}
