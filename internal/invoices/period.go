package invoices

import (
	"time"
)

// Billing periods: how a client's approved timesheets are gathered into invoices.
const (
	PeriodWeek  = "week"
	PeriodMonth = "month"
)

// DefaultPaymentDays is the payment term when a client's billing rules set none: the terms of
// use's 30 days from the invoice.
const DefaultPaymentDays = 30

// Rules are the parts of a client's billing rules that invoicing reads.
type Rules struct {
	Period      string // PeriodWeek or PeriodMonth
	PaymentDays int
}

// DefaultRules are the rules of a client that set none: monthly, 30 days.
var DefaultRules = Rules{Period: PeriodMonth, PaymentDays: DefaultPaymentDays}

// normal is r with the defaults for what is out of bounds (0 payment days is due on issue).
func (r Rules) normal() Rules {
	if r.Period != PeriodWeek {
		r.Period = PeriodMonth
	}
	if r.PaymentDays < 0 {
		r.PaymentDays = DefaultPaymentDays
	}
	return r
}

// Period is the billing period holding day (YYYY-MM-DD): the ISO week from Monday to Sunday, or
// the calendar month. ok is false when day is not a date.
func (r Rules) PeriodOf(day string) (start, end string, ok bool) {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return "", "", false
	}
	var s, e time.Time
	if r.normal().Period == PeriodWeek {
		s = d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
		e = s.AddDate(0, 0, 6)
	} else {
		s = time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC)
		e = s.AddDate(0, 1, -1)
	}
	return s.Format(time.DateOnly), e.Format(time.DateOnly), true
}

// DueDate is the due date of a document issued on issue (YYYY-MM-DD) under r.
func (r Rules) DueDate(issue string) string {
	d, err := time.Parse(time.DateOnly, issue)
	if err != nil {
		return issue
	}
	return d.AddDate(0, 0, r.normal().PaymentDays).Format(time.DateOnly)
}

// Overdue reports whether a document in status s, due on due, is overdue on today (both
// YYYY-MM-DD): an issued invoice the day after its due date.
func Overdue(k Kind, s Status, due, today string) bool {
	return k == KindInvoice && s == StatusIssued && due < today
}
