package invoices

import "fmt"

// ExportRow is one line of an issued document as the accounting export (the invoices report)
// writes it: the document's number, dates, supplier and currency beside the line.
type ExportRow struct {
	InvoiceID     int64
	Kind          Kind
	Number        string
	IssueDate     string
	DueDate       string
	Status        Status
	Currency      string
	Supplier      Party
	VATRegistered bool
	VATHundredths int
	Line          Line
	// LineVAT is the line's share of the document's VAT: each line's VAT at the rate, the
	// rounding difference on the last line, so a document's lines add up to its VAT.
	LineVAT int64
}

// XeroTaxType is the Xero UK tax type of a bill line: no VAT for a supplier not VAT
// registered, zero rated at 0%, else the rate on expenses ("20% (VAT on Expenses)").
func XeroTaxType(vatRegistered bool, hundredths int) string {
	switch {
	case !vatRegistered:
		return "No VAT"
	case hundredths == 0:
		return "Zero Rated Expenses"
	}
	return fmt.Sprintf("%s%% (VAT on Expenses)", Percent(hundredths))
}

// ShareVAT is the VAT of each of lines, at hundredths, adding up to total (the document's VAT).
func ShareVAT(lines []Line, hundredths int, total int64) []int64 {
	out := make([]int64, len(lines))
	var sum int64
	for i, l := range lines {
		out[i] = VAT(l.AmountMinor, hundredths)
		sum += out[i]
	}
	if n := len(out); n > 0 {
		out[n-1] += total - sum
	}
	return out
}
