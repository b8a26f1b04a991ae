// Package invoices is self-billing: a supplier legal entity's agreement that its clients issue
// its invoices (SelfBilling), the issuing of invoices from approved timesheets (Issue: one per
// supplier legal entity, client legal entity, currency and period, numbered per supplier with no
// gap), their payment status (paid, void with a credit note), the PDF, the overdue sweep and the
// rows of the accounting export. The rules are here and in period.go and money.go, the SQL in
// store_*.go, the operations in http_*.go, the PDF in pdf.go. docs/invoicing.md tells the story.
package invoices

import (
	"strconv"
)

// Kind is what a document is: an invoice, or the credit note that cancels a voided one.
type Kind string

// The kinds.
const (
	KindInvoice    Kind = "invoice"
	KindCreditNote Kind = "credit_note"
)

// Status is a document's payment status. Overdue is not stored: an issued invoice whose due date
// has passed (Overdue).
type Status string

// The statuses, and the overdue filter value.
const (
	StatusIssued  Status = "issued"
	StatusPaid    Status = "paid"
	StatusVoid    Status = "void"
	StatusOverdue Status = "overdue"
)

// LineKind is what an invoice line bills: a timesheet's time or one of its expenses.
type LineKind string

// The line kinds.
const (
	LineTime    LineKind = "time"
	LineExpense LineKind = "expense"
)

// Messages of refused requests.
const (
	MsgNotAgreed        = "This supplier has not agreed to self-billing."
	MsgCreditNoteFixed  = "A credit note cannot be changed."
	MsgNotIssued        = "Only an issued invoice can be marked paid or voided; this one is %s."
	MsgReasonRequired   = "Give a reason for voiding the invoice."
	MsgPaidOnRequired   = "Give the date the invoice was paid, as YYYY-MM-DD."
	MsgPaidBeforeIssue  = "The payment date cannot be before the invoice's issue date."
	MsgPaidInFuture     = "The payment date cannot be in the future."
	MsgStale            = "This invoice was changed by someone else. Reload it and try again."
	MsgNotVATRegistered = "Not VAT registered: no VAT is charged."
	MsgDate             = "Use a date as YYYY-MM-DD."
	MsgSelfBillingOwner = "Only the legal entity's managers can change its self-billing agreement."
)

// Approved is one approved timesheet (or one of its expenses) ready to be invoiced: what the
// timesheets feature hands over. Amounts are in minor units of Currency; Hundredths is the
// quantity (hours, or 1 for an expense) in hundredths.
type Approved struct {
	TimesheetID           int64
	ExpenseRef            string // empty for the timesheet's time; the expense's own id otherwise
	UserID                int64
	DepartmentID          int64
	ClientEntityID        int64
	BookingID             int64
	SupplierLegalEntityID int64
	ClientLegalEntityID   int64
	Currency              string
	Date                  string // YYYY-MM-DD, the day worked (or of the expense)
	Description           string // the job (and the expense's description)
	Hundredths            int64
	RatePeriod            string // what UnitMinor is per (hour, day...); empty for an expense
	UnitMinor             int64
	AmountMinor           int64
	IR35                  bool
}

// Kind is the line kind a is billed as.
func (a Approved) Kind() LineKind {
	if a.ExpenseRef != "" {
		return LineExpense
	}
	return LineTime
}

// Key identifies what a is billed for: a timesheet's time or one of its expenses.
func (a Approved) Key() string { return lineKey(a.TimesheetID, a.ExpenseRef) }

func lineKey(timesheet int64, expense string) string { return itoa(timesheet) + "/" + expense }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
