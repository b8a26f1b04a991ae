package acknowledge

import (
	"context"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/platform/database"
)

// sweepBatch bounds one sweep's work; the next round takes the rest.
const sweepBatch = 500

// nudge is one of the two times a change waits for: who is told (the event's kind), the
// delivery mark that says it was, and the client's time for it.
type nudge struct {
	kind   events.Kind
	column string // reminded_at or escalated_at
	wait   func(bookingrules.Rules) time.Duration
}

var (
	reminder   = nudge{events.InstructionChangeReminder, "reminded_at", bookingrules.Rules.ChangeReminder}
	escalation = nudge{events.InstructionChangeUnacknowledged, "escalated_at", bookingrules.Rules.ChangeEscalation}
)

// RemindDue reminds each freelancer, once, of a change they have not acknowledged after the
// change reminder of the booking's client (2 h by default): a deadlines.Sweep.
func RemindDue(ctx context.Context, db *database.DB) (int, error) { return sweep(ctx, db, reminder) }

// EscalateDue tells the managers of the booking's department, once, of a change still not
// acknowledged after the client's change escalation (12 h by default): a deadlines.Sweep.
func EscalateDue(ctx context.Context, db *database.DB) (int, error) {
	return sweep(ctx, db, escalation)
}

// sweep emits n's event for every mark of a placement not yet ended that has waited the time of
// its client. Each is claimed by setting n's column with a conditional update in the
// transaction that emits the event (which the notifications worker delivers), so with several
// nodes exactly one tells it. The column is a delivery mark, like an offer's reminded_at: it is
// neither audited nor versioned; the event is its record.
func sweep(ctx context.Context, db *database.DB, n nudge) (int, error) {
	now := db.Now()
	var entities []int64
	if err := db.Select(ctx, &entities, `SELECT DISTINCT d.client_id FROM instruction_acknowledgements a
		JOIN placements p ON p.id = a.placement_id JOIN bookings b ON b.id = p.booking_id
		JOIN departments d ON d.id = b.department_id WHERE a.`+n.column+` IS NULL AND p.end_at > ?`, now); err != nil {
		return 0, err
	}
	total := 0
	for _, entity := range entities {
		rules, err := bookingrules.For(ctx, db, entity)
		if err != nil {
			return total, err
		}
		var ids []int64
		if err := db.Select(ctx, &ids, `SELECT a.instruction_id FROM instruction_acknowledgements a
			JOIN placements p ON p.id = a.placement_id JOIN bookings b ON b.id = p.booking_id
			JOIN departments d ON d.id = b.department_id
			WHERE a.`+n.column+` IS NULL AND p.end_at > ? AND a.since <= ? AND d.client_id = ?
			ORDER BY a.since, a.instruction_id LIMIT ?`, now, now.Add(-n.wait(rules)), entity, sweepBatch); err != nil {
			return total, err
		}
		sent, err := deadlines.Each(ids, func(id int64) (bool, error) { return nudgeOne(ctx, db, n, id) })
		total += sent
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// nudgeOne claims and tells instruction id's nudge; false when another node claimed it or the
// change was acknowledged or cleared meanwhile.
func nudgeOne(ctx context.Context, db *database.DB, n nudge, id int64) (bool, error) {
	sent := false
	err := db.InTx(ctx, func(tx *database.Tx) error {
		claimed, err := tx.Exec(ctx, `UPDATE instruction_acknowledgements SET `+n.column+` = ? WHERE instruction_id = ?
			AND `+n.column+` IS NULL`, tx.Now, id)
		if err != nil || claimed == 0 {
			return err
		}
		t, err := bookings.StatusTarget(ctx, tx, id)
		if err != nil || t.Change.Change == nil {
			return err
		}
		sent = true
		return bookings.Emit(ctx, tx, events.Event{Kind: n.kind, BookingID: t.BookingID, PlacementID: t.PlacementID,
			InstructionID: id, UserID: t.UserID, Payload: map[string]any{"since": t.Change.Change.Since,
				"fields": t.Change.Change.Fields}})
	})
	return sent, err
}
