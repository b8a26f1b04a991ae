package invoices

import (
	"testing"
)

func TestVATRoundsOnceHalfAwayFromZero(t *testing.T) {
	for _, c := range []struct {
		net        int64
		hundredths int
		want       int64
	}{
		{10000, 2000, 2000}, {12345, 2000, 2469}, {12342, 2000, 2468}, {12, 2000, 2}, {2, 2000, 0},
		{12345, 1750, 2160}, {-12345, 2000, -2469}, {-2, 2000, 0}, {3, 2500, 1}, {-3, 2500, -1}, {0, 2000, 0},
		{99999, 0, 0},
	} {
		if got := VAT(c.net, c.hundredths); got != c.want {
			t.Errorf("VAT(%d, %d) = %d, want %d", c.net, c.hundredths, got, c.want)
		}
	}
}

func TestTotalsChargeVATOnlyWhenRegistered(t *testing.T) {
	lines := []Line{{AmountMinor: 45000}, {AmountMinor: 1250}}
	if got := TotalsOf(lines, true, 2000); got != (Totals{Net: 46250, VAT: 9250, Total: 55500}) {
		t.Errorf("registered: %+v", got)
	}
	if got := TotalsOf(lines, false, 2000); got != (Totals{Net: 46250, VAT: 0, Total: 46250}) {
		t.Errorf("not registered: %+v", got)
	}
	credit := TotalsOf(CreditLines([]Line{{AmountMinor: 12345}}), true, 2000)
	if credit != (Totals{Net: -12345, VAT: -2469, Total: -14814}) {
		t.Errorf("credit note: %+v", credit)
	}
}

func TestAmountsAreWrittenFromMinorUnits(t *testing.T) {
	for _, c := range []struct {
		minor    int64
		currency string
		want     string
	}{{123450, "GBP", "1234.50"}, {-1200, "EUR", "-12.00"}, {5, "GBP", "0.05"}, {500, "JPY", "500"},
		{1234, "KWD", "1.234"}, {0, "USD", "0.00"}} {
		if got := Amount(c.minor, c.currency); got != c.want {
			t.Errorf("Amount(%d, %s) = %q, want %q", c.minor, c.currency, got, c.want)
		}
	}
	if Quantity(750) != "7.50" || Percent(2000) != "20" || Percent(1750) != "17.5" || Percent(1225) != "12.25" {
		t.Errorf("quantity or percent: %s %s %s %s", Quantity(750), Percent(2000), Percent(1750), Percent(1225))
	}
	if HoursHundredths(450) != 750 || HoursHundredths(25) != 42 || HoursHundredths(20) != 33 || HoursHundredths(0) != 0 {
		t.Errorf("hours: %d %d %d", HoursHundredths(450), HoursHundredths(25), HoursHundredths(20))
	}
}

func TestPeriodsAndDueDates(t *testing.T) {
	week, month := Rules{Period: PeriodWeek, PaymentDays: 14}, DefaultRules
	for _, c := range []struct {
		r               Rules
		day, start, end string
	}{
		{week, "2027-03-03", "2027-03-01", "2027-03-07"}, // a Wednesday
		{week, "2027-03-07", "2027-03-01", "2027-03-07"}, // the Sunday ends the week
		{week, "2027-03-08", "2027-03-08", "2027-03-14"},
		{week, "2026-12-31", "2026-12-28", "2027-01-03"}, // across a year
		{month, "2027-02-14", "2027-02-01", "2027-02-28"},
		{month, "2028-02-29", "2028-02-01", "2028-02-29"},
		{Rules{}, "2027-12-31", "2027-12-01", "2027-12-31"}, // unset is monthly
	} {
		s, e, ok := c.r.PeriodOf(c.day)
		if !ok || s != c.start || e != c.end {
			t.Errorf("%s of %s: %s..%s %v, want %s..%s", c.r.Period, c.day, s, e, ok, c.start, c.end)
		}
	}
	if _, _, ok := week.PeriodOf("31/12/2027"); ok {
		t.Error("a date in another format is not a date")
	}
	if week.DueDate("2027-03-20") != "2027-04-03" || month.DueDate("2027-03-20") != "2027-04-19" ||
		(Rules{PaymentDays: 0}).DueDate("2027-03-20") != "2027-03-20" {
		t.Errorf("due dates: %s %s", week.DueDate("2027-03-20"), month.DueDate("2027-03-20"))
	}
	if !Overdue(KindInvoice, StatusIssued, "2027-03-01", "2027-03-02") || Overdue(KindInvoice, StatusIssued, "2027-03-02", "2027-03-02") ||
		Overdue(KindInvoice, StatusPaid, "2027-03-01", "2027-03-02") || Overdue(KindCreditNote, StatusIssued, "2027-03-01", "2027-03-02") {
		t.Error("overdue: an issued invoice the day after its due date, nothing else")
	}
}

