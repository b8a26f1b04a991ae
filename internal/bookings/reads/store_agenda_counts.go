package reads

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// allDepartments is the department of placement_day_counts whose rows count every
// department's placements: an administrator's scope.
const allDepartments = 0

// dayCounted says whether a manager's counts for q come from placement_day_counts (migration
// 00041) instead of one pass over the open placements of placement_states: every count of a
// scope without dates. Counting row by row cost an administrator (125,000 open placements on
// the load data set) and a client manager (25,000) 40 to 300 ms a call, on every
// page of a rule tab (its total) and every call of the tab counts. A date range reads its rows.
func (a Agenda) dayCounted(q AgendaQuery) bool {
	return q.managerView() && q.StartDate == "" && q.EndDate == "" && !a.CountRows
}

// countDepartments is the departments of placement_day_counts that hold q's scope.
func countDepartments(q AgendaQuery) []int64 {
	if q.Visible.All {
		return []int64{allDepartments}
	}
	return q.Visible.IDs
}

// nextUTCMidnight is the start of the UTC day after now's: placement_day_counts' days are UTC
// days, and the rows from it on hold only placements that have not ended yet.
func nextUTCMidnight(now time.Time) time.Time {
	u := now.UTC()
	return time.Date(u.Year(), u.Month(), u.Day()+1, 0, 0, 0, 0, time.UTC)
}

// pairCount is how many placements hold one set of status pairs.
type pairCount struct {
	Pairs int64 `db:"pairs"`
	N     int   `db:"n"`
}

// openCountsByDay is managerCounts from placement_day_counts: the placements of the scope
// ending after today in a few rows a day, those ending today (from now on) one by one from
// placement_states, as the day's count also holds those already ended; inTab sorts the sets of
// pairs into the tabs.
func (a Agenda) openCountsByDay(ctx context.Context, q AgendaQuery, sc scope, now time.Time) ([]int, error) {
	tomorrow := nextUTCMidnight(now)
	marks, depts := database.In(countDepartments(q))
	open := openSQL(now)
	args := append(append(depts, tomorrow.Format(time.DateOnly)), sc.where.args...)
	args = append(append(args, open.args...), tomorrow)
	var rows []pairCount
	err := a.DB.Select(ctx, &rows, `SELECT pairs, CAST(SUM(n) AS BIGINT) AS n FROM placement_day_counts
		WHERE department_id IN (`+marks+`) AND live = TRUE AND end_day >= ? GROUP BY pairs
		UNION ALL
		SELECT p.pairs, COUNT(*) AS n `+sc.states()+` WHERE `+sc.where.sql+` AND `+open.sql+` AND p.end_at < ?
		GROUP BY p.pairs`, args...)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(q.Rules))
	for k, r := range q.Rules {
		for _, c := range rows {
			if inTab(r, c.Pairs) {
				out[k] += c.N
			}
		}
	}
	return out, nil
}

// allByDay is countAll from placement_day_counts: every placement of the scope, cancelled and
// ended ones too.
func (a Agenda) allByDay(ctx context.Context, q AgendaQuery) (int, error) {
	marks, depts := database.In(countDepartments(q))
	var n int
	err := a.DB.Get(ctx, &n, `SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM placement_day_counts WHERE department_id IN (`+marks+`)`, depts...)
	return n, err
}

// dayCount is how many placements ending on one day hold one set of status pairs.
type dayCount struct {
	Day   string `db:"end_day"`
	Pairs int64  `db:"pairs"`
	N     int    `db:"n"`
}

