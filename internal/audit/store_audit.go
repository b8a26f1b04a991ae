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
	// SourceWaterfall is an offer waterfall of a booking, with its candidates' turns.
	SourceWaterfall Source = "waterfall"
	// SourceTimesheet is an instruction's timesheet: filled, submitted, approved or disputed.
	SourceTimesheet Source = "timesheet"
	// SourceInvoice is a self-billed invoice or credit note; SourceSelfBilling a legal entity's
	// self-billing agreement.
	SourceInvoice     Source = "invoice"
	SourceSelfBilling Source = "self_billing"
)

// Record writes one history record for a change made in tx by the principal in ctx (none for
// system work such as seeding). row is the record after the change, stored as JSON.
func Record(ctx context.Context, tx *database.Tx, action Action, source Source, recordID int64, row any) error {
	return RecordAll(ctx, tx, action, source, []Entry{{RecordID: recordID, Row: row}})
}

// Entry is one record's change for RecordAll: the record's id and the record after the change.
type Entry struct {
	RecordID int64
	Row      any
}

// RecordAll writes the history records of many changes of one kind made in tx, as Record does
// for one, in as few statements as the engines allow: a round of notifications queues dozens of
// mails, each with its record, and on SQLite every statement is held inside the one writer.
func RecordAll(ctx context.Context, tx *database.Tx, action Action, source Source, entries []Entry) error {
	data := make([]string, len(entries))
	for i, e := range entries {
		b, err := json.Marshal(e.Row)
		if err != nil {
			return fmt.Errorf("audit %s %d: %w", source, e.RecordID, err)
		}
		data[i] = string(b)
	}
	a := actorOf(ctx)
	return database.InsertMany(ctx, tx, "audit_log", `hive_action, hive_source, record_id, row_json, hive_user_id,
		hive_impersonator_user_id, hive_user_name, hive_tx_id, hive_is_admin, hive_role, created_at`, len(entries),
		func(i int) []any {
			return []any{string(action), string(source), entries[i].RecordID, data[i],
				a.UserID, a.ImpersonatorID, a.UserName, tx.ID, a.IsAdmin, a.Role, tx.Now}
		})
}

// actor is who made a change, as an audit row records it (the spec's hive* fields): the
// history reads it back, and TxID, the transaction, is what entries written together share.
type actor struct {
	UserID         *int64 `db:"hive_user_id"` // nil for system work
	ImpersonatorID *int64 `db:"hive_impersonator_user_id"`
	UserName       string `db:"hive_user_name"`
	TxID           string `db:"hive_tx_id"`
	IsAdmin        bool   `db:"hive_is_admin"`
	Role           string `db:"hive_role"`
}

// actorOf is the principal in ctx as an actor (TxID aside); the zero actor when there is none.
func actorOf(ctx context.Context) actor {
	var a actor
	if p := auth.FromContext(ctx); p != nil {
		a.UserID, a.UserName, a.IsAdmin, a.Role = &p.UserID, p.FullName(), p.CanAdmin, roleOf(p)
		if p.ImpersonatorID != 0 {
			a.ImpersonatorID = &p.ImpersonatorID
		}
	}
	return a
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
