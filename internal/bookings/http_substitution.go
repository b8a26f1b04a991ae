package bookings

import (
	"context"
	"net/http"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

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

// AvailableSubstitutesInput is the placement and, optionally, the instruction being replaced.
type AvailableSubstitutesInput struct {
	IDPath
	InstructionID int64 `query:"instructionId" doc:"The incumbent instruction; default: the placement's only live instruction accepted by its supplier"`
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

// AvailableSubstitutesList is the answer of availableSubstitutes, by last and first name.
type AvailableSubstitutesList struct {
	Items []AvailableSubstitute `json:"items"`
}

// GrantSubstitutionBody names the incumbent and its one substitute.
type GrantSubstitutionBody struct {
	ID      int64   `json:"id,omitempty" doc:"The incumbent instruction; default: the placement's only live instruction accepted by its supplier"`
	UserIDs []int64 `json:"userIds" minItems:"1" maxItems:"50" doc:"Exactly one substitute"`
}

// SubstitutionResult reports the substitute's new instruction.
type SubstitutionResult struct {
	Inserted    int              `json:"inserted"`
	Instruction *InstructionView `json:"instruction,omitempty"`
}

func (h *handlers) registerSubstitution(api huma.API) {
	tags := []string{"Booking"}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "availableSubstitutes", Method: http.MethodGet,
		Path: "/placement/{id}/available-substitutes", Summary: "Freelancers free to replace an instruction of the placement",
		Tags: tags, Errors: []int{403, 404, 409, 422}}, h.availableSubstitutes)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "grantSubstitution", Method: http.MethodPost,
		Path: "/placement/{id}/grant-substitution", Summary: "Instruct a substitute and cancel the instruction they replace",
		Tags: tags, Errors: []int{403, 404, 409, 422}}, h.grantSubstitution)
}

func (h *handlers) availableSubstitutes(ctx context.Context, in *AvailableSubstitutesInput) (*struct{ Body AvailableSubstitutesList }, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	list, err := h.store.AvailableSubstitutes(ctx, p, in.ID, in.InstructionID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body AvailableSubstitutesList }{Body: list}, nil
}

func (h *handlers) grantSubstitution(ctx context.Context, in *struct {
	IDPath
	Body GrantSubstitutionBody
}) (*struct{ Body SubstitutionResult }, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	users := slices.Clone(in.Body.UserIDs)
	slices.Sort(users)
	if users = slices.Compact(users); len(users) != 1 {
		return nil, apperror.Field("userIds", MsgOneSubstitute)
	}
	id, err := h.store.Substitute(ctx, p, in.ID, in.Body.ID, users[0])
	if err != nil {
		return nil, err
	}
	view, err := h.store.substituteView(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return &struct{ Body SubstitutionResult }{Body: SubstitutionResult{Inserted: 1, Instruction: &view}}, nil
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
