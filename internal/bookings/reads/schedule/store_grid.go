package schedule

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// gridOrders maps the grid's sort values to ORDER BY clauses; modified is the instruction's
// latest change, date the placement's start.
var gridOrders = map[string]string{
	"-modified": "i.updated_at DESC, i.id DESC",
	"modified":  "i.updated_at, i.id",
	"-date":     "p.start_at DESC, p.id DESC, i.id",
	"date":      "p.start_at, p.id, i.id",
}

// DefaultGridSort is the grid's order: most recently changed first.
const DefaultGridSort = "-modified"

// SchedulerChanges reads one page of the grid's instruction rows into the caller's row type T
// (the columns below, then columns: the caller's, such as bookings' hold facts) and the number
// of rows over all pages, in three queries: the count and the page's ids over slim joins (a
// month holds tens of thousands of instructions), then the page's rows. CancelledOnly keeps
// instructions cancelled on either side, those of cancelled placements too. q is one read
// (database.DB.ReadPlanned).
func SchedulerChanges[T any](ctx context.Context, q database.Reader, f SchedulerFilter, columns string) ([]T, int, error) {
	f, err := withViewer(ctx, q, f)
	if err != nil {
		return nil, 0, err
	}
	deleted := f.IncludeDeleted || f.CancelledOnly
	from, scope, none, err := gridScope(ctx, q, f, deleted)
	if err != nil || none {
		return []T{}, 0, err
	}
	if f.CancelledOnly {
		scope.Add("(i.supplier_status = ? OR i.client_status = ?)", string(status.Cancelled), string(status.Cancelled))
	}
	if len(f.Colours) > 0 {
		cond, args := colourCondition(f.Colours)
		scope.Add(cond, args...)
	}
	total, err := gridTotal(ctx, q, f, from, scope)
	if err != nil {
		return nil, 0, err
	}
	order := gridOrder(f.Sort)
	ids, found, err := recentChanges(ctx, q, f, total)
	if err == nil && !found {
		ids = nil
		limit, limitArgs := database.LimitOffset(f.Limit, f.Offset)
		err = q.Select(ctx, &ids, `SELECT i.id`+from+scope.SQL()+` ORDER BY `+order+limit, append(scope.Args(), limitArgs...)...)
	}
	if err != nil {
		return nil, 0, err
	}
	rows := make([]T, 0, len(ids))
	if len(ids) == 0 {
		return rows, total, nil
	}
	err = eachChunk(ids, func(marks string, args []any) error {
		return q.Select(ctx, &rows, `SELECT i.id, i.placement_id, p.booking_id, b.title AS booking_title,
			e.name AS client_name, d.name AS department_name, d.cancel_window_days, p.title AS placement_title, p.local_date,
			p.start_at, p.end_at, p.timezone, i.user_id, u.first_name, u.last_name, i.supplier_status, i.client_status,
			i.cancellation_reason, i.updated_at, i.deleted_at, i.buy_rate_minor, i.buy_currency, i.buy_period,
			i.sell_rate_minor, i.sell_currency, i.sell_period, i.created_at, `+columns+summaryFrom+`
			JOIN entities e ON e.id = d.client_id JOIN instructions i ON i.placement_id = p.id JOIN users u ON u.id = i.user_id
			WHERE i.id IN (`+marks+`) ORDER BY `+order, args...)
	})
	if err != nil {
		return nil, 0, err
	}
	return rows, total, nil
}

// gridScope is the grid's FROM (instructions i, their placements p when the order needs them)
// and WHERE; none when the viewer sees no department of the filter. A grid of live instructions
// in whole departments (a client's or a department's manager, or a department or client
// filter) starts from those departments' placements of the range in placement_day_groups
// (migration 00042; 00043 indexes each one's id by department and date), and joins the
// placements only to sort by date. Tested on each placement of the month instead, PostgreSQL
// misjudged how many pass (the date and start tests multiply their estimates: 62 placements
// for 2,730 on the load data set) and read the whole month's placements (18,133) to keep a
// client's. The read model's rows are the placements', with their booking's department, date
// and deletion.
func gridScope(ctx context.Context, q database.Reader, f SchedulerFilter, deleted bool) (string, *database.Where, bool, error) {
	byDepartment := !f.Visible.All && !f.Visible.None() && !f.ownElsewhere ||
		f.Visible.All && (len(f.DepartmentIDs) > 0 || len(f.ClientIDs) > 0)
	if deleted || !byDepartment {
		return placementsFrom(f) + ` JOIN instructions i ON i.placement_id = p.id`, instructionScope(f, deleted), false, nil
	}
	departments, err := dayDepartments(ctx, q, f)
	if err != nil || departments.None() {
		return "", nil, true, err
	}
	from := ` FROM ` + dayGroupsTable + ` g JOIN instructions i ON i.placement_id = g.placement_id`
	if strings.Contains(gridOrder(f.Sort), "p.") {
		from += ` JOIN placements p ON p.id = g.placement_id`
	}
	scope := rangeGroups(f, departments)
	chosenUsers(scope, "g.placement_id", f, false)
	ic := instructionConditions(f, false)
	scope.Add(ic.And(), ic.Args()...)
	return from, scope, false, nil
}

// rangeGroups is the WHERE clause over placement_day_groups g of the range's live placements
// in departments, of the filter's job templates.
func rangeGroups(f SchedulerFilter, departments database.Visibility) *database.Where {
	scope := &database.Where{}
	scope.Add("g.local_date >= ? AND g.local_date <= ? AND g.deleted_at IS NULL", f.Start, f.End)
	scope.Within("g.department_id", departments)
	if len(f.JobTemplateIDs) > 0 {
		marks, args := database.In(f.JobTemplateIDs)
		scope.Add("g.booking_id IN (SELECT id FROM bookings WHERE job_template_id IN ("+marks+"))", args...)
	}
	return scope
}

// gridOrder is the ORDER BY of sort (one of gridOrders, the default otherwise).
func gridOrder(sort string) string {
	if order, ok := gridOrders[sort]; ok {
		return order
	}
	return gridOrders[DefaultGridSort]
}
