package invoices

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Party is one side of a document as it stood at issue: the supplier (who is paid) or the
// client (who pays and, under self-billing, issues).
type Party struct {
	LegalEntityID int64    `json:"legalEntityId"`
	Name          string   `json:"name"`
	Address       []string `json:"address" doc:"address lines, empty ones left out"`
	VATRegistered bool     `json:"vatRegistered"`
	VATNumber     string   `json:"vatNumber"`
	VATHundredths int      `json:"vatHundredths" doc:"the VAT rate in hundredths of a percent (2000 is 20%)"`
	Email         string   `json:"email"`
	Bank          Bank     `json:"bank"`
}

// Bank is the supplier's bank details from its legal entity (empty for the client).
type Bank struct {
	BankName      string `json:"bankName"`
	IBAN          string `json:"iban"`
	SortCode      string `json:"sortCode"`
	AccountNumber string `json:"accountNumber"`
}

// Parties are both sides of a document.
type Parties struct {
	Supplier Party `json:"supplier"`
	Client   Party `json:"client"`
}

// Invoice is one issued document, invoice or credit note, with its lines.
type Invoice struct {
	ID                    int64     `db:"id"`
	Kind                  Kind      `db:"kind"`
	Number                int       `db:"number"`
	NumberText            string    `db:"number_text"`
	SupplierLegalEntityID int64     `db:"supplier_legal_entity_id"`
	ClientLegalEntityID   int64     `db:"client_legal_entity_id"`
	ClientEntityID        int64     `db:"client_entity_id"`
	Currency              string    `db:"currency"`
	PeriodStart           string    `db:"period_start"`
	PeriodEnd             string    `db:"period_end"`
	IssueDate             string    `db:"issue_date"`
	DueDate               string    `db:"due_date"`
	Status                Status    `db:"status"`
	PaidOn                *string   `db:"paid_on"`
	VoidReason            string    `db:"void_reason"`
	CreditForID           *int64    `db:"credit_for_id"`
	VATRegistered         bool      `db:"vat_registered"`
	VATHundredths         int       `db:"vat_hundredths"`
	NetMinor              int64     `db:"net_minor"`
	VATMinor              int64     `db:"vat_minor"`
	TotalMinor            int64     `db:"total_minor"`
	IR35                  bool      `db:"ir35"`
	PartiesJSON           string    `db:"parties_json"`
	CreatedAt             time.Time `db:"created_at"`
	UpdatedAt             time.Time `db:"updated_at"`
	Version               int       `db:"version"`

	Parties Parties `db:"-"`
	Lines   []Line  `db:"-"`
	// CreditNoteID is the credit note of a voided invoice, and CreditForNumber the number of the
	// invoice a credit note cancels, read with it.
	CreditNoteID    *int64  `db:"credit_note_id"`
	CreditForNumber *string `db:"credit_for_number"`
}

// Line is one line of a document.
type Line struct {
	ID           int64    `db:"id"`
	InvoiceID    int64    `db:"invoice_id"`
	Position     int      `db:"position"`
	Kind         LineKind `db:"kind"`
	TimesheetID  int64    `db:"timesheet_id"`
	ExpenseRef   string   `db:"expense_ref"`
	UserID       *int64   `db:"user_id"`
	DepartmentID int64    `db:"department_id"`
	BookingID    int64    `db:"booking_id"`
	WorkDate     string   `db:"work_date"`
	Description  string   `db:"description"`
	Hundredths   int64    `db:"quantity_hundredths"`
	RatePeriod   string   `db:"rate_period"` // what UnitMinor is per: hour, day, week..., or empty for an expense
	UnitMinor    int64    `db:"unit_minor"`
	AmountMinor  int64    `db:"amount_minor"`
	IR35         bool     `db:"ir35"`
}

// NumberText is how document number n of kind k for supplier legal entity le is written: SB
// for a self-billed invoice, CN for a credit note, then the supplier and the number, so that a
// client's books never meet the same number from two suppliers.
func NumberText(k Kind, le int64, n int) string {
	prefix := "SB"
	if k == KindCreditNote {
		prefix = "CN"
	}
	return fmt.Sprintf("%s%d-%05d", prefix, le, n)
}

// Group is the approved lines billed on one invoice: one supplier legal entity, client legal
// entity, currency and period.
type Group struct {
	SupplierLegalEntityID, ClientLegalEntityID, ClientEntityID int64
	Currency                                                   string
	PeriodStart, PeriodEnd                                     string
	Rules                                                      Rules
	Lines                                                      []Approved
}

