package invoices

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// ExportFilter selects the documents of the accounting export: issued between two dates (both
// included), within a scope, narrowed by client entities, and by departments, job templates and
// freelancers, each of which selects the documents with a line of one of them (a document is
// exported whole: a bill's lines add up to its total).
type ExportFilter struct {
	StartDate, EndDate string
	ClientIDs          []int64
	DepartmentIDs      []int64
	JobIDs             []int64 // the job templates of the lines' bookings
	UserIDs            []int64
	// Departments limits the documents to those billing a department in it (every one when All).
	Departments database.Visibility
}

// ExportLines streams every line of the documents f selects to fn, by issue date, document and
// position, one document's lines read at a time.
func (s *Store) ExportLines(ctx context.Context, f ExportFilter, fn func(*ExportRow) error) error {
	var w database.Where
	w.Add(`i.issue_date >= ? AND i.issue_date <= ?`, f.StartDate, f.EndDate)
	if !f.Departments.All {
		cond, args := f.Departments.Condition("x.department_id")
		w.Add(`EXISTS (SELECT 1 FROM invoice_lines x WHERE x.invoice_id = i.id AND `+cond+`)`, args...)
	}
	w.In(`i.client_entity_id`, f.ClientIDs)
	if len(f.DepartmentIDs) > 0 {
		in, args := database.In(f.DepartmentIDs)
		w.Add(`EXISTS (SELECT 1 FROM invoice_lines x WHERE x.invoice_id = i.id AND x.department_id IN (`+in+`))`, args...)
	}
	if len(f.JobIDs) > 0 {
		in, args := database.In(f.JobIDs)
		w.Add(`EXISTS (SELECT 1 FROM invoice_lines x WHERE x.invoice_id = i.id AND x.booking_id IN (`+
			reads.BookingsOfJobTemplatesSQL(in)+`))`, args...)
	}
	if len(f.UserIDs) > 0 {
		in, args := database.In(f.UserIDs)
		w.Add(`EXISTS (SELECT 1 FROM invoice_lines x WHERE x.invoice_id = i.id AND x.user_id IN (`+in+`))`, args...)
	}
	var docs []Invoice
	if err := s.DB.Select(ctx, &docs, `SELECT `+invoiceColumns+` FROM invoices i`+w.SQL()+
		` ORDER BY i.issue_date, i.id`, w.Args()...); err != nil {
		return fmt.Errorf("export invoices: %w", err)
	}
	for start := 0; start < len(docs); start += 200 {
		batch := docs[start:min(start+200, len(docs))]
		if err := s.withLines(ctx, s.DB, batch); err != nil {
			return err
		}
		for _, d := range batch {
			if err := exportDocument(d, fn); err != nil {
				return err
			}
		}
	}
	return nil
}

func exportDocument(d Invoice, fn func(*ExportRow) error) error {
	vat := ShareVAT(d.Lines, d.VATHundredths, d.VATMinor)
	for i, l := range d.Lines {
		r := ExportRow{InvoiceID: d.ID, Kind: d.Kind, Number: d.NumberText, IssueDate: d.IssueDate, DueDate: d.DueDate,
			Status: d.Status, Currency: d.Currency, Supplier: d.Parties.Supplier, VATRegistered: d.VATRegistered,
			VATHundredths: d.VATHundredths, Line: l, LineVAT: vat[i]}
		if err := fn(&r); err != nil {
			return err
		}
	}
	return nil
}
