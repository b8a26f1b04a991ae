package bookings

import (
	"github.com/hive/hive/internal/bookings/status"
)

// Substitution: a freelancer replaces an accepted instruction of a placement. The rules and the
// answer's shape are here; the queries in store_substitution.go, the operations in
// http_substitution.go.

// Substitution messages (the spec names none but the booking's switch; see docs/decisions.md).
const (
	MsgNoSubstitution     = "This booking does not allow substitution."
	MsgChooseIncumbent    = "Choose the instruction to substitute: this placement has no single accepted instruction."
	MsgIncumbentElsewhere = "The instruction to substitute must belong to this placement."
	MsgOneSubstitute      = "Choose exactly one substitute."
	MsgSubstituteNotFree  = "This freelancer cannot substitute on this placement: they are not bookable by its " +
		"department, are instructed on it already, or are not free then."
)

// SubstitutedReason is the cancellation reason the replaced instruction gets.
const SubstitutedReason = "Substituted"

// substitutedChange cancels the incumbent's supplier side: the freelancer is replaced, the
// client still wants the work done.
var substitutedChange = status.Change{Side: status.Supplier, To: status.Cancelled, Reason: SubstitutedReason}

// AvailableSubstituteUser names a candidate.
type AvailableSubstituteUser struct {
	FullName  string `json:"fullName"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
}

// AvailableSubstitute is one freelancer who may replace the incumbent.
type AvailableSubstitute struct {
	UserID                    int64                   `json:"userId"`
	User                      AvailableSubstituteUser `json:"user"`
	VATRegistered             *bool                   `json:"vatRegistered" doc:"Null when the freelancer has no preferred legal entity"`
	IncumbentHasSameVatStatus *bool                   `json:"incumbentHasSameVatStatus" doc:"Null when either VAT status is unknown"`
}

// AvailableSubstitutesList is the answer of availableSubstitutes, by last and first name.
type AvailableSubstitutesList struct {
	Items []AvailableSubstitute `json:"items"`
}

// substituteItem turns a candidate row into the wire shape, comparing VAT with the incumbent's.
func substituteItem(c substituteCandidate, incumbentVAT *bool) AvailableSubstitute {
	return AvailableSubstitute{UserID: c.ID,
		User:          AvailableSubstituteUser{FullName: c.FirstName + " " + c.LastName, FirstName: c.FirstName, LastName: c.LastName, Email: c.Email},
		VATRegistered: c.VATRegistered, IncumbentHasSameVatStatus: sameVATStatus(incumbentVAT, c.VATRegistered)}
}

// sameVATStatus is true when both statuses are known and equal, false when both are known and
// differ (the web warns 'VAT status mismatch.'), and nil when either is unknown.
func sameVATStatus(a, b *bool) *bool {
	if a == nil || b == nil {
		return nil
	}
	same := *a == *b
	return &same
}
