package invoices

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/organisations/legalentities"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes invoices, credit notes, their numbering and self-billing agreements.
type Store struct {
	DB *database.DB
}

// Issue issues the invoices of approved lines: one per Group, each in a transaction of its
// own, for suppliers that agreed to self-billing (lines of others are left for later). rules
// are each client entity's billing rules; issuedBy the user who asked (0 for the deadlines
// worker). Lines already billed on an invoice that stands (not void) are left out, checked
// after the supplier's number is taken, so two issuers never bill a line twice. It returns the
// invoices issued.
func (s *Store) Issue(ctx context.Context, lines []Approved, rules func(clientEntity int64) Rules, issuedBy int64) ([]Invoice, error) {
	groups := Grouped(lines, rules)
	if len(groups) == 0 {
		return nil, nil
	}
	parties, err := s.parties(ctx, groups)
	if err != nil {
		return nil, err
	}
	var out []Invoice
	for _, g := range groups {
		var inv *Invoice
		err := s.DB.InTx(ctx, func(tx *database.Tx) error {
			var err error
			inv, err = issueGroup(ctx, tx, g, parties, issuedBy)
			return err
		})
		if err != nil {
			return out, err
		}
		if inv != nil {
			out = append(out, *inv)
		}
	}
	return out, nil
}

// parties reads the legal entities of groups, by id.
func (s *Store) parties(ctx context.Context, groups []Group) (map[int64]Party, error) {
	les := &legalentities.Store{DB: s.DB}
	out := map[int64]Party{}
	for _, g := range groups {
		for _, id := range []int64{g.SupplierLegalEntityID, g.ClientLegalEntityID} {
			if _, ok := out[id]; ok {
				continue
			}
			le, err := les.LegalEntity(ctx, id)
			if err != nil {
				return nil, fmt.Errorf("legal entity %d: %w", id, err)
			}
			out[id] = PartyOf(le)
		}
	}
	return out, nil
}

// PartyOf is legal entity le as a document names it.
func PartyOf(le legalentities.LegalEntity) Party {
	name := le.CompanyName
	if name == "" {
		name = le.TradingName
	}
	var addr []string
	for _, a := range []string{le.Address1, le.Address2, le.Address3, le.Address4} {
		if a != "" {
			addr = append(addr, a)
		}
	}
	if addr == nil {
		addr = []string{}
	}
	p := Party{LegalEntityID: le.ID, Name: name, Address: addr, VATRegistered: le.VATRegistered, Email: le.Email,
		VATHundredths: le.VATHundredths,
		Bank:          Bank{BankName: le.BankName, IBAN: le.IBAN, SortCode: le.SortCode, AccountNumber: le.AccountNumber}}
	if le.VATRegistered {
		p.VATNumber = le.VATNumber
	}
	return p
}

// issueGroup issues g's invoice in tx, or nothing when the supplier has not agreed to
// self-billing or every line is billed already.
func issueGroup(ctx context.Context, tx *database.Tx, g Group, parties map[int64]Party, issuedBy int64) (*Invoice, error) {
	agreed, err := agreedIn(ctx, tx, g.SupplierLegalEntityID)
	if err != nil || !agreed {
		return nil, err
	}
	// The supplier's counter row, locked until the transaction ends: every issuer for this
	// supplier waits here, so the check of billed lines below sees what the last one wrote.
	if err := lockSequence(ctx, tx, g.SupplierLegalEntityID, KindInvoice); err != nil {
		return nil, err
	}
	billed, err := billedKeys(ctx, tx, g.Lines)
	if err != nil {
		return nil, err
	}
	fresh := g.Lines[:0:0]
	for _, l := range g.Lines {
		if !billed[l.Key()] {
			fresh = append(fresh, l)
		}
	}
	if len(fresh) == 0 {
		return nil, nil
	}
	g.Lines = fresh
	supplier := parties[g.SupplierLegalEntityID]
	inv := Invoice{Kind: KindInvoice, SupplierLegalEntityID: g.SupplierLegalEntityID, ClientLegalEntityID: g.ClientLegalEntityID,
		ClientEntityID: g.ClientEntityID, Currency: g.Currency, PeriodStart: g.PeriodStart, PeriodEnd: g.PeriodEnd,
		IssueDate: tx.Now.UTC().Format(time.DateOnly), Status: StatusIssued, VATRegistered: supplier.VATRegistered,
		Parties: Parties{Supplier: supplier, Client: parties[g.ClientLegalEntityID]}, Lines: LinesOf(g)}
	inv.Parties.Client.Bank = Bank{}
	if inv.VATRegistered {
		inv.VATHundredths = supplier.VATHundredths
	}
	inv.DueDate = g.Rules.DueDate(inv.IssueDate)
	for _, l := range inv.Lines {
		inv.IR35 = inv.IR35 || l.IR35
	}
	if err := insertDocument(ctx, tx, &inv, issuedBy); err != nil {
		return nil, err
	}
	return &inv, nil
}

