package deadlines

import (
	"context"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// AnswerByBody is PATCH /instruction/answer-by: the offers and their new answer-by time.
type AnswerByBody struct {
	IDs      []int64    `json:"ids" minItems:"1" maxItems:"500" doc:"Instructions still awaiting their freelancer's answer"`
	AnswerBy *time.Time `json:"answerBy" required:"false" nullable:"true" doc:"The new time (RFC 3339): in the future, not after the placement's start; null clears it"`
}

// Register adds the answer-by operation.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	h.register(api)
}

type handlers struct{ store *Store }

func (h *handlers) register(api huma.API) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Booking"}
	httpapi.Op(ops, "setInstructionAnswerBy", "PATCH /instruction/answer-by",
		"Set or clear the answer-by time of offers (all or none; managers of the booking's department)",
		httpapi.WithUser(h.setAnswerBy), 403, 404, 409, 422)
}

func (h *handlers) setAnswerBy(ctx context.Context, p *auth.Principal, in *struct{ Body AnswerByBody }) (*struct{ Body bookings.StatusResult }, error) {
	n, err := h.store.SetAnswerBy(ctx, p, in.Body.IDs, in.Body.AnswerBy)
	if err != nil {
		return nil, err
	}
	return &struct{ Body bookings.StatusResult }{Body: bookings.StatusResult{Updated: n}}, nil
}
