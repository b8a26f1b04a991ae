// Package substitution replaces a freelancer's accepted instruction of a placement with another
// freelancer's: the candidates free to take it over (AvailableSubstitutes) and the substitution
// itself (Substitute), which instructs the substitute at the incumbent's rates and cancels the
// incumbent's supplier side, in one transaction. Who may substitute which instruction is
// bookings.Substitutable, the rule every booking view's canSubstitute flag asks too. The rules
// and the answer's shape are here, the queries in store_substitution.go, the operations in
// http_substitution.go.
package substitution

import (
	"strings"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
)

// Substitution messages (the spec names none but the booking's switch; the booking's and the
// placement's refusals are bookings.Substitutable's).
const (
	MsgChooseIncumbent   = "Choose the instruction to substitute: this placement has no single accepted instruction."
	MsgOneSubstitute     = "Choose exactly one substitute."
	MsgSubstituteNotFree = "This freelancer cannot substitute on this placement: they are not bookable by its " +
		"department, are instructed on it already, or are not free then."
)

// MsgSubstituteRatesManagers refuses rates in a substitution asked by the incumbent freelancer:
// rates are the department's managers' to set.
const MsgSubstituteRatesManagers = "Only the department's managers can set the substitute's rates."

// SubstitutionRates are the substitute's rates when the manager changes them; nil keeps the
// incumbent's.
type SubstitutionRates struct {
	Buy, Sell *bookings.Rate
}

// substituteRates is the substitute's pair: the incumbent's rates as they stand (amended ones
// included; the substitute takes over the same work at the same terms), each replaced by the
// one the manager gave.
func substituteRates(incumbent bookings.InstructionRow, given SubstitutionRates) bookings.RatePair {
	var r bookings.RatePair
	r.Buy, r.Sell = incumbent.Rates()
	if given.Buy != nil {
		r.Buy = *given.Buy
	}
	if given.Sell != nil {
		r.Sell = *given.Sell
	}
	return r
}

// substituteState is the substitute's first state: the booking's initial statuses
// (status.Initial), with the client side accepted when a manager of the department chose the
// substitute (choosing them is the client's answer), so the substitute's answer is the only one
// awaited. When the incumbent freelancer found their own replacement the client still confirms.
func substituteState(pl bookings.SubstitutionPlacement, actor status.Actor) status.State {
	st := status.Initial(status.BookingType(pl.Type), pl.Direct)
	if actor == status.ActorManager {
		st.Client = status.Accepted
	}
	return st
}

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

// AvailableSubstitutesList is the answer of availableSubstitutes, by last and first name, with
// what the substitution is for, so the page can name it and return to its booking.
type AvailableSubstitutesList struct {
	For   SubstitutionFor       `json:"for"`
	Items []AvailableSubstitute `json:"items"`
}

// SubstitutionFor names the booking, placement, date and person a substitution replaces.
type SubstitutionFor struct {
	BookingID      int64  `json:"bookingId"`
	BookingTitle   string `json:"bookingTitle"`
	PlacementID    int64  `json:"placementId"`
	PlacementTitle string `json:"placementTitle"`
	Date           string `json:"date" doc:"The placement's local date YYYY-MM-DD"`
	InstructionID  int64  `json:"instructionId" doc:"The incumbent instruction"`
	UserID         int64  `json:"userId" doc:"The incumbent freelancer"`
	FullName       string `json:"fullName" doc:"The incumbent freelancer's name"`
}

func substitutionFor(pl bookings.SubstitutionPlacement, incumbent bookings.InstructionRow) SubstitutionFor {
	return SubstitutionFor{BookingID: pl.BookingID, BookingTitle: pl.BookingTitle, PlacementID: pl.ID,
		PlacementTitle: pl.Title, Date: pl.LocalDate, InstructionID: incumbent.ID, UserID: incumbent.UserID,
		FullName: strings.TrimSpace(incumbent.FirstName + " " + incumbent.LastName)}
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
