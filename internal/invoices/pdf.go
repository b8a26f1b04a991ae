package invoices

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// Texts the document prints, beside the figures.
const (
	TitleInvoice    = "Self-billed invoice"
	TitleCreditNote = "Credit note"
	// SelfBillingStatement is the statement a self-billed invoice carries: who issued it for whom.
	SelfBillingStatement = "Self-billed invoice issued by %s on behalf of %s under a self-billing agreement."
	// VATStatement is what a VAT-registered supplier's self-billed invoice says of its VAT.
	VATStatement = "The VAT shown is your output tax due to HMRC."
	IR35Inside   = "IR35: inside IR35 (off-payroll working rules apply)"
	IR35Outside  = "IR35: outside IR35"
)

// money is an amount as the document prints it: the currency code and the plain decimal the
// JSON's minor units give ("GBP 1234.50").
func money(minor int64, currency string) string { return currency + " " + Amount(minor, currency) }

// title is the document's heading.
func title(d Invoice) string {
	if d.Kind == KindCreditNote {
		return TitleCreditNote
	}
	return TitleInvoice
}

// StatusLabel is a document's status as people read it on today (YYYY-MM-DD).
func StatusLabel(d Invoice, today string) string {
	switch {
	case Overdue(d.Kind, d.Status, d.DueDate, today):
		return "Overdue"
	case d.Status == StatusPaid && d.PaidOn != nil:
		return "Paid on " + *d.PaidOn
	case d.Status == StatusVoid:
		return "Void: " + d.VoidReason
	}
	return "Issued"
}

// RenderPDF writes document d as a PDF (A4, selectable text in the core Helvetica font) to w,
// with the same figures as its JSON. today sets the status line (overdue or not).
func RenderPDF(w io.Writer, d Invoice, today string) error {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(title(d)+" "+d.NumberText, true)
	pdf.SetAuthor(d.Parties.Client.Name, true)
	if t, err := time.Parse(time.DateOnly, d.IssueDate); err == nil {
		pdf.SetCreationDate(t)
		pdf.SetModificationDate(t)
	}
	tr := pdf.UnicodeTranslatorFromDescriptor("") // UTF-8 to the core fonts' cp1252
	pdf.SetMargins(15, 15, 15)
	pdf.SetAutoPageBreak(true, 15)
	pdf.AddPage()
	text := func(style string, size float64, h float64, s string) {
		pdf.SetFont("Helvetica", style, size)
		pdf.MultiCell(0, h, tr(s), "", "L", false)
	}

	text("B", 18, 9, title(d)+" "+d.NumberText)
	text("", 10, 5, "Issue date: "+d.IssueDate+"    Due date: "+d.DueDate)
	text("", 10, 5, "Period: "+d.PeriodStart+" to "+d.PeriodEnd)
	text("", 10, 5, "Status: "+StatusLabel(d, today))
	if d.Kind == KindCreditNote && d.CreditForID != nil {
		text("", 10, 5, "Cancels the voided invoice "+creditedNumber(d))
	}
	pdf.Ln(3)

	party := func(label string, p Party, bank bool) {
		text("B", 11, 6, label+": "+p.Name)
		for _, a := range p.Address {
			text("", 10, 5, a)
		}
		if p.VATRegistered {
			text("", 10, 5, "VAT number: "+p.VATNumber)
		} else {
			text("", 10, 5, "Not VAT registered")
		}
		if bank {
			for _, b := range bankLines(p.Bank) {
				text("", 10, 5, b)
			}
		}
		pdf.Ln(2)
	}
	party("Supplier", d.Parties.Supplier, true)
	party("Client", d.Parties.Client, false)
	text("I", 9, 4.5, fmt.Sprintf(SelfBillingStatement, d.Parties.Client.Name, d.Parties.Supplier.Name))
	if d.IR35 {
		text("", 10, 5, IR35Inside)
	} else {
		text("", 10, 5, IR35Outside)
	}
	pdf.Ln(3)

	// The lines: date, description, hours, rate, amount.
	widths := []float64{24, 86, 18, 26, 26}
	head := []string{"Date", "Description", "Hours", "Rate", "Amount"}
	pdf.SetFont("Helvetica", "B", 9)
	for i, h := range head {
		align := "L"
		if i >= 2 {
			align = "R"
		}
		pdf.CellFormat(widths[i], 6, h, "B", 0, align, false, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont("Helvetica", "", 9)
	for _, l := range d.Lines {
		cells := []string{l.WorkDate, l.Description, Quantity(l.Hundredths), rateText(l, d.Currency),
			Amount(l.AmountMinor, d.Currency)}
		if l.Kind == LineExpense {
			cells[2] = ""
		}
		for i, c := range cells {
			align := "L"
			if i >= 2 {
				align = "R"
			}
			pdf.CellFormat(widths[i], 5.5, tr(fit(pdf, tr, c, widths[i]-1)), "", 0, align, false, 0, "")
		}
		pdf.Ln(-1)
	}
	pdf.Ln(2)
	total := func(label, value string, style string) {
		pdf.SetFont("Helvetica", style, 10)
		pdf.CellFormat(widths[0]+widths[1]+widths[2]+widths[3], 6, tr(label), "", 0, "R", false, 0, "")
		pdf.CellFormat(widths[4], 6, value, "", 1, "R", false, 0, "")
	}
	total("Net", money(d.NetMinor, d.Currency), "")
	if d.VATRegistered {
		total("VAT at "+Percent(d.VATHundredths)+"%", money(d.VATMinor, d.Currency), "")
	} else {
		total("VAT", money(0, d.Currency), "")
	}
	total("Total", money(d.TotalMinor, d.Currency), "B")
	pdf.Ln(2)
	if d.VATRegistered {
		text("", 9, 4.5, VATStatement)
	} else {
		text("", 9, 4.5, MsgNotVATRegistered)
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("render invoice %s: %w", d.NumberText, err)
	}
	return pdf.Output(w)
}

// creditedNumber is the number of the invoice a credit note cancels.
func creditedNumber(d Invoice) string {
	if d.CreditForNumber != nil {
		return *d.CreditForNumber
	}
	return fmt.Sprintf("#%d", *d.CreditForID)
}

// rateText is a line's rate: "GBP 450.00/day", or the expense's amount.
func rateText(l Line, currency string) string {
	if l.Kind == LineExpense || l.RatePeriod == "" {
		return Amount(l.UnitMinor, currency)
	}
	return Amount(l.UnitMinor, currency) + "/" + l.RatePeriod
}

// bankLines are the supplier's bank details, each that is set on a line.
func bankLines(b Bank) []string {
	var out []string
	for _, f := range [][2]string{{"Bank", b.BankName}, {"Sort code", b.SortCode}, {"Account number", b.AccountNumber},
		{"IBAN", b.IBAN}} {
		if f[1] != "" {
			out = append(out, f[0]+": "+f[1])
		}
	}
	return out
}

// fit shortens s with an ellipsis until it fits width mm in the current font.
func fit(pdf *fpdf.Fpdf, tr func(string) string, s string, width float64) string {
	if pdf.GetStringWidth(tr(s)) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && pdf.GetStringWidth(tr(string(r)+"...")) > width {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "..."
}
