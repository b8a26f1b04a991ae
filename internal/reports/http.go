package reports

import (
	"context"
	"io"
	"log/slog"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/timesheets"
)

// ReportInput is POST /administration/report's body (spec part 2 §7).
type ReportInput struct {
	Body struct {
		ReportType    Type    `json:"reportType" enum:"agency,bookings,entities,users,jobTemplates,financialMetrics,timesheets,invoices"`
		ReportFormat  string  `json:"reportFormat,omitempty" enum:"csv" default:"csv" doc:"csv, the default and only format"`
		ClientIDs     []int64 `json:"clientIds,omitempty" maxItems:"1000"`
		DepartmentIDs []int64 `json:"departmentIds,omitempty" maxItems:"1000"`
		JobIDs        []int64 `json:"jobIds,omitempty" maxItems:"1000"`
		UserIDs       []int64 `json:"userIds,omitempty" maxItems:"1000"`
		StartDate     string  `json:"startDate" doc:"First placement date, YYYY-MM-DD" maxLength:"10"`
		EndDate       string  `json:"endDate" doc:"Last placement date, YYYY-MM-DD" maxLength:"10"`
	}
}

type handlers struct {
	api   huma.API
	store *Store
}

// Register adds the report operation.
func Register(api huma.API, deps feature.Deps) {
	h := &handlers{api: api, store: &Store{DB: deps.DB}}
	httpapi.Register(api, httpapi.Signed, huma.Operation{
		OperationID: "report", Method: http.MethodPost, Path: "/administration/report", Tags: []string{"Reports"},
		Summary: "Export a report as CSV (UTF-8 with a byte-order mark), streamed; named start-end-reportType.csv",
		Description: "Administrators run every type; client and agency managers Financial Metrics and Timesheets, over the " +
			"departments they manage. Columns: docs/reports.md.",
		Responses: map[string]*huma.Response{"200": {Description: "The report",
			Headers: map[string]*huma.Param{"Content-Disposition": {Schema: &huma.Schema{Type: "string"}}},
			Content: map[string]*huma.MediaType{"text/csv": {Schema: &huma.Schema{Type: "string", Format: "binary"}}}}},
		Errors: []int{http.StatusForbidden, http.StatusNotFound, http.StatusUnprocessableEntity},
	}, httpapi.WithUser(h.report))
}

// report is decode → rule → store → respond, the store's rows streamed into the response.
func (h *handlers) report(ctx context.Context, p *auth.Principal, in *ReportInput) (*huma.StreamResponse, error) {
	r := Request(in.Body)
	if !MayRun(p, r.ReportType) {
		return nil, apperror.Forbidden()
	}
	if err := r.Check(); err != nil {
		return nil, err
	}
	if err := checkFilters(ctx, r); err != nil {
		return nil, err
	}
	f := FilterFor(p, r)
	return &huma.StreamResponse{Body: func(hc huma.Context) {
		w := &download{ctx: hc, name: r.FileName()}
		err := h.write(ctx, w, p, r.ReportType, f)
		if err == nil {
			return
		}
		if !w.started { // nothing sent yet: an ordinary error answer
			e := httpapi.FromAppError(ctx, err)
			_ = huma.WriteErr(h.api, hc, e.GetStatus(), e.Message)
			return
		}
		// Part of the file is out: cut the connection so the client sees a failed download,
		// never a short file that looks whole.
		slog.ErrorContext(ctx, "report stream failed", "err", err, "request_id", httpapi.RequestID(ctx))
		if rw, ok := hc.BodyWriter().(http.ResponseWriter); ok {
			if conn, _, herr := http.NewResponseController(rw).Hijack(); herr == nil {
				_ = conn.Close()
			}
		}
	}}, nil
}

// checkFilters refuses named clients and departments the caller does not manage (404 for those
// they may not see, 403 for those they only view), so a filter confirms nothing of other
// clients; administrators pass. Jobs and users only narrow rows already limited to the
// caller's departments.
func checkFilters(ctx context.Context, r Request) error {
	for _, id := range r.ClientIDs {
		if _, err := access.RequireEntityManager(ctx, id); err != nil {
			return err
		}
	}
	for _, id := range r.DepartmentIDs {
		if _, err := access.RequireDepartmentManager(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// write streams report t over f into w.
func (h *handlers) write(ctx context.Context, w io.Writer, p *auth.Principal, t Type, f Filter) error {
	s := h.store
	switch t {
	case Bookings:
		return export(w, p, bookingsColumns, func(fn func(*InstructionRow) error) error { return s.Bookings(ctx, f, fn) })
	case FinancialMetrics:
		return export(w, p, financialColumns, func(fn func(*InstructionRow) error) error { return s.Financial(ctx, f, fn) })
	case Agency:
		return export(w, p, agencyColumns, foldAgencies(func(fn func(*AgencyStatusRow) error) error {
			return s.AgencyStatuses(ctx, f, fn)
		}))
	case Entities:
		return export(w, p, entityColumns, func(fn func(*EntityRow) error) error { return s.Entities(ctx, f, fn) })
	case Users:
		return export(w, p, userColumns, func(fn func(*UserRow) error) error { return s.Users(ctx, f, fn) })
	case Invoices:
		inv := &invoices.Store{DB: s.DB}
		return export(w, p, invoiceColumns, func(fn func(*invoices.ExportRow) error) error {
			return inv.ExportLines(ctx, invoices.ExportFilter{StartDate: f.StartDate, EndDate: f.EndDate, ClientIDs: f.ClientIDs,
				DepartmentIDs: f.DepartmentIDs, JobIDs: f.JobIDs, UserIDs: f.UserIDs, Departments: f.Scope}, fn)
		})
	case Timesheets:
		return export(w, p, timesheetColumns, func(fn func(*timesheets.ReportRow) error) error {
			return timesheets.EachReportRow(ctx, s.DB, timesheets.ReportFilter{ClientIDs: f.ClientIDs,
				DepartmentIDs: f.DepartmentIDs, JobIDs: f.JobIDs, UserIDs: f.UserIDs, StartDate: f.StartDate,
				EndDate: f.EndDate, Scope: f.Scope}, fn)
		})
	case JobTemplates:
		return export(w, p, jobTemplateColumns, func(fn func(*JobTemplateRow) error) error { return s.JobTemplates(ctx, f, fn) })
	}
	return apperror.Field("reportType", "Unknown report type.")
}

// download is the response body: its headers (CSV, attachment, the file name) go out with the
// first bytes, so an error before any byte can still be answered as an error.
type download struct {
	ctx     huma.Context
	name    string
	started bool
}

func (d *download) Write(b []byte) (int, error) {
	if !d.started {
		d.started = true
		d.ctx.SetHeader("Content-Type", "text/csv; charset=utf-8")
		d.ctx.SetHeader("Content-Disposition", `attachment; filename="`+d.name+`"`)
		d.ctx.SetHeader("Cache-Control", "no-store")
		d.ctx.SetStatus(http.StatusOK)
	}
	return d.ctx.BodyWriter().Write(b)
}
