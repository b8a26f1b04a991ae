package timesheets

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Change is a freelancer's correction of a timesheet: each field set is changed. Times are
// local "HH:mm" on the placement's date in its zone (an end at or before the start is the next
// day). Expenses, when set, replace the list: an item with the ID of an existing expense keeps
// its receipt.
type Change struct {
	StartTime    *string
	EndTime      *string
	BreakMinutes *int
	Note         *string
	Expenses     *[]ExpenseChange
	Version      int
}

// ExpenseChange is one expense of a Change (ID 0: a new one).
type ExpenseChange struct {
	ID          int64
	Description string
	AmountMinor int64
	Currency    string
}

// payOf is r's pay under rules, for its actual period and breaks.
func payOf(r Row, rules BillingRules) Pay {
	return ComputePay(PayInput{Start: r.StartAt, End: r.EndAt, BreakMinutes: r.BreakMinutes, RateMinor: r.RateMinor,
		RatePeriod: r.RatePeriod, OvertimeThresholdMinutes: rules.OvertimeThresholdMinutes,
		OvertimeMultiplierPct: rules.OvertimeMultiplierPct})
}

// apply is c applied to r (its times, breaks, note), checked: the rule of a correction.
func (c Change) apply(r *Row) error {
	var v apperror.Invalid
	if c.StartTime != nil || c.EndTime != nil {
		start, end := LocalTime(r.StartAt, r.Timezone), LocalTime(r.EndAt, r.Timezone)
		if c.StartTime != nil {
			start = *c.StartTime
		}
		if c.EndTime != nil {
			end = *c.EndTime
		}
		s, e, err := Period(r.LocalDate, r.Timezone, start, end)
		if err != nil {
			return err
		}
		r.StartAt, r.EndAt = s, e
	}
	if c.BreakMinutes != nil {
		r.BreakMinutes = *c.BreakMinutes
	}
	if r.BreakMinutes < 0 || time.Duration(r.BreakMinutes)*time.Minute > r.EndAt.Sub(r.StartAt) {
		v.Add("breakMinutes", MsgBreaks)
	}
	if c.Note != nil {
		r.Note = strings.TrimSpace(*c.Note)
		if len([]rune(r.Note)) > maxNoteLength {
			v.Add("note", "A note is at most 2000 characters.")
		}
	}
	if c.Expenses != nil {
		if len(*c.Expenses) > maxExpenses {
			v.Add("expenses", MsgExpenseCount)
		}
		for i, e := range *c.Expenses {
			if e.AmountMinor <= 0 || e.AmountMinor > maxExpenseMinor {
				v.Add("expenses["+strconv.Itoa(i)+"].amountMinor", MsgExpenseAmount)
			}
			if !slices.Contains(Currencies, e.Currency) {
				v.Add("expenses["+strconv.Itoa(i)+"].currency", MsgCurrency)
			}
		}
	}
	return v.Err()
}

// Update applies a freelancer's change to timesheet id when it is still editable and at the
// version read, keeps its pay, and records it. It returns the blob keys of the receipts of the
// expenses the change removed, which the caller deletes from the blob store.
func (s *Store) Update(ctx context.Context, id int64, c Change) (Row, []string, error) {
	var out Row
	var dropped []string
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		r, err := get(ctx, tx, id)
		if err != nil {
			return err
		}
		if !Editable(r.Status) {
			return apperror.Conflict(MsgNotEditable)
		}
		if r.Version != c.Version {
			return apperror.Conflict(MsgStale)
		}
		if err := c.apply(&r); err != nil {
			return err
		}
		rules, err := RulesFor(ctx, tx, r.ClientEntityID)
		if err != nil {
			return err
		}
		pay := payOf(r, rules)
		n, err := tx.Exec(ctx, `UPDATE timesheets SET start_at = ?, end_at = ?, break_minutes = ?, note = ?,
			worked_minutes = ?, overtime_minutes = ?, base_minor = ?, overtime_minor = ?, amount_minor = ?, updated_at = ?,
			version = version + 1 WHERE id = ? AND version = ?`, r.StartAt, r.EndAt, r.BreakMinutes, r.Note,
			pay.WorkedMinutes, pay.OvertimeMinutes, pay.BaseMinor, pay.OvertimeMinor, pay.AmountMinor, tx.Now, id, c.Version)
		if err != nil {
			return err
		}
		if n == 0 {
			return apperror.Conflict(MsgStale)
		}
		if c.Expenses != nil {
			if dropped, err = replaceExpenses(ctx, tx, id, *c.Expenses); err != nil {
				return err
			}
		}
		if out, err = get(ctx, tx, id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Update, audit.SourceTimesheet, id, auditRow(out))
	})
	if err != nil {
		return Row{}, nil, err
	}
	return out, dropped, nil
}

