package events

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestEmitStoresTheEventWithItsActorInTheSameTransaction(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: 0})
		ev := Event{Kind: InstructionGranted, BookingID: 7, PlacementID: 8, InstructionID: 9, UserID: 10,
			Payload: map[string]any{"supplierStatus": "awaiting_response"}}
		if err := db.InTx(ctx, func(tx *database.Tx) error { return Emit(ctx, tx, ev) }); err != nil {
			t.Fatal(err)
		}
		// A rolled-back change leaves no event behind.
		_ = db.InTx(ctx, func(tx *database.Tx) error {
			if err := Emit(ctx, tx, Event{Kind: PlacementCancelled, BookingID: 7}); err != nil {
				t.Fatal(err)
			}
			return context.Canceled
		})
		var rows []struct {
			Kind        string `db:"kind"`
			Booking     int64  `db:"booking_id"`
			Instruction *int64 `db:"instruction_id"`
			Payload     string `db:"payload_json"`
		}
		if err := db.Select(ctx, &rows, `SELECT kind, booking_id, instruction_id, payload_json FROM booking_events`); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || rows[0].Kind != string(InstructionGranted) || rows[0].Instruction == nil || *rows[0].Instruction != 9 ||
			rows[0].Payload != `{"supplierStatus":"awaiting_response"}` {
			t.Fatalf("events = %+v", rows)
		}
	})
}
