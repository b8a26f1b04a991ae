package invoices

import (
	"context"
	"slices"
	"time"

	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/platform/database"
)

// overdueBatch bounds the invoices one sweep tells about.
const overdueBatch = 200

// NotifyOverdue is the deadlines worker's sweep for invoices past their due date: each issued
// invoice (not a credit note, not paid, not void) whose due date is before today (the clock's
// UTC date, as Overdue reads it) is told once, to every freelancer whose work one of its lines
// bills and to the managers of every department one of its lines bills, each person once (one
// event naming them all, on the booking of its first line). The claim is overdue_told_at, set in
// the same transaction as the event only while still unset and the invoice still issued, so
// several nodes sweeping at once tell each invoice once, and an invoice paid or voided meanwhile
// is never told. It returns how many invoices it told about.
func NotifyOverdue(ctx context.Context, db *database.DB) (int, error) {
	today := db.Now().UTC().Format(time.DateOnly)
	var ids []int64
	if err := db.Select(ctx, &ids, `SELECT id FROM invoices WHERE status = ? AND kind = ? AND due_date < ?
		AND overdue_told_at IS NULL ORDER BY due_date, id LIMIT ?`, StatusIssued, KindInvoice, today, overdueBatch); err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		var told bool
		err := db.InTx(ctx, func(tx *database.Tx) error {
			rows, err := tx.Exec(ctx, `UPDATE invoices SET overdue_told_at = ? WHERE id = ? AND status = ? AND kind = ?
				AND due_date < ? AND overdue_told_at IS NULL`, db.Now(), id, StatusIssued, KindInvoice, today)
			if err != nil {
				return err
			}
			if rows == 0 {
				return nil // paid, voided or told meanwhile, or by another node
			}
			var doc struct {
				Number string `db:"number_text"`
				Due    string `db:"due_date"`
			}
			if err := tx.Get(ctx, &doc, `SELECT number_text, due_date FROM invoices WHERE id = ?`, id); err != nil {
				return err
			}
			// Everyone it concerns: each freelancer with a line (the supplier side) and the
			// departments of the lines, whose managers delivery reads (the client side); one
			// event, so delivery tells each person once.
			var lines []struct {
				BookingID    int64  `db:"booking_id"`
				UserID       *int64 `db:"user_id"`
				DepartmentID int64  `db:"department_id"`
			}
			if err := tx.Select(ctx, &lines, `SELECT booking_id, user_id, department_id FROM invoice_lines
				WHERE invoice_id = ? ORDER BY position`, id); err != nil {
				return err
			}
			if len(lines) == 0 {
				return nil // nothing billed: nobody to tell (the claim stays)
			}
			var users, departments []int64
			for _, l := range lines {
				if l.UserID != nil && !slices.Contains(users, *l.UserID) {
					users = append(users, *l.UserID)
				}
				if !slices.Contains(departments, l.DepartmentID) {
					departments = append(departments, l.DepartmentID)
				}
			}
			var user int64
			if len(users) > 0 {
				user = users[0]
			}
			told = true
			return events.Emit(ctx, tx, events.Event{Kind: events.InvoiceOverdue, BookingID: lines[0].BookingID,
				UserID: user, Payload: map[string]any{"invoiceId": id, "invoiceNumber": doc.Number, "dueDate": doc.Due,
					"userIds": users, "departmentIds": departments}})
		})
		if err != nil {
			return n, err
		}
		if told {
			n++
		}
	}
	return n, nil
}
