package jobs

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

func registerRateCards(api huma.API, h *handlers) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Rate card"}
	httpapi.Op(ops, "listRateCards", "GET /rate-card", "Rate cards the caller may see", h.rateCards, 404, 422)
	httpapi.Op(ops.Answering(http.StatusCreated), "createRateCard", "POST /rate-card",
		"Customise a contractor's rates on a placement template", h.createRateCard, 403, 404, 409, 422)
	httpapi.Op(ops, "getRateCard", "GET /rate-card/{id}", "One rate card", h.rateCard, 404)
	httpapi.Op(ops, "updateRateCard", "PATCH /rate-card/{id}", "Change a rate card", h.updateRateCard, 403, 404, 409, 422)
	httpapi.Op(ops.Answering(http.StatusNoContent), "deleteRateCard", "DELETE /rate-card/{id}", "Delete a rate card",
		h.deleteRateCard, 403, 404)
	httpapi.Op(ops, "listRateCardsByPlacementTemplate", "GET /rate-card/by-placement-template-id/{id}",
		"Rate cards of a placement template", h.rateCardsOf, 404)
}

// placementAccess checks the caller against placement template id's department: viewer, or manager when manage.
func (h *handlers) placementAccess(ctx context.Context, id int64, manage bool) (*auth.Principal, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	pt, err := h.store.PlacementTemplate(ctx, id, false)
	if err != nil {
		return nil, err
	}
	t, err := h.store.Template(ctx, pt.JobTemplateID)
	if err != nil {
		return nil, err
	}
	if manage {
		return access.RequireDepartmentManager(ctx, t.DepartmentID)
	}
	return access.RequireDepartmentViewer(ctx, t.DepartmentID)
}

func (h *handlers) rateCards(ctx context.Context, in *rateCardQuery) (*rateCardsOut, error) {
	if in.PlacementTemplateID > 0 {
		return h.rateCardsOf(ctx, &IDPath{ID: in.PlacementTemplateID})
	}
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	out, err := h.store.VisibleRateCards(ctx, p.Has(auth.NeedAdmin), access.VisibleDepartments(p))
	return &rateCardsOut{Body: out}, err
}

func (h *handlers) rateCardsOf(ctx context.Context, in *IDPath) (*rateCardsOut, error) {
	p, err := h.placementAccess(ctx, in.ID, false)
	if err != nil {
		return nil, err
	}
	out, err := h.store.RateCardsOf(ctx, p.Has(auth.NeedAdmin), in.ID)
	return &rateCardsOut{Body: out}, err
}

// cardAccess checks the caller against rate card id's department.
func (h *handlers) cardAccess(ctx context.Context, id int64, manage bool) (*auth.Principal, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	dept, _, err := h.store.rateCardDepartment(ctx, id)
	if err != nil {
		return nil, err
	}
	if manage {
		return access.RequireDepartmentManager(ctx, dept)
	}
	return access.RequireDepartmentViewer(ctx, dept)
}

func (h *handlers) readCard(ctx context.Context, id int64, admin bool) (*rateCardOut, error) {
	card, err := h.store.RateCard(ctx, admin, id)
	if err != nil {
		return nil, err
	}
	return &rateCardOut{Body: card}, nil
}

func (h *handlers) rateCard(ctx context.Context, in *IDPath) (*rateCardOut, error) {
	p, err := h.cardAccess(ctx, in.ID, false)
	if err != nil {
		return nil, err
	}
	return h.readCard(ctx, in.ID, p.Has(auth.NeedAdmin))
}

func (h *handlers) createRateCard(ctx context.Context, in *struct{ Body createRateCardBody }) (*rateCardOut, error) {
	p, err := h.placementAccess(ctx, in.Body.PlacementTemplateID, true)
	if err != nil {
		return nil, err
	}
	admin := p.Has(auth.NeedAdmin)
	if in.Body.BuyRate != nil && !admin {
		return nil, apperror.Forbidden()
	}
	// A manager's card keeps the template's buy rate, which they cannot see.
	pt, err := h.store.PlacementTemplate(ctx, in.Body.PlacementTemplateID, true)
	if err != nil {
		return nil, err
	}
	buy, err := replaced(in.Body.BuyRate, *pt.BuyRate, "buyRate")
	if err != nil {
		return nil, err
	}
	sell := in.Body.SellRate.Normalised()
	if err := sell.Check("sellRate"); err != nil {
		return nil, err
	}
	if err := h.requireVisibleUsers(ctx, p, "userId", []int64{in.Body.UserID}); err != nil {
		return nil, err
	}
	id, err := h.store.CreateRateCard(ctx, in.Body.PlacementTemplateID, in.Body.UserID, buy, sell)
	if err != nil {
		return nil, err
	}
	return h.readCard(ctx, id, admin)
}

func (h *handlers) updateRateCard(ctx context.Context, in *rateCardPatchIn) (*rateCardOut, error) {
	p, err := h.cardAccess(ctx, in.ID, true)
	if err != nil {
		return nil, err
	}
	admin := p.Has(auth.NeedAdmin)
	if in.Body.BuyRate != nil && !admin {
		return nil, apperror.Forbidden()
	}
	cur, err := h.readCard(ctx, in.ID, true)
	if err != nil {
		return nil, err
	}
	buy, err := replaced(in.Body.BuyRate, *cur.Body.BuyRate, "buyRate")
	if err != nil {
		return nil, err
	}
	sell, err := replaced(in.Body.SellRate, cur.Body.SellRate, "sellRate")
	if err != nil {
		return nil, err
	}
	if err := h.store.UpdateRateCard(ctx, in.ID, in.Body.Version, buy, sell); err != nil {
		return nil, err
	}
	return h.readCard(ctx, in.ID, admin)
}

func (h *handlers) deleteRateCard(ctx context.Context, in *IDPath) (*struct{}, error) {
	if _, err := h.cardAccess(ctx, in.ID, true); err != nil {
		return nil, err
	}
	return &struct{}{}, h.store.DeleteRateCard(ctx, in.ID)
}

type createRateCardBody struct {
	PlacementTemplateID int64 `json:"placementTemplateId" minimum:"1"`
	UserID              int64 `json:"userId" minimum:"1"`
	BuyRate             *Rate `json:"buyRate,omitempty" doc:"Administrators only"`
	SellRate            Rate  `json:"sellRate"`
}

type updateRateCardBody struct {
	Version  int   `json:"version"`
	BuyRate  *Rate `json:"buyRate,omitempty" doc:"Administrators only"`
	SellRate *Rate `json:"sellRate,omitempty"`
}

type rateCardQuery struct {
	PlacementTemplateID int64 `query:"placementTemplateId"`
}
type rateCardsOut struct{ Body []RateCard }
type rateCardOut struct{ Body RateCard }
type rateCardPatchIn struct {
	IDPath
	Body updateRateCardBody
}