// agreedIn reports whether supplier legal entity le has agreed to self-billing, read in tx.
func agreedIn(ctx context.Context, q database.Reader, le int64) (bool, error) {
	var agreed bool
	err := q.Get(ctx, &agreed, `SELECT agreed FROM self_billing_agreements WHERE legal_entity_id = ?`, le)
	found, err := database.Found(err)
	return found && agreed, err
}

// billedKeys are the keys of lines (Approved.Key) billed on an invoice that stands.
func billedKeys(ctx context.Context, q database.Reader, lines []Approved) (map[string]bool, error) {
	ids := make([]int64, 0, len(lines))
	for _, l := range lines {
		ids = append(ids, l.TimesheetID)
	}
	out := map[string]bool{}
	for start := 0; start < len(ids); start += 500 {
		part := ids[start:min(start+500, len(ids))]
		in, args := database.In(part)
		var rows []struct {
			TimesheetID int64  `db:"timesheet_id"`
			ExpenseRef  string `db:"expense_ref"`
		}
		if err := q.Select(ctx, &rows, `SELECT l.timesheet_id, l.expense_ref FROM invoice_lines l
			JOIN invoices i ON i.id = l.invoice_id
			WHERE i.kind = 'invoice' AND i.status <> 'void' AND l.timesheet_id IN (`+in+`)`, args...); err != nil {
			return nil, fmt.Errorf("billed lines: %w", err)
		}
		for _, r := range rows {
			out[lineKey(r.TimesheetID, r.ExpenseRef)] = true
		}
	}
	return out, nil
}

