package reports

import (
	"github.com/hive/hive/internal/invoices"
)

// XeroAccountCode is the account the accounting export books every line to: Cost of Goods Sold
// in Xero's default UK chart of accounts. A client with another chart changes the column before
// importing.
const XeroAccountCode = "310"

// invoiceColumns are the invoices report's: Xero's bills import layout (docs/reports.md), one
// row per line of each self-billed invoice and credit note. Quantity is 1 and UnitAmount the
// line's amount, so Xero's quantity × unit amount is the amount Hive billed to the penny; the
// hours and rate are in the description. A credit note's amounts are negative, which Xero
// imports as a credit note.
var invoiceColumns = []column[invoices.ExportRow]{
	{title: "ContactName", cell: func(r *invoices.ExportRow) string { return r.Supplier.Name }},
	{title: "EmailAddress", cell: func(r *invoices.ExportRow) string { return r.Supplier.Email }},
	{title: "POAddressLine1", cell: func(r *invoices.ExportRow) string { return addressLine(r, 0) }},
	{title: "POAddressLine2", cell: func(r *invoices.ExportRow) string { return addressLine(r, 1) }},
	{title: "POAddressLine3", cell: func(r *invoices.ExportRow) string { return addressLine(r, 2) }},
	{title: "POAddressLine4", cell: func(r *invoices.ExportRow) string { return addressLine(r, 3) }},
	{title: "InvoiceNumber", cell: func(r *invoices.ExportRow) string { return r.Number }},
	{title: "InvoiceDate", kind: kindDate, cell: func(r *invoices.ExportRow) string { return r.IssueDate }},
	{title: "DueDate", kind: kindDate, cell: func(r *invoices.ExportRow) string { return r.DueDate }},
	{title: "Description", cell: func(r *invoices.ExportRow) string { return lineDescription(r) }},
	{title: "Quantity", kind: kindNumber, cell: func(*invoices.ExportRow) string { return "1" }},
	{title: "UnitAmount", kind: kindMoney, cell: func(r *invoices.ExportRow) string {
		return invoices.Amount(r.Line.AmountMinor, r.Currency)
	}},
	{title: "AccountCode", kind: kindNumber, cell: func(*invoices.ExportRow) string { return XeroAccountCode }},
	{title: "TaxType", cell: func(r *invoices.ExportRow) string { return invoices.XeroTaxType(r.VATRegistered, r.VATHundredths) }},
	{title: "TaxAmount", kind: kindMoney, cell: func(r *invoices.ExportRow) string { return invoices.Amount(r.LineVAT, r.Currency) }},
	{title: "Currency", cell: func(r *invoices.ExportRow) string { return r.Currency }},
}

func addressLine(r *invoices.ExportRow, i int) string {
	if i < len(r.Supplier.Address) {
		return r.Supplier.Address[i]
	}
	return ""
}

// lineDescription is a line's description with its date, and for time its hours and rate:
// "2027-03-02 Camera operator: 10.00 h at 450.00/day".
func lineDescription(r *invoices.ExportRow) string {
	l := r.Line
	s := l.WorkDate + " " + l.Description
	if l.Kind == invoices.LineTime {
		s += ": " + invoices.Quantity(l.Hundredths) + " h at " + invoices.Amount(l.UnitMinor, r.Currency)
		if l.RatePeriod != "" {
			s += "/" + l.RatePeriod
		}
	}
	return s
}
