package reports

import (
	"github.com/hive/hive/internal/timesheets"
)

// timesheetColumns are the Timesheets report's columns: one row per timesheet, its times, pay
// (the pay rules' figures, in its currency) and where it stands.
var timesheetColumns = []column[timesheets.ReportRow]{
	{title: "Timesheet ID", kind: kindNumber, cell: func(r *timesheets.ReportRow) string { return count(r.ID) }},
	{title: "Instruction ID", kind: kindNumber, cell: func(r *timesheets.ReportRow) string { return count(r.InstructionID) }},
	{title: "Date", kind: kindDate, cell: func(r *timesheets.ReportRow) string { return r.LocalDate }},
	{title: "Client", cell: func(r *timesheets.ReportRow) string { return r.ClientName }},
	{title: "Department", cell: func(r *timesheets.ReportRow) string { return r.DepartmentName }},
	{title: "Freelancer", cell: func(r *timesheets.ReportRow) string { return r.UserName }},
	{title: "Job", cell: func(r *timesheets.ReportRow) string { return r.JobTitle }},
	{title: "Placement", cell: func(r *timesheets.ReportRow) string { return r.PlacementTitle }},
	{title: "Start", kind: kindNumber, cell: func(r *timesheets.ReportRow) string { return r.LocalStart() }},
	{title: "End", kind: kindNumber, cell: func(r *timesheets.ReportRow) string { return r.LocalEnd() }},
	{title: "Unpaid Breaks (min)", kind: kindNumber, cell: func(r *timesheets.ReportRow) string { return count(int64(r.BreakMinutes)) }},
	{title: "Hours", kind: kindNumber, cell: func(r *timesheets.ReportRow) string { return hours(int64(r.WorkedMinutes)) }},
	{title: "Overtime Hours", kind: kindNumber, cell: func(r *timesheets.ReportRow) string { return hours(int64(r.OvertimeMinutes)) }},
	{title: "Rate", kind: kindMoney, cell: func(r *timesheets.ReportRow) string { return money(r.RateMinor) }},
	{title: "Rate Period", cell: func(r *timesheets.ReportRow) string { return r.RatePeriod }},
	{title: "Currency", cell: func(r *timesheets.ReportRow) string { return r.Currency }},
	{title: "Base Pay", kind: kindMoney, cell: func(r *timesheets.ReportRow) string { return money(r.BaseMinor) }},
	{title: "Overtime Pay", kind: kindMoney, cell: func(r *timesheets.ReportRow) string { return money(r.OvertimeMinor) }},
	{title: "Amount", kind: kindMoney, cell: func(r *timesheets.ReportRow) string { return money(r.AmountMinor) }},
	{title: "Expenses", kind: kindNumber, cell: func(r *timesheets.ReportRow) string { return count(int64(r.ExpenseCount)) }},
	{title: "Expenses Amount", kind: kindMoney, cell: func(r *timesheets.ReportRow) string { return money(r.ExpensesMinor) }},
	{title: "Status", cell: func(r *timesheets.ReportRow) string { return r.Status }},
	{title: "Auto Approved", cell: func(r *timesheets.ReportRow) string { return yesNo(r.AutoApproved) }},
	{title: "Dispute Reason", cell: func(r *timesheets.ReportRow) string { return r.DisputeReason }},
	{title: "Note", cell: func(r *timesheets.ReportRow) string { return r.Note }},
}
