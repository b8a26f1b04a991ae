package invoices

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

const invoiceColumns = `i.id, i.kind, i.number, i.number_text, i.supplier_legal_entity_id, i.client_legal_entity_id,
	i.client_entity_id, i.currency, i.period_start, i.period_end, i.issue_date, i.due_date, i.status, i.paid_on,
	i.void_reason, i.credit_for_id, i.vat_registered, i.vat_hundredths, i.net_minor, i.vat_minor, i.total_minor, i.ir35,
	i.parties_json, i.created_at, i.updated_at, i.version,
	(SELECT c.id FROM invoices c WHERE c.credit_for_id = i.id) AS credit_note_id,
	(SELECT o.number_text FROM invoices o WHERE o.id = i.credit_for_id) AS credit_for_number`

const lineColumns = `id, invoice_id, position, kind, timesheet_id, expense_ref, user_id, department_id, booking_id,
	work_date, description, quantity_hundredths, rate_period, unit_minor, amount_minor, ir35`

// Filter selects a page of documents.
type Filter struct {
	UserIDs, DepartmentIDs, LegalEntityIDs []int64
	Status                                 Status // empty for all; StatusOverdue for issued invoices past due
	StartDate, EndDate                     string // issue dates, YYYY-MM-DD, inclusive; empty for open
	Currency                               string
	Today                                  string
	Scope                                  Scope
	Offset, Limit                          int
}

func (f Filter) where() database.Where {
	var w database.Where
	cond, args := f.Scope.condition()
	w.Add(cond, args...)
	if len(f.UserIDs) > 0 {
		in, a := database.In(f.UserIDs)
		w.Add(`EXISTS (SELECT 1 FROM invoice_lines u WHERE u.invoice_id = i.id AND u.user_id IN (`+in+`))`, a...)
	}
	if len(f.DepartmentIDs) > 0 {
		in, a := database.In(f.DepartmentIDs)
		w.Add(`EXISTS (SELECT 1 FROM invoice_lines d WHERE d.invoice_id = i.id AND d.department_id IN (`+in+`))`, a...)
	}
	if len(f.LegalEntityIDs) > 0 {
		in, a := database.In(f.LegalEntityIDs)
		w.Add(`(i.supplier_legal_entity_id IN (`+in+`) OR i.client_legal_entity_id IN (`+in+`))`, append(a, a...)...)
	}
	switch f.Status {
	case "":
	case StatusOverdue:
		w.Add(`i.kind = 'invoice' AND i.status = 'issued' AND i.due_date < ?`, f.Today)
	default:
		w.Add(`i.status = ?`, f.Status)
	}
	if f.StartDate != "" {
		w.Add(`i.issue_date >= ?`, f.StartDate)
	}
	if f.EndDate != "" {
		w.Add(`i.issue_date <= ?`, f.EndDate)
	}
	if f.Currency != "" {
		w.Add(`i.currency = ?`, strings.ToUpper(f.Currency))
	}
	return w
}

// Page is one page of documents with the totals per currency of the whole selection.
type Page struct {
	Items  []Invoice
	Total  int
	Totals []CurrencyTotal
}

// List returns one page of the documents f selects, newest first, with their lines, and the
// totals per currency of all it selects.
func (s *Store) List(ctx context.Context, f Filter) (Page, error) {
	w := f.where()
	cond, args := w.SQL(), w.Args()
	type pageRow struct {
		Invoice
		Total int `db:"total"`
	}
	items, total, err := database.WindowPage(ctx, s.DB, `SELECT `+invoiceColumns+`, COUNT(*) OVER() AS total
		FROM invoices i`+cond+` ORDER BY i.issue_date DESC, i.id DESC`, `SELECT COUNT(*) FROM invoices i`+cond, args,
		f.Limit, f.Offset, func(r pageRow) (Invoice, int) { return r.Invoice, r.Total })
	if err != nil {
		return Page{}, fmt.Errorf("list invoices: %w", err)
	}
	if err := s.withLines(ctx, s.DB, items); err != nil {
		return Page{}, err
	}
	totals := []CurrencyTotal{}
	if err := s.DB.Select(ctx, &totals, `SELECT i.currency,
		COALESCE(SUM(CASE WHEN i.kind = 'invoice' AND i.status <> 'void' THEN i.total_minor ELSE 0 END), 0) AS total_minor,
		COALESCE(SUM(CASE WHEN i.kind = 'invoice' AND i.status = 'issued' THEN i.total_minor ELSE 0 END), 0) AS outstanding_minor,
		COALESCE(SUM(CASE WHEN i.kind = 'invoice' AND i.status = 'issued' AND i.due_date < ? THEN i.total_minor ELSE 0 END), 0)
			AS overdue_minor
		FROM invoices i`+cond+` GROUP BY i.currency ORDER BY i.currency`, append([]any{f.Today}, args...)...); err != nil {
		return Page{}, fmt.Errorf("invoice totals: %w", err)
	}
	return Page{Items: items, Total: total, Totals: totals}, nil
}

