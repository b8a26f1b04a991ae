// Package timesheets is the record of work done: one timesheet per accepted instruction whose
// placement has ended, pre-filled from the placement, corrected and submitted by its freelancer,
// approved or disputed by the department's managers (or approved automatically when the client's
// dispute window passes), and paid by the pay rules (ComputePay) under the client entity's
// billing rules. ApprovedLines is what invoicing reads.
package timesheets

import (
	"time"

	"github.com/hive/hive/internal/platform/apperror"
)

// A timesheet's statuses.
const (
	StatusToFill    = "to_fill"
	StatusSubmitted = "submitted"
	StatusDisputed  = "disputed"
	StatusApproved  = "approved"
)

// Statuses are every status, in the order a timesheet goes through them.
var Statuses = []string{StatusToFill, StatusSubmitted, StatusDisputed, StatusApproved}

// Expense is one expense on a timesheet: an amount in minor units of its currency, what it was
// for and an optional receipt file (kept in the blob store; ReceiptName empty when none).
type Expense struct {
	ID          int64  `json:"id" db:"id"`
	Description string `json:"description" db:"description"`
	AmountMinor int64  `json:"amountMinor" db:"amount_minor" doc:"Amount in minor units (pence, cents)"`
	Currency    string `json:"currency" db:"currency"`
	ReceiptName string `json:"receiptName" db:"receipt_name" doc:"The receipt's file name; empty when there is none"`
	ReceiptType string `json:"receiptType" db:"receipt_type"`
	ReceiptSize int64  `json:"receiptSize" db:"receipt_size"`
	ReceiptKey  string `json:"-" db:"receipt_key"`
	TimesheetID int64  `json:"-" db:"timesheet_id"`
}

// BillingRules are a client entity's billing rules: how long its managers have to dispute a
// submitted timesheet before it is approved automatically, when overtime starts and what it
// pays, how invoices are grouped and when they are due.
type BillingRules struct {
	DisputeWindowHours       int    `json:"disputeWindowHours" db:"dispute_window_hours" doc:"Hours after submission before a timesheet is approved automatically, 1..720"`
	OvertimeThresholdMinutes int    `json:"overtimeThresholdMinutes" db:"overtime_threshold_minutes" doc:"Worked minutes a day after which overtime is paid, 0..1440"`
	OvertimeMultiplierPct    int    `json:"overtimeMultiplierPct" db:"overtime_multiplier_pct" doc:"Overtime pay in hundredths of the hourly equivalent (150 = 1.5×), 100..500"`
	InvoicePeriod            string `json:"invoicePeriod" db:"invoice_period" enum:"week,month" doc:"Approved timesheets are invoiced by week or by month"`
	PaymentDays              int    `json:"paymentDays" db:"payment_days" doc:"Days from an invoice's issue to its due date, 0..365"`
}

// DefaultBillingRules are the rules of a client entity that has none of its own.
var DefaultBillingRules = BillingRules{
	DisputeWindowHours:       72,
	OvertimeThresholdMinutes: 10 * 60,
	OvertimeMultiplierPct:    150,
	InvoicePeriod:            "month",
	PaymentDays:              30,
}

// The billing rules' messages.
const (
	MsgDisputeWindow = "The dispute window must be between 1 hour and 30 days"
	MsgOvertimeAfter = "Overtime must start between 0 and 24 hours into a day"
	MsgMultiplier    = "The overtime multiplier must be between 1 and 5"
	MsgInvoicePeriod = "Invoices are grouped by week or by month"
	MsgPaymentDays   = "Payment must be due between 0 and 365 days after the invoice"
	MsgRulesStale    = "These billing rules were changed by someone else. Reload and try again."
)

