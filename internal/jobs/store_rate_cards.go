package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

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