// withLines reads the lines and parties of docs.
func (s *Store) withLines(ctx context.Context, q database.Reader, docs []Invoice) error {
	if len(docs) == 0 {
		return nil
	}
	ids := make([]int64, len(docs))
	at := map[int64]int{}
	for i := range docs {
		ids[i] = docs[i].ID
		at[docs[i].ID] = i
		docs[i].Lines = []Line{}
		if err := json.Unmarshal([]byte(docs[i].PartiesJSON), &docs[i].Parties); err != nil {
			return fmt.Errorf("invoice %d parties: %w", docs[i].ID, err)
		}
	}
	in, args := database.In(ids)
	var lines []Line
	if err := q.Select(ctx, &lines, `SELECT `+lineColumns+` FROM invoice_lines WHERE invoice_id IN (`+in+`)
		ORDER BY invoice_id, position`, args...); err != nil {
		return fmt.Errorf("invoice lines: %w", err)
	}
	for _, l := range lines {
		i := at[l.InvoiceID]
		docs[i].Lines = append(docs[i].Lines, l)
	}
	return nil
}

// Invoice returns one document with its lines; not found is N-404.
func (s *Store) Invoice(ctx context.Context, id int64) (Invoice, error) {
	return find(ctx, s.DB, id)
}

func find(ctx context.Context, q database.Reader, id int64) (Invoice, error) {
	var inv Invoice
	if err := q.Get(ctx, &inv, `SELECT `+invoiceColumns+` FROM invoices i WHERE i.id = ?`, id); err != nil {
		return inv, database.NotFound(err, "Invoice")
	}
	docs := []Invoice{inv}
	if err := (&Store{}).withLines(ctx, q, docs); err != nil {
		return inv, err
	}
	return docs[0], nil
}

// Change applies a payment change to document id at version, after allowed (the caller's
// access check, run on the document read in the transaction) passes: paid on a date, or void
// with a reason, which issues the credit note. It returns the document after the change.
func (s *Store) Change(ctx context.Context, id int64, version int, c Change, allowed func(Invoice) error,
	by int64) (Invoice, error) {
	var inv Invoice
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		if inv, err = find(ctx, tx, id); err != nil {
			return err
		}
		if err := allowed(inv); err != nil {
			return err
		}
		if field, msg := c.Check(inv, tx.Now.UTC().Format(time.DateOnly)); msg != "" {
			if field == "status" {
				return apperror.Conflict(msg)
			}
			return apperror.Field(field, msg)
		}
		if inv.Version != version {
			return apperror.Conflict(MsgStale)
		}
		inv.Status, inv.UpdatedAt = c.Status, tx.Now
		if c.Status == StatusPaid {
			paid := c.PaidOn
			inv.PaidOn = &paid
		} else {
			inv.VoidReason = strings.TrimSpace(c.Reason)
		}
		var voidedAt *time.Time
		if c.Status == StatusVoid {
			voidedAt = &tx.Now
		}
		n, err := tx.Exec(ctx, `UPDATE invoices SET status = ?, paid_on = ?, void_reason = ?, voided_at = ?, updated_at = ?,
			version = version + 1 WHERE id = ? AND version = ?`, inv.Status, inv.PaidOn, inv.VoidReason, voidedAt, tx.Now,
			inv.ID, version)
		if err != nil {
			return fmt.Errorf("change invoice: %w", err)
		}
		if n == 0 {
			return apperror.Conflict(MsgStale)
		}
		inv.Version++
		if err := audit.Record(ctx, tx, audit.Update, audit.SourceInvoice, inv.ID, auditRow(inv)); err != nil {
			return err
		}
		if c.Status != StatusVoid {
			return nil
		}
		credit := CreditNoteOf(inv, tx.Now.UTC().Format(time.DateOnly))
		if err := insertDocument(ctx, tx, &credit, by); err != nil {
			return err
		}
		inv.CreditNoteID = &credit.ID
		return nil
	})
	return inv, err
}

// CreditNoteOf is the credit note cancelling voided invoice inv, issued on issue: the same
// parties, period, VAT and lines, its amounts negated, due on issue.
func CreditNoteOf(inv Invoice, issue string) Invoice {
	id := inv.ID
	return Invoice{Kind: KindCreditNote, SupplierLegalEntityID: inv.SupplierLegalEntityID,
		ClientLegalEntityID: inv.ClientLegalEntityID, ClientEntityID: inv.ClientEntityID, Currency: inv.Currency,
		PeriodStart: inv.PeriodStart, PeriodEnd: inv.PeriodEnd, IssueDate: issue, DueDate: issue, Status: StatusIssued,
		CreditForID: &id, CreditForNumber: &inv.NumberText, VATRegistered: inv.VATRegistered, VATHundredths: inv.VATHundredths, IR35: inv.IR35,
		Parties: inv.Parties, Lines: CreditLines(inv.Lines)}
}
