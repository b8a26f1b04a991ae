package deadlines

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// sweepBatch bounds one sweep's work; the next round takes the rest.
const sweepBatch = 500

// ExpireDue cancels, on the client side with ReasonOfferExpired, every offer whose answer-by
// time has come while the freelancer has not answered, each in its own transaction through the
// status machine's write path (bookings.ChangeStatus, as a manager's cancellation but with no principal),
// so it is audited, emits instruction.status and runs whatever that path runs. With several
// nodes sweeping at once, the version check of the write lets one win; the others skip the
// offer quietly. It answers how many offers this call expired.
func ExpireDue(ctx context.Context, db *database.DB) (int, error) {
	var ids []int64
	if err := db.Select(ctx, &ids, `SELECT i.id FROM instructions i JOIN placements p ON p.id = i.placement_id
		WHERE i.answer_by IS NOT NULL AND i.supplier_status = 'awaiting_response' AND i.deleted_at IS NULL
		AND i.answer_by <= ? AND i.client_status NOT IN ('cancelled', 'rejected') AND p.deleted_at IS NULL
		ORDER BY i.answer_by, i.id LIMIT ?`, db.Now(), sweepBatch); err != nil {
		return 0, err
	}
	return Each(ids, func(id int64) (bool, error) { return expireOne(ctx, db, id) })
}

// expireOne expires instruction id if it is still due when its transaction reads it; false
// when it is not (answered or cancelled meanwhile) or another node expired it first.
func expireOne(ctx context.Context, db *database.DB, id int64) (bool, error) {
	expired := false
	err := db.InTx(ctx, func(tx *database.Tx) error {
		t, err := bookings.StatusTarget(ctx, tx, id)
		if err != nil || !expiresAt(t.InstructionRow, tx.Now) {
			return err
		}
		expired = true
		return bookings.ChangeStatus(ctx, tx, t, status.Change{Side: status.Client, To: status.Cancelled,
			Reason: bookings.ReasonOfferExpired}, status.ActorManager)
	})
	if lostRace(err) {
		return false, nil
	}
	return expired && err == nil, err
}

