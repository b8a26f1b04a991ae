package bookings

import (
	"context"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

// AvailableSubstitutesInput is the placement and, optionally, the instruction being replaced.
type AvailableSubstitutesInput struct {
	IDPath
	InstructionID int64 `query:"instructionId" doc:"The incumbent instruction; default: the placement's only live instruction accepted by its supplier"`
}

// GrantSubstitutionBody names the incumbent and its one substitute, and the substitute's rates
// when the manager changes them.
type GrantSubstitutionBody struct {
	ID       int64   `json:"id,omitempty" doc:"The incumbent instruction; default: the placement's only live instruction accepted by its supplier"`
	UserIDs  []int64 `json:"userIds" minItems:"1" maxItems:"50" doc:"Exactly one substitute"`
	BuyRate  *Rate   `json:"buyRate,omitempty" doc:"The substitute's buy rate (administrators only); default: the incumbent's"`
	SellRate *Rate   `json:"sellRate,omitempty" doc:"The substitute's sell rate (managers only); default: the incumbent's"`
}

// SubstitutionResult reports the substitute's new instruction.
type SubstitutionResult struct {
	Inserted    int              `json:"inserted"`
	Instruction *InstructionView `json:"instruction,omitempty"`
}

func (h *handlers) registerSubstitution(api huma.API) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops, "availableSubstitutes", "GET /placement/{id}/available-substitutes",
		"Freelancers free to replace an instruction of the placement",
		httpapi.WithUser(h.availableSubstitutes), 403, 404, 409, 422)
	httpapi.Op(ops, "grantSubstitution", "POST /placement/{id}/grant-substitution",
		"Instruct a substitute and cancel the instruction they replace",
		httpapi.WithUser(h.grantSubstitution), 403, 404, 409, 422)
}

func (h *handlers) availableSubstitutes(ctx context.Context, p *auth.Principal, in *AvailableSubstitutesInput) (*struct{ Body AvailableSubstitutesList }, error) {
	list, err := h.store.AvailableSubstitutes(ctx, p, in.ID, in.InstructionID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body AvailableSubstitutesList }{Body: list}, nil
}

func (h *handlers) grantSubstitution(ctx context.Context, p *auth.Principal, in *struct {
	IDPath
	Body GrantSubstitutionBody
}) (*struct{ Body SubstitutionResult }, error) {
	users := slices.Clone(in.Body.UserIDs)
	slices.Sort(users)
	if users = slices.Compact(users); len(users) != 1 {
		return nil, apperror.Field("userIds", MsgOneSubstitute)
	}
	rates := SubstitutionRates{Buy: in.Body.BuyRate, Sell: in.Body.SellRate}
	if err := checkGivenRates(p, rates.Buy, rates.Sell); err != nil {
		return nil, err
	}
	id, err := h.store.Substitute(ctx, p, in.ID, in.Body.ID, users[0], rates)
	if err != nil {
		return nil, err
	}
	view, err := h.store.substituteView(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return &struct{ Body SubstitutionResult }{Body: SubstitutionResult{Inserted: 1, Instruction: &view}}, nil
}
