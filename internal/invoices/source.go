package invoices

import (
	"github.com/hive/hive/internal/timesheets"
)

// FromTimesheets are approved timesheets as the lines invoicing bills: one for each timesheet's
// time (its worked hours, its rate and the amount the pay rules gave) and one for each of its
// expenses (a quantity of one, in the expense's own currency). Timesheets without both legal
// entities cannot be invoiced and are left out.
func FromTimesheets(lines []timesheets.Line) []Approved {
	out := make([]Approved, 0, len(lines))
	for _, t := range lines {
		if t.SupplierLegalEntityID == 0 || t.ClientLegalEntityID == 0 {
			continue
		}
		base := Approved{TimesheetID: t.TimesheetID, UserID: t.UserID, DepartmentID: t.DepartmentID,
			ClientEntityID: t.ClientEntityID, BookingID: t.BookingID, SupplierLegalEntityID: t.SupplierLegalEntityID,
			ClientLegalEntityID: t.ClientLegalEntityID, Date: t.Date, IR35: t.IR35}
		work := base
		work.Currency, work.Description = t.Currency, describe(t)
		work.Hundredths = HoursHundredths(t.WorkedMinutes)
		work.RatePeriod, work.UnitMinor, work.AmountMinor = t.RatePeriod, t.RateMinor, t.AmountMinor
		out = append(out, work)
		for _, e := range t.Expenses {
			x := base
			x.ExpenseRef = itoa(e.ID)
			x.Currency, x.Description = e.Currency, "Expense: "+e.Description
			x.Hundredths, x.UnitMinor, x.AmountMinor = 100, e.AmountMinor, e.AmountMinor
			out = append(out, x)
		}
	}
	return out
}

// describe is a timesheet line's description: the job, and the placement when it has a title.
func describe(t timesheets.Line) string {
	if t.Placement != "" && t.Placement != t.Job {
		return t.Job + " – " + t.Placement
	}
	return t.Job
}

// HoursHundredths is minutes as hours in hundredths, rounded half up: 450 minutes is 750.
func HoursHundredths(minutes int) int64 {
	return (int64(minutes)*100 + 30) / 60
}
