package amend

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/httpapi"
)

// WorkingTimeOverrideBody is the reason a manager overrides the working-time guard for.
type WorkingTimeOverrideBody struct {
	Reason string `json:"reason" maxLength:"500" doc:"Why the freelancer may work with less rest (required)" text:"multiline"`
}

// registerOverride adds POST /instruction/{id}/working-time-override.
func (h *handlers) registerOverride(api huma.API) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops, "overrideWorkingTime", "POST /instruction/{id}/working-time-override",
		"Let an instruction be accepted with less rest than the entity's limits, for a reason (managers of its department)",
		h.overrideRest, 403, 404, 409, 422)
}

func (h *handlers) overrideRest(ctx context.Context, in *struct {
	bookings.IDPath
	Body WorkingTimeOverrideBody
}) (*struct{ Body bookings.StatusResult }, error) {
	departments, err := h.store.departmentsOf(ctx, "instructions", []int64{in.ID}, "Instruction")
	if err != nil {
		return nil, err
	}
	if err := requireManagerOf(ctx, departments); err != nil {
		return nil, err
	}
	if err := h.store.OverrideRest(ctx, in.ID, in.Body.Reason); err != nil {
		return nil, err
	}
	return &struct{ Body bookings.StatusResult }{Body: bookings.StatusResult{Updated: 1}}, nil
}
