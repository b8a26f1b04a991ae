package substitution

import (
	"context"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// AvailableSubstitutesInput is the placement and, optionally, the instruction being replaced.
type AvailableSubstitutesInput struct {
	bookings.IDPath
	InstructionID int64 `query:"instructionId" doc:"The incumbent instruction; default: the placement's only live instruction accepted by its supplier"`
}

// GrantSubstitutionBody names the incumbent and its one substitute, and the substitute's rates
// when the manager changes them.
type GrantSubstitutionBody struct {
	ID       int64          `json:"id,omitempty" doc:"The incumbent instruction; default: the placement's only live instruction accepted by its supplier"`
	UserIDs  []int64        `json:"userIds" minItems:"1" maxItems:"50" doc:"Exactly one substitute"`
	BuyRate  *bookings.Rate `json:"buyRate,omitempty" doc:"The substitute's buy rate (administrators only); default: the incumbent's"`
	SellRate *bookings.Rate `json:"sellRate,omitempty" doc:"The substitute's sell rate (managers only); default: the incumbent's"`
}

// SubstitutionResult reports the substitute's new instruction.
type SubstitutionResult struct {
	Inserted    int                       `json:"inserted"`
	Instruction *bookings.InstructionView `json:"instruction,omitempty"`
}

// Register adds the substitution operations.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, bookings: &bookings.Store{DB: d.DB}}
	h.register(api)
}

type handlers struct {
	store    *Store
	bookings *bookings.Store
}

func (h *handlers) register(api huma.API) {
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
	bookings.IDPath
	Body GrantSubstitutionBody
}) (*struct{ Body SubstitutionResult }, error) {
	users := slices.Clone(in.Body.UserIDs)
	slices.Sort(users)
	if users = slices.Compact(users); len(users) != 1 {
		return nil, apperror.Field("userIds", MsgOneSubstitute)
	}
	rates := SubstitutionRates{Buy: in.Body.BuyRate, Sell: in.Body.SellRate}
	if err := bookings.CheckGivenRates(p, rates.Buy, rates.Sell); err != nil {
		return nil, err
	}
	id, err := h.store.Substitute(ctx, p, in.ID, in.Body.ID, users[0], rates)
	if err != nil {
		return nil, err
	}
	r, at, err := h.bookings.InstructionPlaced(ctx, id)
	if err != nil {
		return nil, err
	}
	view := bookings.InstructionViewOf(p, r, at, h.bookings.DB.Now())
	return &struct{ Body SubstitutionResult }{Body: SubstitutionResult{Inserted: 1, Instruction: &view}}, nil
}