// Grouped gathers approved lines into invoices, by the billing rules of each line's client
// entity (rules; DefaultRules when it answers none). Lines whose date is not a date are left
// out. Groups come in a stable order (supplier, client, currency, period) and each group's
// lines by date, booking and timesheet, time before expenses, so numbering follows one order.
func Grouped(lines []Approved, rules func(clientEntity int64) Rules) []Group {
	type key struct {
		supplier, client int64
		currency, start  string
	}
	at := map[key]int{}
	var out []Group
	for _, l := range lines {
		r := rules(l.ClientEntityID).normal()
		start, end, ok := r.PeriodOf(l.Date)
		if !ok {
			continue
		}
		k := key{l.SupplierLegalEntityID, l.ClientLegalEntityID, l.Currency, start}
		i, seen := at[k]
		if !seen {
			i = len(out)
			at[k] = i
			out = append(out, Group{SupplierLegalEntityID: l.SupplierLegalEntityID, ClientLegalEntityID: l.ClientLegalEntityID,
				ClientEntityID: l.ClientEntityID, Currency: l.Currency, PeriodStart: start, PeriodEnd: end, Rules: r})
		}
		out[i].Lines = append(out[i].Lines, l)
	}
	slices.SortFunc(out, func(a, b Group) int {
		if c := cmpInt(a.SupplierLegalEntityID, b.SupplierLegalEntityID); c != 0 {
			return c
		}
		if c := cmpInt(a.ClientLegalEntityID, b.ClientLegalEntityID); c != 0 {
			return c
		}
		if c := strings.Compare(a.Currency, b.Currency); c != 0 {
			return c
		}
		return strings.Compare(a.PeriodStart, b.PeriodStart)
	})
	for _, g := range out {
		slices.SortFunc(g.Lines, func(a, b Approved) int {
			if c := strings.Compare(a.Date, b.Date); c != 0 {
				return c
			}
			if c := cmpInt(a.BookingID, b.BookingID); c != 0 {
				return c
			}
			if c := cmpInt(a.TimesheetID, b.TimesheetID); c != 0 {
				return c
			}
			return strings.Compare(a.ExpenseRef, b.ExpenseRef)
		})
	}
	return out
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// LinesOf are a group's lines as the invoice's lines, numbered from 1.
func LinesOf(g Group) []Line {
	out := make([]Line, len(g.Lines))
	for i, a := range g.Lines {
		user := a.UserID
		out[i] = Line{Position: i + 1, Kind: a.Kind(), TimesheetID: a.TimesheetID, ExpenseRef: a.ExpenseRef, UserID: &user,
			DepartmentID: a.DepartmentID, BookingID: a.BookingID, WorkDate: a.Date, Description: a.Description,
			Hundredths: a.Hundredths, RatePeriod: a.RatePeriod, UnitMinor: a.UnitMinor, AmountMinor: a.AmountMinor, IR35: a.IR35}
	}
	return out
}

// CreditLines are the lines of the credit note cancelling lines: the same lines, their amounts
// negated.
func CreditLines(lines []Line) []Line {
	out := make([]Line, len(lines))
	for i, l := range lines {
		l.ID, l.InvoiceID = 0, 0
		l.UnitMinor, l.AmountMinor = -l.UnitMinor, -l.AmountMinor
		out[i] = l
	}
	return out
}

// Change is a manager's change of an invoice's payment status: paid on a date, or void with a
// reason.
type Change struct {
	Status Status
	PaidOn string
	Reason string
}

// Check says whether change c may be made to document d on today (YYYY-MM-DD): a field and a
// message when it may not, in the order a form shows them.
func (c Change) Check(d Invoice, today string) (field, msg string) {
	if d.Kind == KindCreditNote {
		return "status", MsgCreditNoteFixed
	}
	if d.Status != StatusIssued {
		return "status", fmt.Sprintf(MsgNotIssued, d.Status)
	}
	switch c.Status {
	case StatusPaid:
		if _, err := time.Parse(time.DateOnly, c.PaidOn); err != nil {
			return "paidOn", MsgPaidOnRequired
		}
		if c.PaidOn < d.IssueDate {
			return "paidOn", MsgPaidBeforeIssue
		}
		if c.PaidOn > today {
			return "paidOn", MsgPaidInFuture
		}
	case StatusVoid:
		if strings.TrimSpace(c.Reason) == "" {
			return "reason", MsgReasonRequired
		}
	default:
		return "status", "Mark the invoice paid or void."
	}
	return "", ""
}