// pageBound narrows the read of a manager's page to the days that hold it, from
// placement_day_counts: "AND p.start_at < ?" for a rule tab (sorted by start), "AND p.start_at
// >= ?" for Archived (newest first), or nothing. Without it, a client manager's page read every
// open placement of their departments (25,000) and sorted them to keep 20. A rule tab's first
// offset+limit placements start before the midnight after day D when those ending from tomorrow
// to D already number offset+limit (each starts before it ends); Archived's newest start within
// longestPlacement before day D when those ending on D or later do.
func (a Agenda) pageBound(ctx context.Context, q AgendaQuery, now time.Time) (fragment, error) {
	rule, isRule := q.rule()
	if !a.dayCounted(q) || (!isRule && q.Tab != AgendaArchived) {
		return fragment{}, nil
	}
	walk := &boundWalk{want: q.Offset + q.Limit, rule: rule, isRule: isRule}
	marks, depts := database.In(countDepartments(q))
	if isRule {
		return a.ruleTabBound(ctx, walk, marks, depts, now)
	}
	var days []dayCount
	if err := a.DB.Select(ctx, &days, `SELECT end_day, 0 AS pairs, CAST(SUM(n) AS BIGINT) AS n FROM placement_day_counts
		WHERE department_id IN (`+marks+`) GROUP BY end_day ORDER BY end_day DESC`, depts...); err != nil {
		return fragment{}, err
	}
	bound, _, err := walk.reaches(days)
	return bound, err
}

// ruleTabBound is pageBound for a rule tab. A first page lies in the scope's first days to come:
// it reads a fortnight from the first, and the rest only when the fortnight falls short. Reading
// and sorting every future day of a client's five departments (5,570 rows) would be 40 % of its
// agenda page's time.
func (a Agenda) ruleTabBound(ctx context.Context, walk *boundWalk, marks string, depts []any, now time.Time) (fragment, error) {
	with := func(more ...any) []any { return append(depts[:len(depts):len(depts)], more...) }
	var first *string
	if err := a.DB.Get(ctx, &first, `SELECT MIN(end_day) FROM placement_day_counts
		WHERE department_id IN (`+marks+`) AND live = TRUE AND end_day >= ?`,
		with(nextUTCMidnight(now).Format(time.DateOnly))...); err != nil || first == nil {
		return fragment{}, err
	}
	from, err := time.Parse(time.DateOnly, *first)
	if err != nil {
		return fragment{}, err
	}
	split := from.AddDate(0, 0, pageBoundFirstDays).Format(time.DateOnly)
	for _, window := range [][2]string{{*first, split}, {split, "9999-12-31"}} {
		var days []dayCount
		if err := a.DB.Select(ctx, &days, `SELECT end_day, pairs, CAST(SUM(n) AS BIGINT) AS n FROM placement_day_counts
			WHERE department_id IN (`+marks+`) AND live = TRUE AND end_day >= ? AND end_day < ?
			GROUP BY end_day, pairs ORDER BY end_day`, with(window[0], window[1])...); err != nil {
			return fragment{}, err
		}
		if bound, ok, err := walk.reaches(days); ok || err != nil {
			return bound, err
		}
	}
	return fragment{}, nil
}

// boundWalk counts a tab's placements day by day until they reach want.
type boundWalk struct {
	want, seen int
	rule       AgendaRule
	isRule     bool
}

// reaches walks days, in the tab's order, on from the days walked before, and bounds the page
// at the day where the placements seen reach want; false when they do not yet.
func (w *boundWalk) reaches(days []dayCount) (fragment, bool, error) {
	for _, d := range days {
		if w.isRule && !inTab(w.rule, d.Pairs) {
			continue
		}
		if w.seen += d.N; w.seen < w.want {
			continue
		}
		day, err := time.Parse(time.DateOnly, d.Day)
		if err != nil {
			return fragment{}, false, err
		}
		if w.isRule {
			return fragment{" AND p.start_at < ?", []any{day.AddDate(0, 0, 1)}}, true, nil
		}
		return fragment{" AND p.start_at >= ?", []any{day.Add(-longestPlacement)}}, true, nil
	}
	return fragment{}, false, nil
}

// pageBoundFirstDays is how many days pageBound reads first for a rule tab.
const pageBoundFirstDays = 14