// lockSequence takes supplier le's counter row of kind k (made at 0 the first time) for the
// rest of tx: on PostgreSQL a second issuer for the same supplier waits here until tx ends; on
// SQLite the one writer already serialises them.
func lockSequence(ctx context.Context, tx *database.Tx, le int64, k Kind) error {
	if _, err := tx.Exec(ctx, `INSERT INTO invoice_sequences (supplier_legal_entity_id, kind, last_number) VALUES (?, ?, 0)
		ON CONFLICT (supplier_legal_entity_id, kind) DO NOTHING`, le, k); err != nil {
		return fmt.Errorf("invoice sequence: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE invoice_sequences SET last_number = last_number
		WHERE supplier_legal_entity_id = ? AND kind = ?`, le, k); err != nil {
		return fmt.Errorf("lock invoice sequence: %w", err)
	}
	return nil
}

// nextNumber takes the next number of kind k for supplier le in tx: no gap and no duplicate,
// as the row stays locked until the transaction ends and a rolled-back transaction gives its
// number back.
func nextNumber(ctx context.Context, tx *database.Tx, le int64, k Kind) (int, error) {
	if err := lockSequence(ctx, tx, le, k); err != nil {
		return 0, err
	}
	var n int
	err := tx.Get(ctx, &n, `UPDATE invoice_sequences SET last_number = last_number + 1
		WHERE supplier_legal_entity_id = ? AND kind = ? RETURNING last_number`, le, k)
	if err != nil {
		return 0, fmt.Errorf("next invoice number: %w", err)
	}
	return n, nil
}

// insertDocument numbers inv, works out its totals and writes it with its lines and its history
// record.
func insertDocument(ctx context.Context, tx *database.Tx, inv *Invoice, issuedBy int64) error {
	n, err := nextNumber(ctx, tx, inv.SupplierLegalEntityID, inv.Kind)
	if err != nil {
		return err
	}
	inv.Number, inv.NumberText = n, NumberText(inv.Kind, inv.SupplierLegalEntityID, n)
	t := TotalsOf(inv.Lines, inv.VATRegistered, inv.VATHundredths)
	inv.NetMinor, inv.VATMinor, inv.TotalMinor = t.Net, t.VAT, t.Total
	parties, err := json.Marshal(inv.Parties)
	if err != nil {
		return err
	}
	inv.PartiesJSON = string(parties)
	inv.CreatedAt, inv.UpdatedAt, inv.Version = tx.Now, tx.Now, 1
	var by *int64
	if issuedBy != 0 {
		by = &issuedBy
	}
	err = tx.Get(ctx, &inv.ID, `INSERT INTO invoices (kind, number, number_text, supplier_legal_entity_id,
		client_legal_entity_id, client_entity_id, currency, period_start, period_end, issue_date, due_date, status,
		credit_for_id, vat_registered, vat_hundredths, net_minor, vat_minor, total_minor, ir35, parties_json,
		issued_by_user_id, created_at, updated_at, version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`,
		inv.Kind, inv.Number, inv.NumberText, inv.SupplierLegalEntityID, inv.ClientLegalEntityID, inv.ClientEntityID,
		inv.Currency, inv.PeriodStart, inv.PeriodEnd, inv.IssueDate, inv.DueDate, inv.Status, inv.CreditForID,
		inv.VATRegistered, inv.VATHundredths, inv.NetMinor, inv.VATMinor, inv.TotalMinor, inv.IR35, inv.PartiesJSON,
		by, tx.Now, tx.Now)
	if err != nil {
		return fmt.Errorf("insert invoice: %w", err)
	}
	for i := range inv.Lines {
		inv.Lines[i].InvoiceID = inv.ID
	}
	ls := inv.Lines
	err = database.InsertMany(ctx, tx, "invoice_lines", `invoice_id, position, kind, timesheet_id, expense_ref, user_id,
		department_id, booking_id, work_date, description, quantity_hundredths, rate_period, unit_minor, amount_minor, ir35`, len(ls),
		func(i int) []any {
			l := ls[i]
			return []any{l.InvoiceID, l.Position, l.Kind, l.TimesheetID, l.ExpenseRef, l.UserID, l.DepartmentID, l.BookingID,
				l.WorkDate, l.Description, l.Hundredths, l.RatePeriod, l.UnitMinor, l.AmountMinor, l.IR35}
		})
	if err != nil {
		return fmt.Errorf("insert invoice lines: %w", err)
	}
	return audit.Record(ctx, tx, audit.Insert, audit.SourceInvoice, inv.ID, auditRow(*inv))
}

// auditRow is a document as the history stores it: its status and figures (the lines and
// parties never change after issue, so the insert's record holds them once).
func auditRow(inv Invoice) map[string]any {
	row := map[string]any{"id": inv.ID, "kind": inv.Kind, "number": inv.NumberText, "status": inv.Status,
		"paidOn": inv.PaidOn, "voidReason": inv.VoidReason, "creditForId": inv.CreditForID, "currency": inv.Currency,
		"netMinor": inv.NetMinor, "vatMinor": inv.VATMinor, "totalMinor": inv.TotalMinor, "issueDate": inv.IssueDate,
		"dueDate": inv.DueDate, "version": inv.Version}
	if inv.Version == 1 {
		row["lines"] = len(inv.Lines)
		row["supplier"] = inv.Parties.Supplier.Name
		row["client"] = inv.Parties.Client.Name
	}
	return row
}
