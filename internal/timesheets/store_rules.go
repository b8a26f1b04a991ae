package timesheets

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// EntityBillingRules is a client entity's billing rules as the API shows them: Version 0 means
// the entity has none of its own (the defaults apply); a write names the version it read.
type EntityBillingRules struct {
	EntityID int64 `json:"entityId" db:"entity_id"`
	BillingRules
	Version int `json:"version" db:"version" doc:"0 while the entity has the defaults"`
}

// RulesFor is the billing rules of client entity: its own, else DefaultBillingRules. Every
// reader of the rules calls it (the pay of a timesheet, its dispute window, invoicing).
func RulesFor(ctx context.Context, q database.Reader, entity int64) (BillingRules, error) {
	v, err := rulesViewOf(ctx, q, entity)
	return v.BillingRules, err
}

func rulesViewOf(ctx context.Context, q database.Reader, entity int64) (EntityBillingRules, error) {
	v := EntityBillingRules{EntityID: entity}
	err := q.Get(ctx, &v, `SELECT entity_id, dispute_window_hours, overtime_threshold_minutes, overtime_multiplier_pct,
		invoice_period, payment_days, version FROM entity_billing_rules WHERE entity_id = ?`, entity)
	if errors.Is(err, sql.ErrNoRows) {
		return EntityBillingRules{EntityID: entity, BillingRules: DefaultBillingRules}, nil
	}
	return v, err
}

// GetBillingRules is entity's billing rules (404 when there is no such entity).
func (s *Store) GetBillingRules(ctx context.Context, entity int64) (EntityBillingRules, error) {
	if err := entityExists(ctx, s.DB, entity); err != nil {
		return EntityBillingRules{}, err
	}
	return rulesViewOf(ctx, s.DB, entity)
}

// SaveBillingRules replaces entity's billing rules, audited on the entity, when version is the
// one stored (0: the entity had none); else 409. Timesheets already approved keep their pay.
func (s *Store) SaveBillingRules(ctx context.Context, entity int64, r BillingRules, version int, by int64) (EntityBillingRules, error) {
	if err := r.Validate(); err != nil {
		return EntityBillingRules{}, err
	}
	var out EntityBillingRules
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := entityExists(ctx, tx, entity); err != nil {
			return err
		}
		var n int64
		var err error
		if version == 0 {
			n, err = tx.Exec(ctx, `INSERT INTO entity_billing_rules (entity_id, dispute_window_hours,
				overtime_threshold_minutes, overtime_multiplier_pct, invoice_period, payment_days, updated_by, updated_at,
				version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (entity_id) DO NOTHING`, entity,
				r.DisputeWindowHours, r.OvertimeThresholdMinutes, r.OvertimeMultiplierPct, r.InvoicePeriod, r.PaymentDays,
				by, tx.Now)
		} else {
			n, err = tx.Exec(ctx, `UPDATE entity_billing_rules SET dispute_window_hours = ?, overtime_threshold_minutes = ?,
				overtime_multiplier_pct = ?, invoice_period = ?, payment_days = ?, updated_by = ?, updated_at = ?,
				version = version + 1 WHERE entity_id = ? AND version = ?`, r.DisputeWindowHours,
				r.OvertimeThresholdMinutes, r.OvertimeMultiplierPct, r.InvoicePeriod, r.PaymentDays, by, tx.Now, entity, version)
		}
		if err != nil {
			return err
		}
		if n == 0 {
			return apperror.Conflict(MsgRulesStale)
		}
		out = EntityBillingRules{EntityID: entity, BillingRules: r, Version: version + 1}
		return audit.Record(ctx, tx, audit.Update, audit.SourceEntity, entity, map[string]any{"billingRules": out})
	})
	return out, err
}

func entityExists(ctx context.Context, q database.Reader, entity int64) error {
	var id int64
	return database.NotFound(q.Get(ctx, &id, `SELECT id FROM entities WHERE id = ?`, entity), "Entity")
}
