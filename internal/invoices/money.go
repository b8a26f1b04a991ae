package invoices

import (
	"fmt"
	"strings"
)

// VAT is the VAT on net at rate hundredths of a percent (2000 is 20%), in minor units, rounded
// half away from zero once on the document's net total: the one rounding rule of an invoice
// (lines carry the amounts the timesheets rounded, VAT is worked out on their sum).
func VAT(net int64, hundredths int) int64 {
	p := net * int64(hundredths)
	q, r := p/10000, p%10000
	if r >= 5000 {
		q++
	} else if r <= -5000 {
		q--
	}
	return q
}

// Totals are a document's net, VAT and total in minor units.
type Totals struct {
	Net, VAT, Total int64
}

// TotalsOf adds lines up and charges VAT at hundredths when the supplier is VAT registered.
func TotalsOf(lines []Line, vatRegistered bool, hundredths int) Totals {
	var t Totals
	for _, l := range lines {
		t.Net += l.AmountMinor
	}
	if vatRegistered {
		t.VAT = VAT(t.Net, hundredths)
	}
	t.Total = t.Net + t.VAT
	return t
}

// minorDigits are the currencies whose minor unit is not a hundredth (ISO 4217); every other
// currency Hive books in has two decimals.
var minorDigits = map[string]int{"JPY": 0, "KRW": 0, "ISK": 0, "HUF": 2, "BHD": 3, "KWD": 3, "OMR": 3, "TND": 3, "JOD": 3}

// Decimals is how many decimals currency's minor unit has.
func Decimals(currency string) int {
	if d, ok := minorDigits[strings.ToUpper(currency)]; ok {
		return d
	}
	return 2
}

// Amount writes minor units of currency as a plain decimal: "1234.50", "-12.00", "500".
func Amount(minor int64, currency string) string {
	d := Decimals(currency)
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	if d == 0 {
		return fmt.Sprintf("%s%d", sign, minor)
	}
	unit := int64(1)
	for range d {
		unit *= 10
	}
	return fmt.Sprintf("%s%d.%0*d", sign, minor/unit, d, minor%unit)
}

// Quantity writes hundredths as a decimal with two places: "7.50".
func Quantity(hundredths int64) string { return Amount(hundredths, "") }

// Percent writes a VAT rate in hundredths of a percent: "20", "17.5", "12.25".
func Percent(hundredths int) string {
	s := Amount(int64(hundredths), "")
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// CurrencyTotal is what some documents come to in one currency: the invoices that stand (not
// void), those still to pay, and those of them past due.
type CurrencyTotal struct {
	Currency    string `json:"currency" db:"currency"`
	Total       int64  `json:"totalMinor" db:"total_minor"`
	Outstanding int64  `json:"outstandingMinor" db:"outstanding_minor"`
	Overdue     int64  `json:"overdueMinor" db:"overdue_minor"`
}
