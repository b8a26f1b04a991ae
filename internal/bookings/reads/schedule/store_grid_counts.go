package schedule

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// An administrator's grid over a month holds tens of thousands of rows (35,440 in the
// bookingbench month, about 30,000 in bench/load's), and the page's two reads each went over all
// of them: the count joined every placement of the month to its instructions, and the default
// order (most recently changed first) sorted them all for the first 50. placement_day_groups
// keeps each placement's number of live instructions (migration 00047), so a grid showing every
// live instruction of whole departments sums that column instead; and the most recently changed
// live instructions overall are indexed (instructions_recent), so the administrator's first
// pages are read from the newest few of them that fall in the range.

// countsLive reports whether the grid's rows are every live instruction of the range's live
// placements in whole departments: an administrator's or a manager's of whole departments
// (gridScope's byDepartment), filtered by department, client or job template at most. Their
// number is then the read model's.
func (f SchedulerFilter) countsLive() bool {
	return !f.IncludeDeleted && !f.CancelledOnly && len(f.UserIDs) == 0 && len(f.Colours) == 0 &&
		(f.Visible.All || !f.Visible.None() && !f.ownElsewhere)
}

// gridTotal is the number of rows of the grid over all its pages (from and scope are gridScope's).
func gridTotal(ctx context.Context, q database.Reader, f SchedulerFilter, from string, scope *database.Where) (int, error) {
	var total int
	if !f.countsLive() {
		err := q.Get(ctx, &total, `SELECT COUNT(*)`+from+scope.SQL(), scope.Args()...)
		return total, err
	}
	departments, err := dayDepartments(ctx, q, f)
	if err != nil || departments.None() {
		return 0, err
	}
	groups := rangeGroups(f, departments)
	err = q.Get(ctx, &total, `SELECT COALESCE(CAST(SUM(g.live_instructions) AS BIGINT), 0) FROM `+dayGroupsTable+` g`+
		groups.SQL(), groups.Args()...)
	return total, err
}

// recentDepth is how many of the most recently changed live instructions recentChanges reads.
// A month is a sixth to a twelfth of the instructions of data spanning six months to a year, so
// the newest 1,024 hold the first pages of a month that is being worked on; an older month's
// pages fall back to the full read.
var recentDepth = 1024

// recentChanges reads the ids of one page of an administrator's whole grid in the default order
// (every live instruction of the range, most recently changed first; countsLive) from the
// recentDepth most recently changed live instructions. found is false when that cannot be the
// page: another order or viewer, or too few of them in the range to fill it while more rows
// exist (total) beyond.
func recentChanges(ctx context.Context, q database.Reader, f SchedulerFilter, total int) (ids []int64, found bool, err error) {
	whole := f.Visible.All && len(f.DepartmentIDs) == 0 && len(f.ClientIDs) == 0 && len(f.JobTemplateIDs) == 0
	if !whole || !f.countsLive() || gridOrder(f.Sort) != gridOrders[DefaultGridSort] || f.Limit <= 0 ||
		f.Offset+f.Limit > recentDepth {
		return nil, false, nil
	}
	groups := rangeGroups(f, database.SeesAll())
	// The depth is written out (database.LimitOffset: SQLite prepares again a statement whose LIMIT
	// is bound), the page's limit too on the first page.
	depth, _ := database.LimitOffset(recentDepth, 0)
	limit, limitArgs := database.LimitOffset(f.Limit, f.Offset)
	err = q.Select(ctx, &ids, `SELECT r.id FROM (SELECT i.id, i.placement_id, i.updated_at FROM instructions i
			WHERE i.deleted_at IS NULL ORDER BY i.updated_at DESC, i.id DESC`+depth+`) r
		JOIN `+dayGroupsTable+` g ON g.placement_id = r.placement_id`+groups.SQL()+`
		ORDER BY r.updated_at DESC, r.id DESC`+limit, append(groups.Args(), limitArgs...)...)
	// The newest rows of the range are all among the newest overall, so the page is right when
	// it is full, or when it holds the last of the rows.
	return ids, err == nil && (len(ids) == f.Limit || f.Offset+len(ids) == total), err
}

// SetSchedulerRecentDepth sets how many of the newest instructions the administrator's grid
// reads for its first pages (0: never), until the returned function restores it: for the tests
// that hold the recent read and the full one to agree.
func SetSchedulerRecentDepth(n int) (restore func()) {
	was := recentDepth
	recentDepth = n
	return func() { recentDepth = was }
}