// replaceExpenses makes id's expenses exactly list, in its order: items naming an existing
// expense update it (its receipt kept), new ones are inserted, the rest deleted. It returns the
// receipt keys of the deleted ones.
func replaceExpenses(ctx context.Context, tx *database.Tx, id int64, list []ExpenseChange) ([]string, error) {
	var rows []struct {
		ID  int64  `db:"id"`
		Key string `db:"receipt_key"`
	}
	if err := tx.Select(ctx, &rows, `SELECT id, receipt_key FROM timesheet_expenses WHERE timesheet_id = ?`, id); err != nil {
		return nil, err
	}
	existing := make([]int64, len(rows))
	for i, r := range rows {
		existing[i] = r.ID
	}
	keep := []int64{}
	for i, e := range list {
		if e.ID != 0 {
			if !slices.Contains(existing, e.ID) {
				return nil, apperror.Field("expenses["+strconv.Itoa(i)+"].id", MsgExpenseNotFound)
			}
			keep = append(keep, e.ID)
			if _, err := tx.Exec(ctx, `UPDATE timesheet_expenses SET position = ?, description = ?, amount_minor = ?,
				currency = ? WHERE id = ?`, i, strings.TrimSpace(e.Description), e.AmountMinor, e.Currency, e.ID); err != nil {
				return nil, err
			}
			continue
		}
		var nid int64
		if err := tx.Get(ctx, &nid, `INSERT INTO timesheet_expenses (timesheet_id, position, description, amount_minor,
			currency, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, id, i, strings.TrimSpace(e.Description),
			e.AmountMinor, e.Currency, tx.Now); err != nil {
			return nil, err
		}
		keep = append(keep, nid)
	}
	var dropped []string
	for _, old := range rows {
		if !slices.Contains(keep, old.ID) {
			if _, err := tx.Exec(ctx, `DELETE FROM timesheet_expenses WHERE id = ?`, old.ID); err != nil {
				return nil, err
			}
			if old.Key != "" {
				dropped = append(dropped, old.Key)
			}
		}
	}
	return dropped, nil
}

// Submit submits timesheets ids, all or none: each must be to fill or disputed. Each is due an
// answer by its client's dispute window from now.
func (s *Store) Submit(ctx context.Context, ids []int64, by int64) ([]Row, error) {
	out := make([]Row, 0, len(ids))
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		for _, id := range ids {
			r, err := get(ctx, tx, id)
			if err != nil {
				return err
			}
			if !Editable(r.Status) {
				return apperror.Conflict(MsgNotSubmittable)
			}
			rules, err := RulesFor(ctx, tx, r.ClientEntityID)
			if err != nil {
				return err
			}
			pay := payOf(r, rules)
			n, err := tx.Exec(ctx, `UPDATE timesheets SET status = ?, submitted_at = ?, submitted_by = ?, approve_by = ?,
				worked_minutes = ?, overtime_minutes = ?, base_minor = ?, overtime_minor = ?, amount_minor = ?,
				updated_at = ?, version = version + 1 WHERE id = ? AND status IN (?, ?)`, StatusSubmitted, tx.Now, by,
				tx.Now.Add(rules.DisputeWindow()), pay.WorkedMinutes, pay.OvertimeMinutes, pay.BaseMinor, pay.OvertimeMinor,
				pay.AmountMinor, tx.Now, id, StatusToFill, StatusDisputed)
			if err != nil {
				return err
			}
			if n == 0 {
				return apperror.Conflict(MsgNotSubmittable)
			}
			if r, err = recorded(ctx, tx, id, events.TimesheetSubmitted, nil); err != nil {
				return err
			}
			out = append(out, r)
		}
		return nil
	})
	return out, err
}

// Approve approves submitted timesheet id for approver (0: Hive, when the dispute window
// passed), its pay worked out once more under the client's rules of now and kept from then on.
func (s *Store) Approve(ctx context.Context, id int64, approver int64) (Row, error) {
	var out Row
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		out, err = approve(ctx, tx, id, approver)
		return err
	})
	return out, err
}

func approve(ctx context.Context, tx *database.Tx, id int64, approver int64) (Row, error) {
	r, err := get(ctx, tx, id)
	if err != nil {
		return Row{}, err
	}
	if r.Status != StatusSubmitted {
		return Row{}, apperror.Conflict(MsgNotAnswerable)
	}
	rules, err := RulesFor(ctx, tx, r.ClientEntityID)
	if err != nil {
		return Row{}, err
	}
	pay := payOf(r, rules)
	var by *int64
	if approver != 0 {
		by = &approver
	}
	n, err := tx.Exec(ctx, `UPDATE timesheets SET status = ?, approved_at = ?, approved_by = ?, auto_approved = ?,
		approve_by = NULL, worked_minutes = ?, overtime_minutes = ?, base_minor = ?, overtime_minor = ?, amount_minor = ?,
		updated_at = ?, version = version + 1 WHERE id = ? AND status = ?`, StatusApproved, tx.Now, by, approver == 0,
		pay.WorkedMinutes, pay.OvertimeMinutes, pay.BaseMinor, pay.OvertimeMinor, pay.AmountMinor, tx.Now, id,
		StatusSubmitted)
	if err != nil {
		return Row{}, err
	}
	if n == 0 {
		return Row{}, apperror.Conflict(MsgNotAnswerable)
	}
	return recorded(ctx, tx, id, events.TimesheetApproved, nil)
}

// Dispute sends submitted timesheet id back to its freelancer with reason.
func (s *Store) Dispute(ctx context.Context, id int64, reason string, by int64) (Row, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Row{}, apperror.Field("reason", MsgReasonRequired)
	}
	if len([]rune(reason)) > maxReasonLength {
		return Row{}, apperror.Field("reason", "A reason is at most 1000 characters.")
	}
	var out Row
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		n, err := tx.Exec(ctx, `UPDATE timesheets SET status = ?, dispute_reason = ?, disputed_at = ?, disputed_by = ?,
			approve_by = NULL, updated_at = ?, version = version + 1 WHERE id = ? AND status = ?`, StatusDisputed, reason,
			tx.Now, by, tx.Now, id, StatusSubmitted)
		if err != nil {
			return err
		}
		if n == 0 {
			if _, err := get(ctx, tx, id); err != nil {
				return err
			}
			return apperror.Conflict(MsgNotAnswerable)
		}
		out, err = recorded(ctx, tx, id, events.TimesheetDisputed, map[string]any{"reason": reason})
		return err
	})
	return out, err
}

// recorded reads timesheet id back after a step, audits it and emits the step's event (to its
// freelancer or its department's managers, as notifications' fan-out decides).
func recorded(ctx context.Context, tx *database.Tx, id int64, kind events.Kind, payload map[string]any) (Row, error) {
	r, err := get(ctx, tx, id)
	if err != nil {
		return Row{}, err
	}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceTimesheet, id, auditRow(r)); err != nil {
		return Row{}, err
	}
	return r, emit(ctx, tx, r, kind, payload)
}

func emit(ctx context.Context, tx *database.Tx, r Row, kind events.Kind, payload map[string]any) error {
	if payload == nil {
		payload = map[string]any{}
	}
	payload["timesheetId"] = r.ID
	return events.Emit(ctx, tx, events.Event{Kind: kind, BookingID: r.BookingID, PlacementID: r.PlacementID,
		InstructionID: r.InstructionID, UserID: r.UserID, Payload: payload})
}

// auditRow is what the history keeps of a timesheet after a change.
func auditRow(r Row) map[string]any {
	return map[string]any{"instructionId": r.InstructionID, "bookingId": r.BookingID, "placementId": r.PlacementID,
		"userId": r.UserID, "departmentId": r.DepartmentID, "status": r.Status, "start": r.StartAt, "end": r.EndAt,
		"breakMinutes": r.BreakMinutes, "note": r.Note, "disputeReason": r.DisputeReason, "workedMinutes": r.WorkedMinutes,
		"overtimeMinutes": r.OvertimeMinutes, "amountMinor": r.AmountMinor, "currency": r.Currency,
		"autoApproved": r.AutoApproved, "expenses": r.Expenses}
}
