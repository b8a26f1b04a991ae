// Package audit writes history records in the same transaction as the change they describe,
// so no write can commit without its record.
package audit

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Action is what happened to the record.
type Action string

// The actions of the spec's hiveAction field.
const (
	Insert Action = "INSERT"
	Update Action = "UPDATE"
	Delete Action = "DELETE"
)

// Source names the kind of record (the spec's hiveSource).
type Source string

// The sources the spec lists.
const (
	SourceUser           Source = "user"
	SourceBooking        Source = "booking"
	SourcePlacement      Source = "placement"
	SourceInstruction    Source = "instruction"
	SourceEntity         Source = "entity"
	SourceLegalEntity    Source = "legal_entity"
	SourceLegalEntityRef Source = "legal_entity_ref"
	SourceMail           Source = "mail"
	// SourceSession is not in the spec's list: starting and ending an impersonation changes a
	// session, not a record the spec names (docs/decisions.md).
	SourceSession Source = "session"
)

// Record writes one history record for a change made in tx by the principal in ctx (none for
// system work such as seeding). row is the record after the change, stored as JSON.
func Record(ctx context.Context, tx *database.Tx, action Action, source Source, recordID int64, row any) error {
	data, err := json.Marshal(row)
	if err != nil {
		return fmt.Errorf("audit %s %d: %w", source, recordID, err)
	}
	var userID, impersonatorID *int64
	var name, role string
	isAdmin := false
	if p := auth.FromContext(ctx); p != nil {
		userID = &p.UserID
		name = p.FullName()
		isAdmin = p.CanAdmin
		role = roleOf(p)
		if p.ImpersonatorID != 0 {
			impersonatorID = &p.ImpersonatorID
		}
	}
	_, err = tx.Exec(ctx, `INSERT INTO audit_log (hive_action, hive_source, record_id, row_json, hive_user_id,
		hive_impersonator_user_id, hive_user_name, hive_tx_id, hive_is_admin, hive_role, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		string(action), string(source), recordID, string(data), userID, impersonatorID, name, tx.ID, isAdmin, role, tx.Now)
	return err
}

func roleOf(p *auth.Principal) string {
	switch {
	case p.CanAdmin:
		return "admin"
	case p.IsFreelancer:
		return "freelancer"
	}
	return "staff"
}
