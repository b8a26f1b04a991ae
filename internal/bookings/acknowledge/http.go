package acknowledge

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// AcknowledgeBody is POST /instruction/acknowledge: the instructions whose change the caller
// acknowledges.
type AcknowledgeBody struct {
	IDs []int64 `json:"ids" minItems:"1" maxItems:"200" doc:"The caller's own instructions, each with a change to acknowledge"`
}

// AcknowledgeResult says how many changes were acknowledged.
type AcknowledgeResult struct {
	Acknowledged int `json:"acknowledged"`
}

// Register adds the acknowledgement operation.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops, "acknowledgeInstructionChanges", "POST /instruction/acknowledge",
		"Acknowledge the changes to one's own accepted placements (all or none; the instructions' freelancer only)",
		httpapi.WithUser(h.acknowledge), 403, 404, 409, 422)
}

type handlers struct{ store *Store }

func (h *handlers) acknowledge(ctx context.Context, p *auth.Principal, in *struct{ Body AcknowledgeBody }) (*struct{ Body AcknowledgeResult }, error) {
	n, err := h.store.Acknowledge(ctx, p, in.Body.IDs)
	if err != nil {
		return nil, err
	}
	return &struct{ Body AcknowledgeResult }{Body: AcknowledgeResult{Acknowledged: n}}, nil
}