// Validate refuses rules out of their bounds, each field with its own message.
func (r BillingRules) Validate() error {
	var v apperror.Invalid
	check := func(ok bool, field, msg string) {
		if !ok {
			v.Add(field, msg)
		}
	}
	check(r.DisputeWindowHours >= 1 && r.DisputeWindowHours <= 720, "disputeWindowHours", MsgDisputeWindow)
	check(r.OvertimeThresholdMinutes >= 0 && r.OvertimeThresholdMinutes <= 1440, "overtimeThresholdMinutes", MsgOvertimeAfter)
	check(r.OvertimeMultiplierPct >= 100 && r.OvertimeMultiplierPct <= 500, "overtimeMultiplierPct", MsgMultiplier)
	check(r.InvoicePeriod == "week" || r.InvoicePeriod == "month", "invoicePeriod", MsgInvoicePeriod)
	check(r.PaymentDays >= 0 && r.PaymentDays <= 365, "paymentDays", MsgPaymentDays)
	return v.Err()
}

// DisputeWindow is how long after submission a timesheet waits for an answer.
func (r BillingRules) DisputeWindow() time.Duration {
	return time.Duration(r.DisputeWindowHours) * time.Hour
}

// Line is one approved timesheet as invoicing reads it: who supplies whom (legal entities; 0
// when the instruction names none), the work (date, job, placement, IR35), the actual period and
// the pay (ComputePay's answer in the timesheet's currency), and its expenses.
type Line struct {
	TimesheetID           int64     `json:"timesheetId" db:"id"`
	InstructionID         int64     `json:"instructionId" db:"instruction_id"`
	BookingID             int64     `json:"bookingId" db:"booking_id"`
	UserID                int64     `json:"userId" db:"user_id"`
	DepartmentID          int64     `json:"departmentId" db:"department_id"`
	ClientEntityID        int64     `json:"clientEntityId" db:"client_entity_id"`
	SupplierLegalEntityID int64     `json:"supplierLegalEntityId" db:"supplier_legal_entity_id"`
	ClientLegalEntityID   int64     `json:"clientLegalEntityId" db:"client_legal_entity_id"`
	Currency              string    `json:"currency" db:"currency"`
	Date                  string    `json:"date" db:"local_date" doc:"The placement's local date, YYYY-MM-DD"`
	Job                   string    `json:"job" db:"job_title"`
	Placement             string    `json:"placement" db:"placement_title"`
	IR35                  bool      `json:"ir35" db:"ir35"`
	Start                 time.Time `json:"start" db:"start_at"`
	End                   time.Time `json:"end" db:"end_at"`
	BreakMinutes          int       `json:"breakMinutes" db:"break_minutes"`
	RateMinor             int64     `json:"rateMinor" db:"rate_minor"`
	RatePeriod            string    `json:"ratePeriod" db:"rate_period"`
	WorkedMinutes         int       `json:"workedMinutes" db:"worked_minutes"`
	OvertimeMinutes       int       `json:"overtimeMinutes" db:"overtime_minutes"`
	BaseMinor             int64     `json:"baseMinor" db:"base_minor"`
	OvertimeMinor         int64     `json:"overtimeMinor" db:"overtime_minor"`
	AmountMinor           int64     `json:"amountMinor" db:"amount_minor"`
	ApprovedAt            time.Time `json:"approvedAt" db:"approved_at"`
	Expenses              []Expense `json:"expenses" db:"-"`
}

// Hours is the worked time in hours (for display; amounts come from the minor-unit fields).
func (l Line) Hours() float64 { return float64(l.WorkedMinutes) / 60 }

// LineFilter narrows ApprovedLines; an empty field does not filter. Dates are local dates
// (YYYY-MM-DD), both ends included. AfterID and Limit page through by timesheet id.
type LineFilter struct {
	TimesheetIDs           []int64
	SupplierLegalEntityIDs []int64
	ClientLegalEntityIDs   []int64
	ClientEntityIDs        []int64
	Currency               string
	StartDate, EndDate     string
	AfterID                int64
	Limit                  int
}
