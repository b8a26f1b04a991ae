package timesheets

import (
	"context"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// The timesheets' timed rules, run by the deadlines worker (a Sweep each): create the
// timesheets of work that has ended, and approve those whose dispute window has passed.

// lookBack is how far back a round looks for ended work when it has no timesheet to start from,
// and how far back a freelancer's own list looks: work confirmed that long after it ended gets
// no timesheet by itself.
const lookBack = 62 * 24 * time.Hour

// overlap is how far before the latest timesheet's end a round looks again, for work confirmed
// by both sides a little after it ended.
const overlap = 72 * time.Hour

// sweepBatch is the most rows one round takes; the next round goes on.
const sweepBatch = 500

// CreateDue creates the timesheets of the instructions accepted by both sides whose placement
// has ended since the latest timesheet's end (less overlap; lookBack when there is none), each
// pre-filled from its placement and paid by its client's rules, told to its freelancer.
func CreateDue(ctx context.Context, db *database.DB) (int, error) {
	now := db.Now()
	since := now.Add(-lookBack)
	var latest []time.Time
	if err := db.Select(ctx, &latest, `SELECT scheduled_end_at FROM timesheets ORDER BY scheduled_end_at DESC LIMIT 1`); err != nil {
		return 0, err
	}
	if len(latest) == 1 && latest[0].Add(-overlap).After(since) {
		since = latest[0].Add(-overlap)
	}
	return createEnded(ctx, db, since, now, 0)
}

// CreateDueFor creates user's timesheets of work ended within lookBack: a freelancer's list
// shows them at once, without waiting for the worker's next round.
func CreateDueFor(ctx context.Context, db *database.DB, user int64) (int, error) {
	now := db.Now()
	return createEnded(ctx, db, now.Add(-lookBack), now, user)
}

func createEnded(ctx context.Context, db *database.DB, since, until time.Time, user int64) (int, error) {
	created := 0
	for {
		works, err := reads.EndedConfirmedWork(ctx, db, since, until, user, sweepBatch)
		if err != nil || len(works) == 0 {
			return created, err
		}
		n, err := createFrom(ctx, db, works)
		created += n
		if err != nil || len(works) < sweepBatch {
			return created, err
		}
		// Go on from just before the last row's end, so rows ending at that instant on both
		// sides of the batch are all read (ON CONFLICT skips those made); when one instant fills
		// the whole batch, from that instant, so the loop moves on.
		first, last := works[0].EndAt, works[len(works)-1].EndAt
		since = last.Add(-time.Nanosecond)
		if first.Equal(last) {
			since = last
		}
	}
}

// createFrom inserts a timesheet for each of works that has none, in one transaction.
func createFrom(ctx context.Context, db *database.DB, works []reads.EndedWork) (int, error) {
	created := 0
	err := db.InTx(ctx, func(tx *database.Tx) error {
		rules := map[int64]BillingRules{}
		for _, w := range works {
			r, ok := rules[w.ClientEntityID]
			if !ok {
				var err error
				if r, err = RulesFor(ctx, tx, w.ClientEntityID); err != nil {
					return err
				}
				rules[w.ClientEntityID] = r
			}
			pay := ComputePay(PayInput{Start: w.StartAt, End: w.EndAt, BreakMinutes: w.UnpaidBreaks, RateMinor: w.RateMinor,
				RatePeriod: w.Period, OvertimeThresholdMinutes: r.OvertimeThresholdMinutes,
				OvertimeMultiplierPct: r.OvertimeMultiplierPct})
			var ids []int64
			if err := tx.Select(ctx, &ids, `INSERT INTO timesheets (instruction_id, booking_id, placement_id, user_id,
				department_id, client_entity_id, supplier_legal_entity_id, client_legal_entity_id, job_title, placement_title,
				ir35, local_date, timezone, scheduled_start_at, scheduled_end_at, scheduled_break_minutes, start_at, end_at,
				break_minutes, rate_minor, currency, rate_period, worked_minutes, overtime_minutes, base_minor, overtime_minor,
				amount_minor, status, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (instruction_id) DO NOTHING RETURNING id`, w.InstructionID, w.BookingID, w.PlacementID,
				w.UserID, w.DepartmentID, w.ClientEntityID, w.SupplierLegalEntityID, w.ClientLegalEntityID, w.JobTitle,
				w.PlacementTitle, w.IR35, w.LocalDate, w.Timezone, w.StartAt, w.EndAt, w.UnpaidBreaks, w.StartAt, w.EndAt,
				w.UnpaidBreaks, w.RateMinor, w.Currency, w.Period, pay.WorkedMinutes, pay.OvertimeMinutes, pay.BaseMinor,
				pay.OvertimeMinor, pay.AmountMinor, StatusToFill, tx.Now, tx.Now); err != nil {
				return err
			}
			if len(ids) == 0 {
				continue // it has one already
			}
			row, err := get(ctx, tx, ids[0])
			if err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Insert, audit.SourceTimesheet, row.ID, auditRow(row)); err != nil {
				return err
			}
			if err := emit(ctx, tx, row, events.TimesheetDue, nil); err != nil {
				return err
			}
			created++
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return created, nil
}

// AutoApproveDue approves, as Hive, the submitted timesheets whose client's dispute window has
// passed unanswered. Safe on several nodes at once: the conditional update decides who acts.
func AutoApproveDue(ctx context.Context, db *database.DB) (int, error) {
	var ids []int64
	if err := db.Select(ctx, &ids, `SELECT id FROM timesheets WHERE status = ? AND approve_by <= ? ORDER BY approve_by, id
		LIMIT ?`, StatusSubmitted, db.Now(), sweepBatch); err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		err := db.InTx(ctx, func(tx *database.Tx) error {
			_, err := approve(ctx, tx, id, 0)
			return err
		})
		if lostRace(err) {
			continue // answered meanwhile, or by another node
		}
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
