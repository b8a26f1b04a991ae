package timesheets

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// ReportRow is one timesheet as the timesheets report lists it: Row's columns and the sum of
// its expenses in its own currency (ExpensesMinor) with how many there are in all
// (Expenses; those in another currency are counted, not summed).
type ReportRow struct {
	Row
	ClientName    string `db:"client_name"`
	ExpenseCount  int    `db:"expense_count"`
	ExpensesMinor int64  `db:"expenses_minor"`
}

// ReportFilter is the report's request as the timesheets read it: the clients, departments,
// job templates (of the timesheets' bookings) and freelancers named (none: all), the local
// dates (both ends in), and the departments the caller's rows are limited to.
type ReportFilter struct {
	ClientIDs, DepartmentIDs, JobIDs, UserIDs []int64
	StartDate, EndDate                        string
	Scope                                     database.Visibility
}

// EachReportRow streams the timesheets f selects, by date, department and freelancer, each
// scanned into one reused row handed to fn before the next is read.
func EachReportRow(ctx context.Context, db *database.DB, f ReportFilter, fn func(*ReportRow) error) error {
	var w database.Where
	w.Add("t.local_date >= ? AND t.local_date <= ?", f.StartDate, f.EndDate)
	w.In("t.client_entity_id", f.ClientIDs)
	w.In("t.department_id", f.DepartmentIDs)
	w.In("t.user_id", f.UserIDs)
	if len(f.JobIDs) > 0 {
		marks, args := database.In(f.JobIDs)
		w.Add("t.booking_id IN ("+reads.BookingsOfJobTemplatesSQL(marks)+")", args...)
	}
	w.Within("t.department_id", f.Scope)
	var r ReportRow
	return db.Each(ctx, func(rows *sqlx.Rows) error {
		r = ReportRow{}
		if err := rows.StructScan(&r); err != nil {
			return err
		}
		return fn(&r)
	}, `SELECT `+rowColumns+`, e.name AS client_name,
		(SELECT COUNT(*) FROM timesheet_expenses x WHERE x.timesheet_id = t.id) AS expense_count,
		(SELECT COALESCE(SUM(x.amount_minor), 0) FROM timesheet_expenses x WHERE x.timesheet_id = t.id
			AND x.currency = t.currency) AS expenses_minor`+rowFrom+` JOIN entities e ON e.id = t.client_entity_id`+
		w.SQL()+` ORDER BY t.local_date, d.name, user_name, t.id`, w.Args()...)
}

// LocalStart is the actual start's clock time in the placement's zone.
func (r Row) LocalStart() string { return LocalTime(r.StartAt, r.Timezone) }

// LocalEnd is the actual end's clock time in the placement's zone.
func (r Row) LocalEnd() string { return LocalTime(r.EndAt, r.Timezone) }
