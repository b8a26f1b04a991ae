package invitations

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/hive/hive/internal/platform/database"
)

// EventKind names what happened to an invitation.
type EventKind string

// EventSent is an invitation sent: created, or sent again with a fresh link after the last
// one expired. It is the only kind so far; an answer writes no event.
const EventSent EventKind = "invitation.sent"

// EventPayload is what an invitation event carries, as it was when the invitation was sent:
// what the notification of it says (docs/notifications.md, 'Invitation to an entity').
type EventPayload struct {
	EntityName  string `json:"entityName"`
	InviterName string `json:"inviterName"`
	Purpose     string `json:"purpose"`
	Message     string `json:"message"`
}

// sentEvent is an invitation sent, as the store records it.
type sentEvent struct {
	InvitationID, EntityID int64
	UserID                 sql.NullInt64 // the account it is bound to; none for a new address
	ActorID                sql.NullInt64 // who sent it
	Payload                EventPayload
}

// emitSent stores ev in tx, the transaction of the invitation's write, so the event exists
// exactly when the invitation does. It is the only writer of invitation_events; the
// notification worker reads and delivers them (internal/notifications).
func emitSent(ctx context.Context, tx *database.Tx, ev sentEvent) error {
	data, err := json.Marshal(ev.Payload)
	if err != nil {
		return fmt.Errorf("invitation event: %w", err)
	}
	_, err = tx.Exec(ctx, `INSERT INTO invitation_events (kind, invitation_id, entity_id, user_id, actor_user_id,
		payload_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		string(EventSent), ev.InvitationID, ev.EntityID, ev.UserID, ev.ActorID, string(data), tx.Now)
	if err != nil {
		return fmt.Errorf("invitation event: %w", err)
	}
	return nil
}
