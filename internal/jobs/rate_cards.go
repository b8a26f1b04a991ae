package jobs

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/httpapi"
)

// RateCardUser names the contractor of a rate card.
type RateCardUser struct {
	ID       int64  `json:"id"`
	FullName string `json:"fullName"`
}

// RateCard is a contractor's own rates on a placement template. BuyRate goes to administrators only.
type RateCard struct {
	ID                  int64        `json:"id"`
	PlacementTemplateID int64        `json:"placementTemplateId"`
	UserID              int64        `json:"userId"`
	User                RateCardUser `json:"user"`
	BuyRate             *Rate        `json:"buyRate,omitempty"`
	SellRate            Rate         `json:"sellRate"`
	Version             int          `json:"version"`
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

// VisibleRateCards reads the rate cards of the visible departments' job templates; buy rates
// for admins only.
func (s *Store) VisibleRateCards(ctx context.Context, withBuy bool, visible database.Visibility) ([]RateCard, error) {
	if visible.None() {
		return []RateCard{}, nil
	}
	where, args := visible.Condition("jt.department_id")
	return s.rateCards(ctx, withBuy, where, args...)
}

// RateCardsOf reads the rate cards of one placement template; buy rates for admins only.
func (s *Store) RateCardsOf(ctx context.Context, withBuy bool, placementTemplate int64) ([]RateCard, error) {
	return s.rateCards(ctx, withBuy, `rc.placement_template_id = ?`, placementTemplate)
}

// RateCard reads rate card id; buy rates for admins only. 404 when it does not exist.
func (s *Store) RateCard(ctx context.Context, withBuy bool, id int64) (RateCard, error) {
	cards, err := s.rateCards(ctx, withBuy, `rc.id = ?`, id)
	if err == nil && len(cards) == 0 {
		err = apperror.NotFound("Rate card")
	}
	if err != nil {
		return RateCard{}, err
	}
	return cards[0], nil
}

// rateCards reads rate cards matching where (on rc, pt, jt); buy rates for admins only.
func (s *Store) rateCards(ctx context.Context, withBuy bool, where string, args ...any) ([]RateCard, error) {
	var rows []struct {
		ID         int64  `db:"id"`
		PT         int64  `db:"placement_template_id"`
		UserID     int64  `db:"user_id"`
		FullName   string `db:"full_name"`
		Version    int    `db:"version"`
		Department int64  `db:"department_id"`
		RateRow
	}
	if err := s.DB.Select(ctx, &rows, `SELECT rc.id, rc.placement_template_id, rc.user_id,
		TRIM(u.first_name || ' ' || u.last_name) AS full_name, rc.version, jt.department_id,
		rc.buy_rate_minor, rc.buy_currency, rc.buy_period, rc.sell_rate_minor, rc.sell_currency, rc.sell_period
		FROM rate_cards rc JOIN users u ON u.id = rc.user_id JOIN placement_templates pt ON pt.id = rc.placement_template_id
		JOIN job_templates jt ON jt.id = pt.job_template_id WHERE `+where+` ORDER BY u.first_name, u.last_name, rc.id`, args...); err != nil {
		return nil, err
	}
	out := make([]RateCard, 0, len(rows))
	for _, r := range rows {
		buy, sell := r.Rates()
		c := RateCard{ID: r.ID, PlacementTemplateID: r.PT, UserID: r.UserID, User: RateCardUser{r.UserID, r.FullName},
			SellRate: sell, Version: r.Version}
		if withBuy {
			c.BuyRate = &buy
		}
		out = append(out, c)
	}
	return out, nil
}

// rateCardDepartment returns the department and placement template of rate card id; 404 when absent.
func (s *Store) rateCardDepartment(ctx context.Context, id int64) (dept, pt int64, err error) {
	var r struct {
		Dept int64 `db:"department_id"`
		PT   int64 `db:"placement_template_id"`
	}
	err = s.DB.Get(ctx, &r, `SELECT jt.department_id, rc.placement_template_id FROM rate_cards rc
		JOIN placement_templates pt ON pt.id = rc.placement_template_id JOIN job_templates jt ON jt.id = pt.job_template_id
		WHERE rc.id = ?`, id)
	return r.Dept, r.PT, database.NotFound(err, "Rate card")
}

// CreateRateCard adds user's rates on a placement template; one card per (template, user).
func (s *Store) CreateRateCard(ctx context.Context, pt, user int64, buy, sell Rate) (int64, error) {
	var id int64
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		err := tx.Get(ctx, &id, `INSERT INTO rate_cards (placement_template_id, user_id, buy_rate_minor, buy_currency, buy_period,
			sell_rate_minor, sell_currency, sell_period, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			pt, user, buy.Minor(), buy.Currency, buy.Period, sell.Minor(), sell.Currency, sell.Period, tx.Now, tx.Now)
		switch {
		case errors.Is(err, database.ErrUniqueViolation):
			return apperror.Conflict(MsgDuplicate)
		case errors.Is(err, database.ErrForeignKeyViolation):
			return apperror.Field("userId", MsgNoUser)
		case err != nil:
			return fmt.Errorf("insert rate card: %w", err)
		}
		return nil
	})
	return id, err
}

// UpdateRateCard writes the rates of card id when version is still current.
func (s *Store) UpdateRateCard(ctx context.Context, id int64, version int, buy, sell Rate) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		return updateVersioned(ctx, tx, "rate_cards", "rate card", id, version,
			`buy_rate_minor = ?, buy_currency = ?, buy_period = ?, sell_rate_minor = ?, sell_currency = ?, sell_period = ?`,
			buy.Minor(), buy.Currency, buy.Period, sell.Minor(), sell.Currency, sell.Period)
	})
}

// DeleteRateCard removes card id.
func (s *Store) DeleteRateCard(ctx context.Context, id int64) error {
	return s.deleteByID(ctx, "rate_cards", id)
}

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

type rateCardQuery struct {
	PlacementTemplateID int64 `query:"placementTemplateId"`
}
type rateCardsOut struct{ Body []RateCard }
type rateCardOut struct{ Body RateCard }
type rateCardPatchIn struct {
	IDPath
	Body updateRateCardBody
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
