package invoices

import (
	"context"
	"time"

	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/platform/database"
)

// overdueBatch bounds the invoices one sweep tells about.
const overdueBatch = 200

// NotifyOverdue is the deadlines worker's sweep for invoices past their due date: each issued
// invoice (not a credit note, not paid, not void) whose due date is before today (the clock's
// UTC date, as Overdue reads it) is told once, to the freelancer whose work its first line bills
// and to the managers of that line's booking's department. The claim is overdue_told_at, set in
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
			var first struct {
				BookingID int64  `db:"booking_id"`
				UserID    *int64 `db:"user_id"`
			}
			if err := tx.Get(ctx, &first, `SELECT booking_id, user_id FROM invoice_lines WHERE invoice_id = ?
				ORDER BY position LIMIT 1`, id); err != nil {
				return err
			}
			var user int64
			if first.UserID != nil {
				user = *first.UserID
			}
			told = true
			return events.Emit(ctx, tx, events.Event{Kind: events.InvoiceOverdue, BookingID: first.BookingID, UserID: user,
				Payload: map[string]any{"invoiceId": id, "invoiceNumber": doc.Number, "dueDate": doc.Due}})
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
