// Package reports is the report export (spec part 2 §2 Reports page, §7 POST
// /administration/report): each report type, who may run it, its columns written once, and the
// CSV they are streamed into. It is a read model: its queries read the bookings, jobs,
// organisations and accounts tables in one statement per report (docs/architecture.md), and it
// writes nothing.
package reports

import (
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Type is a report type as the API names it; the download is named after it.
type Type string

// The report types of spec part 2 §2: all admin only but Financial Metrics.
const (
	Agency           Type = "agency"
	Bookings         Type = "bookings"
	Entities         Type = "entities"
	Users            Type = "users"
	JobTemplates     Type = "jobTemplates"
	FinancialMetrics Type = "financialMetrics"
	Timesheets       Type = "timesheets"
	// Invoices is the accounting export: every line of the self-billed invoices and credit
	// notes issued in the range, in Xero's bills import layout.
	Invoices Type = "invoices"
)

// Types lists the report types in the order the page shows their cards.
var Types = []Type{FinancialMetrics, Timesheets, Invoices, Bookings, Agency, Entities, Users, JobTemplates}

// FormatCSV is the one export format, and the default (spec part 2 §9).
const FormatCSV = "csv"

// The messages of a refused request.
const (
	MsgDate       = "Use a date as YYYY-MM-DD."
	MsgStartAfter = "The start date must be on or before the end date."
	MsgFormat     = "The only report format is csv."
)

// Request is a report request (spec part 2 §3) as the rules and the store take it.
type Request struct {
	ReportType    Type
	ReportFormat  string
	ClientIDs     []int64
	DepartmentIDs []int64
	JobIDs        []int64
	UserIDs       []int64
	StartDate     string
	EndDate       string
}

// Check validates the request's format and dates: a 422 on the field at fault.
func (r Request) Check() error {
	var v apperror.Invalid
	if r.ReportFormat != "" && r.ReportFormat != FormatCSV {
		v.Add("reportFormat", MsgFormat)
	}
	start, serr := time.Parse(time.DateOnly, r.StartDate)
	if serr != nil {
		v.Add("startDate", MsgDate)
	}
	end, eerr := time.Parse(time.DateOnly, r.EndDate)
	if eerr != nil {
		v.Add("endDate", MsgDate)
	}
	if serr == nil && eerr == nil && start.After(end) {
		v.Add("endDate", MsgStartAfter)
	}
	return v.Err()
}

// FileName is the download's name: start-end-reportType.csv (spec part 2 §4).
func (r Request) FileName() string {
	return r.StartDate + "-" + r.EndDate + "-" + string(r.ReportType) + "." + FormatCSV
}

// MayRun is who may run a report type: administrators every type; client and agency managers
// Financial Metrics, Timesheets and the invoices export, over what they manage (Scope).
func MayRun(p *auth.Principal, t Type) bool {
	if p == nil {
		return false
	}
	if t == FinancialMetrics || t == Timesheets || t == Invoices {
		return access.IsClientOrAgencyManager(p)
	}
	return p.Has(auth.NeedAdmin)
}

// Filter is what the store's queries read: the request's filters and date range, and the
// departments the viewer's rows are limited to (all for administrators).
type Filter struct {
	ClientIDs, DepartmentIDs, JobIDs, UserIDs []int64
	StartDate, EndDate                        string
	Scope                                     database.Visibility
}

// FilterFor is r's filter as p may run it.
func FilterFor(p *auth.Principal, r Request) Filter {
	return Filter{ClientIDs: r.ClientIDs, DepartmentIDs: r.DepartmentIDs, JobIDs: r.JobIDs, UserIDs: r.UserIDs,
		StartDate: r.StartDate, EndDate: r.EndDate, Scope: access.ManagedDepartments(p)}
}
