package invoices

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// SelfBilling returns legal entity le's self-billing answer; one that never answered has not
// agreed (version 0).
func (s *Store) SelfBilling(ctx context.Context, le int64) (SelfBilling, error) {
	sb := SelfBilling{LegalEntityID: le}
	err := s.DB.Get(ctx, &sb, `SELECT legal_entity_id, agreed, agreed_at, agreed_by_user_id, agreed_by_name, version
		FROM self_billing_agreements WHERE legal_entity_id = ?`, le)
	if _, err := database.Found(err); err != nil {
		return sb, fmt.Errorf("self-billing: %w", err)
	}
	return sb, nil
}

// SetSelfBilling records legal entity le's answer agreed, given by user (id and name) at the
// transaction's time, when version is still the one read (0 for a first answer).
func (s *Store) SetSelfBilling(ctx context.Context, le int64, agreed bool, version int, user int64,
	name string) (SelfBilling, error) {
	var sb SelfBilling
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var n int64
		var err error
		var by *int64 // nil for the demo data, which nobody signed in gave
		if user != 0 {
			by = &user
		}
		if version == 0 {
			n, err = tx.Exec(ctx, `INSERT INTO self_billing_agreements (legal_entity_id, agreed, agreed_at, agreed_by_user_id,
				agreed_by_name, created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1)
				ON CONFLICT (legal_entity_id) DO NOTHING`, le, agreed, tx.Now, by, name, tx.Now, tx.Now)
		} else {
			n, err = tx.Exec(ctx, `UPDATE self_billing_agreements SET agreed = ?, agreed_at = ?, agreed_by_user_id = ?,
				agreed_by_name = ?, updated_at = ?, version = version + 1 WHERE legal_entity_id = ? AND version = ?`,
				agreed, tx.Now, by, name, tx.Now, le, version)
		}
		if err != nil {
			return fmt.Errorf("set self-billing: %w", err)
		}
		if n == 0 {
			return apperror.Conflict("This self-billing agreement was changed by someone else. Reload it and try again.")
		}
		at := tx.Now
		sb = SelfBilling{LegalEntityID: le, Agreed: agreed, AgreedAt: &at, AgreedByUserID: by, AgreedByName: name,
			Version: version + 1}
		action := audit.Update
		if version == 0 {
			action = audit.Insert
		}
		return audit.Record(ctx, tx, action, audit.SourceSelfBilling, le, map[string]any{"legalEntityId": le,
			"agreed": agreed, "agreedAt": at, "agreedByUserId": by, "agreedByName": name, "version": sb.Version})
	})
	return sb, err
}
