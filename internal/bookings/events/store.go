package events

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Emit stores ev in tx, with the acting user from ctx (and the cause, when Hive acts in turn:
// InTurn). It is the only writer of booking_events.
func Emit(ctx context.Context, tx *database.Tx, ev Event) error {
	payload := ev.Payload
	if payload == nil {
		payload = map[string]any{}
	}
	if c, ok := ctx.Value(causeKey{}).(Cause); ok {
		payload = maps.Clone(payload)
		payload["inTurn"] = c
	}
	data, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("event %s: %w", ev.Kind, err)
	}
	var actor *int64
	if p := auth.FromContext(ctx); p != nil {
		actor = &p.UserID
	}
	_, err = tx.Exec(ctx, `INSERT INTO booking_events (kind, booking_id, placement_id, instruction_id, user_id,
		actor_user_id, payload_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		string(ev.Kind), ev.BookingID, nullable(ev.PlacementID), nullable(ev.InstructionID), nullable(ev.UserID),
		actor, string(data), tx.Now)
	return err
}

func nullable(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}
