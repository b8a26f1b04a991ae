package timesheets

import (
	"context"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Receipt is an expense's receipt file: where it is kept in the blob store and what it is.
type Receipt struct {
	Key         string `db:"receipt_key"`
	Name        string `db:"receipt_name"`
	ContentType string `db:"receipt_type"`
	Size        int64  `db:"receipt_size"`
}

// ReceiptOf is expense's receipt on timesheet id (404 when the expense is not on it or has none).
func (s *Store) ReceiptOf(ctx context.Context, id, expense int64) (Receipt, error) {
	var r Receipt
	err := s.DB.Get(ctx, &r, `SELECT receipt_key, receipt_name, receipt_type, receipt_size FROM timesheet_expenses
		WHERE id = ? AND timesheet_id = ?`, expense, id)
	if err := database.NotFound(err, "Expense"); err != nil {
		return Receipt{}, err
	}
	if r.Key == "" {
		return Receipt{}, apperror.NotFound("Receipt")
	}
	return r, nil
}

// SetReceipt puts rec (Key empty: none) on expense of timesheet id while the timesheet is
// editable, records the change, and returns the timesheet and the key of the receipt it
// replaced ("" when none), which the caller deletes from the blob store.
func (s *Store) SetReceipt(ctx context.Context, id, expense int64, rec Receipt) (Row, string, error) {
	var out Row
	var old string
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		r, err := get(ctx, tx, id)
		if err != nil {
			return err
		}
		if !Editable(r.Status) {
			return apperror.Conflict(MsgNotEditable)
		}
		err = tx.Get(ctx, &old, `SELECT receipt_key FROM timesheet_expenses WHERE id = ? AND timesheet_id = ?`, expense, id)
		if err := database.NotFound(err, "Expense"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE timesheet_expenses SET receipt_key = ?, receipt_name = ?, receipt_type = ?,
			receipt_size = ? WHERE id = ?`, rec.Key, rec.Name, rec.ContentType, rec.Size, expense); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE timesheets SET updated_at = ? WHERE id = ?`, tx.Now, id); err != nil {
			return err
		}
		if out, err = get(ctx, tx, id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Update, audit.SourceTimesheet, id, auditRow(out))
	})
	if err != nil {
		return Row{}, "", err
	}
	return out, old, nil
}
