package timesheets

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// lineColumns are a Line's columns of the timesheets table.
const lineColumns = `id, instruction_id, booking_id, user_id, department_id, client_entity_id,
	COALESCE(supplier_legal_entity_id, 0) AS supplier_legal_entity_id,
	COALESCE(client_legal_entity_id, 0) AS client_legal_entity_id, currency, local_date, job_title,
	placement_title, ir35, start_at, end_at, break_minutes, rate_minor, rate_period, worked_minutes,
	overtime_minutes, base_minor, overtime_minor, amount_minor, approved_at`

// ApprovedLines is the approved timesheets that filter selects, by date then id, each with its
// expenses: what invoicing reads. It runs on the database or inside the caller's transaction.
func ApprovedLines(ctx context.Context, q database.Reader, f LineFilter) ([]Line, error) {
	var w database.Where
	w.Add(`status = ?`, StatusApproved)
	w.In(`id`, f.TimesheetIDs)
	w.In(`supplier_legal_entity_id`, f.SupplierLegalEntityIDs)
	w.In(`client_legal_entity_id`, f.ClientLegalEntityIDs)
	w.In(`client_entity_id`, f.ClientEntityIDs)
	if f.Currency != "" {
		w.Add(`currency = ?`, f.Currency)
	}
	if f.StartDate != "" {
		w.Add(`local_date >= ?`, f.StartDate)
	}
	if f.EndDate != "" {
		w.Add(`local_date <= ?`, f.EndDate)
	}
	if f.AfterID > 0 {
		w.Add(`id > ?`, f.AfterID)
	}
	query := `SELECT ` + lineColumns + ` FROM timesheets` + w.SQL()
	args := w.Args()
	if f.AfterID > 0 || f.Limit > 0 {
		query += ` ORDER BY id`
	} else {
		query += ` ORDER BY local_date, id`
	}
	if f.Limit > 0 {
		query += ` LIMIT ?`
		args = append(args, f.Limit)
	}
	var lines []Line
	if err := q.Select(ctx, &lines, query, args...); err != nil {
		return nil, err
	}
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = l.TimesheetID
	}
	expenses, err := expensesOf(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	for i := range lines {
		lines[i].Expenses = expenses[lines[i].TimesheetID]
		if lines[i].Expenses == nil {
			lines[i].Expenses = []Expense{}
		}
	}
	return lines, nil
}

// expensesOf is the expenses of the timesheets ids, by timesheet, in their order.
func expensesOf(ctx context.Context, q database.Reader, ids []int64) (map[int64][]Expense, error) {
	out := map[int64][]Expense{}
	for start := 0; start < len(ids); start += 500 {
		chunk := ids[start:min(start+500, len(ids))]
		marks, args := database.In(chunk)
		var rows []Expense
		if err := q.Select(ctx, &rows, `SELECT id, timesheet_id, description, amount_minor, currency, receipt_key,
			receipt_name, receipt_type, receipt_size FROM timesheet_expenses WHERE timesheet_id IN (`+marks+`)
			ORDER BY timesheet_id, position, id`, args...); err != nil {
			return nil, err
		}
		for _, e := range rows {
			out[e.TimesheetID] = append(out[e.TimesheetID], e)
		}
	}
	return out, nil
}
