package reports

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads the reports' rows, one statement per report, streamed: each row is scanned into
// one reused value and handed on before the next is read.
type Store struct{ DB *database.DB }

// each runs query and hands every row, scanned into one R, to fn.
func each[R any](ctx context.Context, db *database.DB, query string, args []any, fn func(*R) error) error {
	var r R
	return db.Each(ctx, func(rows *sqlx.Rows) error {
		if err := rows.StructScan(&r); err != nil {
			return err
		}
		return fn(&r)
	}, query, args...)
}

// instructionFrom joins an instruction to its placement, booking, department, client, job
// template and freelancer (aliases i, p, b, d, e, jt, u), as bookings' read interface gives it.
const instructionFrom = reads.ReportInstructionFrom

// instructionWhere is the filter of the instruction reports: live instructions whose placement's
// local date (in its department's zone) is in the range, within the filters and the viewer's
// departments. The placement's start instant brackets the local dates (no zone is more than a
// day from UTC), so the range reads the placements_start index.
func instructionWhere(f Filter) *database.Where {
	var w database.Where
	start, _ := time.Parse(time.DateOnly, f.StartDate)
	end, _ := time.Parse(time.DateOnly, f.EndDate)
	w.Add("p.start_at >= ? AND p.start_at < ?", start.AddDate(0, 0, -1), end.AddDate(0, 0, 2))
	w.Add("p.local_date >= ? AND p.local_date <= ?", f.StartDate, f.EndDate)
	w.Add("i.deleted_at IS NULL")
	w.In("d.client_id", f.ClientIDs)
	w.In("b.department_id", f.DepartmentIDs)
	w.In("b.job_template_id", f.JobIDs)
	w.In("i.user_id", f.UserIDs)
	w.Within("b.department_id", f.Scope)
	return &w
}