// RemindDue tells each freelancer, once, that an offer they have not answered expires soon: at
// its answer-by time minus the reminder lead of the booking's client (bookingrules, 2 h by
// default). Each reminder is claimed by setting reminded_at with a conditional update in the
// transaction that emits instruction.answer_reminder (which the notifications worker delivers),
// so with several nodes exactly one sends it. reminded_at is a delivery mark, like
// booking_events.delivered_at: it is not the instruction's data, so it is neither audited nor
// versioned (a reader's version does not go stale because of a reminder); the event is its
// record. It answers how many reminders this call sent.
func RemindDue(ctx context.Context, db *database.DB) (int, error) {
	now := db.Now()
	// The clients with offers still to remind, each with its own lead: a few rows, from the
	// partial index of offers awaiting an answer.
	var entities []int64
	if err := db.Select(ctx, &entities, `SELECT DISTINCT d.client_id FROM instructions i
		JOIN bookings b ON b.id = i.booking_id JOIN departments d ON d.id = b.department_id
		WHERE i.answer_by IS NOT NULL AND i.supplier_status = 'awaiting_response' AND i.deleted_at IS NULL
		AND i.answer_by > ? AND i.reminded_at IS NULL`, now); err != nil {
		return 0, err
	}
	n := 0
	for _, entity := range entities {
		rules, err := bookingrules.For(ctx, db, entity)
		if err != nil {
			return n, err
		}
		sent, err := remindEntity(ctx, db, entity, now, rules.AnswerReminder())
		n += sent
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// remindEntity sends the reminders due at now of entity's offers, lead before their time.
func remindEntity(ctx context.Context, db *database.DB, entity int64, now time.Time, lead time.Duration) (int, error) {
	var ids []int64
	if err := db.Select(ctx, &ids, `SELECT i.id FROM instructions i JOIN placements p ON p.id = i.placement_id
		JOIN bookings b ON b.id = i.booking_id JOIN departments d ON d.id = b.department_id
		WHERE i.answer_by IS NOT NULL AND i.supplier_status = 'awaiting_response' AND i.deleted_at IS NULL
		AND i.answer_by > ? AND i.answer_by <= ? AND i.reminded_at IS NULL AND d.client_id = ?
		AND i.client_status NOT IN ('cancelled', 'rejected') AND p.deleted_at IS NULL
		ORDER BY i.answer_by, i.id LIMIT ?`, now, now.Add(lead), entity, sweepBatch); err != nil {
		return 0, err
	}
	return Each(ids, func(id int64) (bool, error) { return remindOne(ctx, db, id) })
}

// remindOne claims and sends instruction id's reminder; false when another node claimed it or
// it was answered, cancelled or expired meanwhile.
func remindOne(ctx context.Context, db *database.DB, id int64) (bool, error) {
	sent := false
	err := db.InTx(ctx, func(tx *database.Tx) error {
		claimed, err := tx.Exec(ctx, `UPDATE instructions SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL
			AND answer_by > ? AND supplier_status = 'awaiting_response' AND client_status NOT IN ('cancelled', 'rejected')
			AND deleted_at IS NULL`, tx.Now, id, tx.Now)
		if err != nil || claimed == 0 {
			return err
		}
		var r struct {
			BookingID   int64     `db:"booking_id"`
			PlacementID int64     `db:"placement_id"`
			UserID      int64     `db:"user_id"`
			AnswerBy    time.Time `db:"answer_by"`
		}
		if err := tx.Get(ctx, &r, `SELECT booking_id, placement_id, user_id, answer_by FROM instructions WHERE id = ?`, id); err != nil {
			return err
		}
		sent = true
		return bookings.Emit(ctx, tx, events.Event{Kind: events.InstructionAnswerReminder, BookingID: r.BookingID,
			PlacementID: r.PlacementID, InstructionID: id, UserID: r.UserID,
			Payload: map[string]any{"answerBy": bookings.WireTime(r.AnswerBy.UTC())}})
	})
	return sent && err == nil, err
}

// Store sets answer-by times.
type Store struct{ DB *database.DB }

// SetAnswerBy sets (or, with nil, clears) the answer-by time of every instruction in ids, all or
// none: each must be an offer still awaiting its freelancer's answer, managed by p, and the time
// must be in the future and not after its placement's start. A new time earns a new reminder.
func (s *Store) SetAnswerBy(ctx context.Context, p *auth.Principal, ids []int64, answerBy *time.Time) (int, error) {
	return bookings.AllOrNone(ctx, s.DB, ids, func(i int, id int64) string { return fmt.Sprintf("Instruction %d (item %d)", id, i+1) },
		func(tx *database.Tx, id int64) error { return setAnswerBy(ctx, tx, p, id, answerBy) })
}

func setAnswerBy(ctx context.Context, tx *database.Tx, p *auth.Principal, id int64, answerBy *time.Time) error {
	t, err := bookings.StatusTarget(ctx, tx, id)
	if err != nil {
		return err
	}
	if actor, err := bookings.ActorFor(p, t); err != nil {
		return err
	} else if actor != status.ActorManager {
		return apperror.Forbidden()
	}
	if !t.State().Live() || status.Status(t.SupplierStatus) != status.Awaiting {
		return apperror.Conflict(bookings.MsgAnswerByNotAwaiting)
	}
	if answerBy != nil {
		if err := bookings.AnswerByWithin(*answerBy, tx.Now, t.StartAt); err != nil {
			return err
		}
	}
	n, err := tx.Exec(ctx, `UPDATE instructions SET answer_by = ?, reminded_at = NULL, modified_by = ?, updated_at = ?,
		version = version + 1 WHERE id = ? AND version = ?`, answerBy, bookings.ActorID(ctx), tx.Now, t.ID, t.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(bookings.MsgInstructionStale)
	}
	row := map[string]any{"answerBy": answerBy, "version": t.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, t.ID, row); err != nil {
		return err
	}
	return bookings.Emit(ctx, tx, events.Event{Kind: events.InstructionAnswerBy, BookingID: t.BookingID,
		PlacementID: t.PlacementID, InstructionID: t.ID, UserID: t.UserID, Payload: row})
}