func TestGroupedByPartiesCurrencyAndPeriod(t *testing.T) {
	line := func(ts, supplier, client int64, currency, date string) Approved {
		return Approved{TimesheetID: ts, SupplierLegalEntityID: supplier, ClientLegalEntityID: client, ClientEntityID: client * 10,
			Currency: currency, Date: date, AmountMinor: 100}
	}
	lines := []Approved{
		line(1, 7, 1, "GBP", "2027-03-10"), line(2, 7, 1, "GBP", "2027-03-02"), line(3, 7, 1, "EUR", "2027-03-03"),
		line(4, 7, 1, "GBP", "2027-04-01"), line(5, 8, 1, "GBP", "2027-03-05"), line(6, 7, 2, "GBP", "2027-03-05"),
		line(7, 7, 1, "GBP", "not a date"),
	}
	rules := func(entity int64) Rules {
		if entity == 20 {
			return Rules{Period: PeriodWeek}
		}
		return DefaultRules
	}
	groups := Grouped(lines, rules)
	var got []string
	for _, g := range groups {
		ids := ""
		for _, l := range g.Lines {
			ids += itoa(l.TimesheetID)
		}
		got = append(got, itoa(g.SupplierLegalEntityID)+"/"+itoa(g.ClientLegalEntityID)+"/"+g.Currency+"/"+g.PeriodStart+"/"+ids)
	}
	want := []string{"7/1/EUR/2027-03-01/3", "7/1/GBP/2027-03-01/21", "7/1/GBP/2027-04-01/4", "7/2/GBP/2027-03-01/6",
		"8/1/GBP/2027-03-01/5"}
	if len(got) != len(want) {
		t.Fatalf("groups %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("group %d: %s, want %s", i, got[i], want[i])
		}
	}
	if groups[3].PeriodEnd != "2027-03-07" {
		t.Errorf("client 2 bills weekly: %s", groups[3].PeriodEnd)
	}
}

func TestPaymentChangesOfAnIssuedInvoiceOnly(t *testing.T) {
	issued := Invoice{Kind: KindInvoice, Status: StatusIssued, IssueDate: "2027-03-01"}
	paid := issued
	paid.Status = StatusPaid
	credit := issued
	credit.Kind = KindCreditNote
	for _, c := range []struct {
		name  string
		d     Invoice
		c     Change
		field string
	}{
		{"paid", issued, Change{Status: StatusPaid, PaidOn: "2027-03-05"}, ""},
		{"paid on issue", issued, Change{Status: StatusPaid, PaidOn: "2027-03-01"}, ""},
		{"paid before issue", issued, Change{Status: StatusPaid, PaidOn: "2027-02-28"}, "paidOn"},
		{"paid in the future", issued, Change{Status: StatusPaid, PaidOn: "2027-03-11"}, "paidOn"},
		{"paid without a date", issued, Change{Status: StatusPaid}, "paidOn"},
		{"void", issued, Change{Status: StatusVoid, Reason: "Wrong rate"}, ""},
		{"void without reason", issued, Change{Status: StatusVoid, Reason: "  "}, "reason"},
		{"void a paid one", paid, Change{Status: StatusVoid, Reason: "x"}, "status"},
		{"pay a paid one", paid, Change{Status: StatusPaid, PaidOn: "2027-03-05"}, "status"},
		{"change a credit note", credit, Change{Status: StatusPaid, PaidOn: "2027-03-05"}, "status"},
		{"another status", issued, Change{Status: StatusIssued}, "status"},
	} {
		field, msg := c.c.Check(c.d, "2027-03-10")
		if field != c.field || (field != "") != (msg != "") {
			t.Errorf("%s: %q %q, want field %q", c.name, field, msg, c.field)
		}
	}
}

func TestNumbers(t *testing.T) {
	if NumberText(KindInvoice, 7, 12) != "SB7-00012" || NumberText(KindCreditNote, 7, 1) != "CN7-00001" {
		t.Errorf("%s %s", NumberText(KindInvoice, 7, 12), NumberText(KindCreditNote, 7, 1))
	}
}
