package invoices

import (
	"github.com/hive/hive/internal/platform/auth"
)

// InvoiceView is a document as the API shows it.
type InvoiceView struct {
	ID              int64      `json:"id"`
	Kind            Kind       `json:"kind" enum:"invoice,credit_note"`
	Number          string     `json:"number" doc:"the document's number: SB for a self-billed invoice, CN for a credit note, the supplier legal entity's id and its sequence"`
	Supplier        Party      `json:"supplier"`
	Client          Party      `json:"client"`
	Currency        string     `json:"currency"`
	PeriodStart     string     `json:"periodStart"`
	PeriodEnd       string     `json:"periodEnd"`
	IssueDate       string     `json:"issueDate"`
	DueDate         string     `json:"dueDate"`
	Status          Status     `json:"status" enum:"issued,paid,void"`
	Overdue         bool       `json:"overdue" doc:"an issued invoice past its due date"`
	PaidOn          *string    `json:"paidOn"`
	VoidReason      string     `json:"voidReason"`
	CreditForID     *int64     `json:"creditForId" doc:"the voided invoice a credit note cancels"`
	CreditForNumber *string    `json:"creditForNumber"`
	CreditNoteID    *int64     `json:"creditNoteId" doc:"the credit note of a voided invoice"`
	VATRegistered   bool       `json:"vatRegistered" doc:"false: the supplier is not VAT registered and no VAT is charged"`
	VATPct          float64    `json:"vatPct"`
	NetMinor        int64      `json:"netMinor"`
	VATMinor        int64      `json:"vatMinor"`
	TotalMinor      int64      `json:"totalMinor"`
	IR35            bool       `json:"ir35" doc:"a line's booking is inside IR35"`
	Lines           []LineView `json:"lines"`
	CanChange       bool       `json:"canChange" doc:"the caller may mark it paid or void it now"`
	Version         int        `json:"version"`
}

// LineView is one line of a document.
type LineView struct {
	Position    int      `json:"position"`
	Kind        LineKind `json:"kind" enum:"time,expense"`
	TimesheetID int64    `json:"timesheetId"`
	BookingID   int64    `json:"bookingId"`
	Date        string   `json:"date"`
	Description string   `json:"description"`
	Hours       float64  `json:"hours" doc:"hours worked, to two decimals (1 for an expense)"`
	RatePeriod  string   `json:"ratePeriod" doc:"what rateMinor is per; empty for an expense"`
	RateMinor   int64    `json:"rateMinor"`
	AmountMinor int64    `json:"amountMinor"`
	IR35        bool     `json:"ir35"`
}

// viewOf is d as p sees it on today.
func viewOf(p *auth.Principal, d Invoice, today string) InvoiceView {
	lines := make([]LineView, len(d.Lines))
	for i, l := range d.Lines {
		lines[i] = LineView{Position: l.Position, Kind: l.Kind, TimesheetID: l.TimesheetID, BookingID: l.BookingID,
			Date: l.WorkDate, Description: l.Description, Hours: float64(l.Hundredths) / 100, RatePeriod: l.RatePeriod,
			RateMinor: l.UnitMinor, AmountMinor: l.AmountMinor, IR35: l.IR35}
	}
	return InvoiceView{ID: d.ID, Kind: d.Kind, Number: d.NumberText, Supplier: d.Parties.Supplier, Client: d.Parties.Client,
		Currency: d.Currency, PeriodStart: d.PeriodStart, PeriodEnd: d.PeriodEnd, IssueDate: d.IssueDate, DueDate: d.DueDate,
		Status: d.Status, Overdue: Overdue(d.Kind, d.Status, d.DueDate, today), PaidOn: d.PaidOn, VoidReason: d.VoidReason,
		CreditForID: d.CreditForID, CreditForNumber: d.CreditForNumber, CreditNoteID: d.CreditNoteID,
		VATRegistered: d.VATRegistered, VATPct: float64(d.VATHundredths) / 100, NetMinor: d.NetMinor, VATMinor: d.VATMinor,
		TotalMinor: d.TotalMinor, IR35: d.IR35, Lines: lines,
		CanChange: d.Kind == KindInvoice && d.Status == StatusIssued && CanManage(p, d), Version: d.Version}
}

// SelfBillingView is a legal entity's self-billing agreement as the API shows it.
type SelfBillingView struct {
	LegalEntityID  int64   `json:"legalEntityId"`
	Agreed         bool    `json:"agreed"`
	AgreedAt       *string `json:"agreedAt" doc:"when the answer in force was given (RFC 3339); null when never answered"`
	AgreedByUserID *int64  `json:"agreedByUserId"`
	AgreedByName   string  `json:"agreedByName"`
	CanChange      bool    `json:"canChange" doc:"the caller manages the legal entity"`
	Version        int     `json:"version" doc:"0 when never answered"`
}
