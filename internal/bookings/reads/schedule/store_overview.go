package schedule

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// A month of many departments (an administrator's Global View, a client's) holds thousands to
// tens of thousands of placements, while a month cell shows a few groups and counts the rest.
// Reading each placement of the month costs more than the page's whole budget, so this read
// takes from the placement_day_groups read model (migration 00042: each placement's group key
// with its booking's title, indexed in compareGroups' order) each day's counts and the keys of
// its first groupsPerDay groups, then reads only those groups' placements. Nothing is hidden from such a viewer (no freelancer view, no colour filter), so
// the counts in the database are the groups the display rules would list.

// readsDayIndex reports whether the summary takes each day's first groups from the read model:
// a few groups a day, every instruction seen in whole departments (so the display rules hide no
// group), no colour or job template filter.
func (f SchedulerFilter) readsDayIndex() bool {
	return f.GroupsPerDay > 0 && f.seesEveryInstruction() && len(f.Colours) == 0 && len(f.JobTemplateIDs) == 0
}

// dayDepartments is the departments of the read (placementScope's departments).
func dayDepartments(ctx context.Context, q database.Reader, f SchedulerFilter) (database.Visibility, error) {
	if f.Visible.All && len(f.DepartmentIDs) == 0 && len(f.ClientIDs) == 0 {
		return database.SeesAll(), nil
	}
	var sets [][]int64
	if !f.Visible.All {
		sets = append(sets, f.Visible.IDs)
	}
	if len(f.DepartmentIDs) > 0 {
		sets = append(sets, f.DepartmentIDs)
	}
	if len(f.ClientIDs) > 0 {
		marks, args := database.In(f.ClientIDs)
		var ofClients []int64
		if err := q.Select(ctx, &ofClients, `SELECT id FROM departments WHERE client_id IN (`+marks+`)`, args...); err != nil {
			return database.Visibility{}, err
		}
		sets = append(sets, ofClients)
	}
	departments := slices.Clone(sets[0])
	for _, set := range sets[1:] {
		departments = slices.DeleteFunc(departments, func(d int64) bool { return !slices.Contains(set, d) })
	}
	slices.Sort(departments)
	return database.SeesOnly(slices.Compact(departments)), nil
}

// dayGroupKey is a live placement group's key as the index orders it.
type dayGroupKey struct {
	LocalDate    string `db:"local_date"`
	StartTime    string `db:"start_time"`
	BookingTitle string `db:"booking_title"`
	BookingID    int64  `db:"booking_id"`
	Title        string `db:"title"`
	EndTime      string `db:"end_time"`
}

// SchedulerDayCount is one day's number of live placement groups and of their placements.
type SchedulerDayCount struct {
	LocalDate  string `db:"local_date"`
	Groups     int    `db:"group_count"`
	Placements int    `db:"placement_count"`
}

// dayGroupColumns are the index's columns in order, the group key.
const dayGroupColumns = "g.local_date, g.start_time, g.booking_title, g.booking_id, g.title, g.end_time"

// wholeRangeBound is the most placements a month view of whole departments reads whole, once
// the day counts have told how many the range holds, rather than look up each day's first
// groups in the day index. On the demo month (8 placements, SQLite) the one read of them took
// 43 µs, the first groups' keys and their placements 150 µs in two statements. On PostgreSQL the
// whole read is planned once (PlanOnceFromHere): planned for its values on every call, as
// ReadPlanned does, it cost more than the index's reads.
var wholeRangeBound = 64

// dayGroupsTable is the read model of the placements' group keys.
const dayGroupsTable = "placement_day_groups"

// dayIndexPlacements reads the range's day counts and the placements (with their packed counts
// from the read model, as statePlacements) of each day's first f.GroupsPerDay groups, or every
// placement of a range that holds at most wholeRangeBound.
func dayIndexPlacements(ctx context.Context, q database.Reader, dialect database.Dialect, f SchedulerFilter) ([]SchedulerPlacement, []SchedulerDayCount, error) {
	departments, err := dayDepartments(ctx, q, f)
	if err != nil || departments.None() {
		return nil, nil, err
	}
	scope := &database.Where{}
	// Over every department the order index yields the groups in key order. Over some, the
	// department index yields each department's in key order, and a group (its booking's) never
	// spans two departments, so grouping by department first counts the same groups without
	// sorting the month: a client's five departments, 2,730 placements, 8.5 -> 4.0 ms in SQLite.
	groupBy := dayGroupColumns
	if !departments.All {
		scope.Within("g.department_id", departments)
		groupBy = "g.department_id, " + dayGroupColumns
	}
	var counts []SchedulerDayCount
	if err := q.Select(ctx, &counts, `SELECT local_date, COUNT(*) AS group_count, CAST(SUM(n) AS BIGINT) AS placement_count
		FROM (SELECT g.local_date, COUNT(*) AS n FROM `+dayGroupsTable+` g
			WHERE g.local_date >= ? AND g.local_date <= ? AND g.deleted_at IS NULL AND `+scope.And()+` GROUP BY `+groupBy+`) d
		GROUP BY local_date`, append([]any{f.Start, f.End}, scope.Args()...)...); err != nil || len(counts) == 0 {
		return nil, counts, err
	}
	if placementsOf(counts) <= wholeRangeBound {
		// So few placements that any plan reads them quickly: PostgreSQL plans the read once.
		if err := database.PlanOnceFromHere(ctx, q); err != nil {
			return nil, nil, err
		}
		ps, err := statePlacements(ctx, q, f)
		return ps, counts, err
	}
	// The month view (overviewOnly) reads nothing after this but lookups of the groups' keys and
	// of ids, and every department's first groups of each day are an ordered walk of the days:
	// their plans cannot depend on the values, so PostgreSQL plans them once rather than on
	// every call, which cost it more than the reads (PlanOnceFromHere). The first groups of some
	// departments stay planned for their departments, which may be large or small, and so does
	// everything when the groups' instructions are listed next.
	if f.OverviewOnly && departments.All {
		if err := database.PlanOnceFromHere(ctx, q); err != nil {
			return nil, nil, err
		}
	}
	var keys []dayGroupKey
	if dialect == database.Postgres {
		keys, err = firstDayGroupsLateral(ctx, q, counts, f.GroupsPerDay, scope)
	} else {
		keys, err = firstDayGroups(ctx, q, counts, f.GroupsPerDay, departments.IDs, scope)
	}
	if err == nil && f.OverviewOnly && !departments.All {
		err = database.PlanOnceFromHere(ctx, q)
	}
	if err != nil {
		return nil, nil, err
	}
	var ps []SchedulerPlacement
	for from := 0; from < len(keys); from += keysPerRead {
		part, err := dayGroupPlacements(ctx, q, keys[from:min(from+keysPerRead, len(keys))])
		if err != nil {
			return nil, nil, err
		}
		ps = append(ps, part...)
	}
	return ps, counts, nil
}

// keysPerRead bounds the group keys one read of their placements tests.
const keysPerRead = 64

// maxArms bounds the arms of one compound statement (SQLite allows 500).
const maxArms = 480

// firstDayGroups reads the keys of candidates for the first n groups of each day that has any,
// in one statement of one arm per day (every department, or more than fit as arms) or per day
// and department, each walking its index entries in order until it has n groups. The caller
// keeps each day's first n (assembleDays, in compareGroups' order).
func firstDayGroups(ctx context.Context, q database.Reader, days []SchedulerDayCount, n int, departments []int64, scope *database.Where) ([]dayGroupKey, error) {
	perDepartment := len(departments) > 0 && len(days)*len(departments) <= maxArms
	var arms []string
	var args []any
	limit, limitArgs := armLimit(n)
	arm := func(cond string, condArgs ...any) {
		arms = append(arms, `SELECT * FROM (SELECT `+dayGroupColumns+` FROM `+dayGroupsTable+` g
			WHERE g.local_date = ? AND g.deleted_at IS NULL AND `+cond+` GROUP BY `+dayGroupColumns+`
			ORDER BY `+dayGroupColumns+limit+`) `+fmt.Sprintf("d%d", len(arms)))
		args = append(append(args, condArgs...), limitArgs...)
	}
	for _, d := range days {
		if !perDepartment {
			arm(scope.And(), append([]any{d.LocalDate}, scope.Args()...)...)
			continue
		}
		for _, department := range departments {
			arm("g.department_id = ?", d.LocalDate, department)
		}
	}
	var keys []dayGroupKey
	err := q.Select(ctx, &keys, strings.Join(arms, " UNION ALL "), args...)
	return keys, err
}

// armLimit is the LIMIT of each day's arm: n written out when it is as small as a month's cells
// ask (database.LimitOffset: SQLite prepares a statement again on every call when its LIMIT is
// bound, and this one has an arm per day), bound beyond, so callers cannot multiply its texts.
func armLimit(n int) (string, []any) {
	if n <= maxLiteralGroupsPerDay {
		return database.LimitOffset(n, 0)
	}
	return " LIMIT ?", []any{n}
}

// maxLiteralGroupsPerDay is the largest groupsPerDay written into the statement's text.
const maxLiteralGroupsPerDay = 10

// firstDayGroupsLateral is firstDayGroups on PostgreSQL: one subquery run for each day
// (LATERAL), planned once; PostgreSQL plans each arm of a compound statement apart, which cost
// more than the reads.
func firstDayGroupsLateral(ctx context.Context, q database.Reader, days []SchedulerDayCount, n int, scope *database.Where) ([]dayGroupKey, error) {
	values := make([]string, len(days))
	args := make([]any, 0, len(days)+len(scope.Args())+1)
	for i, d := range days {
		values[i] = "(CAST(? AS TEXT))"
		args = append(args, d.LocalDate)
	}
	var keys []dayGroupKey
	err := q.Select(ctx, &keys, `SELECT k.* FROM (VALUES `+strings.Join(values, ", ")+`) AS days (d)
		CROSS JOIN LATERAL (SELECT `+dayGroupColumns+` FROM `+dayGroupsTable+` g
			WHERE g.local_date = days.d AND g.deleted_at IS NULL AND `+scope.And()+` GROUP BY `+dayGroupColumns+`
			ORDER BY `+dayGroupColumns+` LIMIT ?) k`, append(append(args, scope.Args()...), n)...)
	return keys, err
}

// dayGroupPlacements reads the live placements of the given groups with their packed counts.
// The keys are a table of values joined to the index: as an OR of one test per key, PostgreSQL
// spent 7 ms planning 64 keys (2 ms this way) and SQLite 1 ms running them (0.15 ms).
func dayGroupPlacements(ctx context.Context, q database.Reader, keys []dayGroupKey) ([]SchedulerPlacement, error) {
	rows := make([]string, len(keys))
	args := make([]any, 0, 6*len(keys))
	for i, k := range keys {
		rows[i] = "(CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT))"
		args = append(args, k.LocalDate, k.StartTime, k.BookingTitle, k.BookingID, k.Title, k.EndTime)
	}
	var ps []SchedulerPlacement
	err := q.Select(ctx, &ps, `WITH k (local_date, start_time, booking_title, booking_id, title, end_time) AS (VALUES `+
		strings.Join(rows, ", ")+`) `+placementColumns+packedFromStatesSQL+` FROM k
		JOIN `+dayGroupsTable+` g ON g.local_date = k.local_date AND g.start_time = k.start_time
			AND g.booking_title = k.booking_title AND g.booking_id = k.booking_id AND g.title = k.title
			AND g.end_time = k.end_time AND g.deleted_at IS NULL
		JOIN placements p ON p.id = g.placement_id JOIN `+reads.PlacementStatesTable+` s ON s.placement_id = p.id`, args...)
	for i := range ps {
		ps[i].Substitution = ps[i].Packed&substitutionFlag != 0
		ps[i].Packed &^= substitutionFlag
	}
	return ps, err
}

// placementsOf is the number of placements the day counts count.
func placementsOf(counts []SchedulerDayCount) int {
	n := 0
	for _, c := range counts {
		n += c.Placements
	}
	return n
}

// SetSchedulerWholeRangeBound sets how many placements a month view of whole departments reads
// whole before it reads the day index (0: always the index), until the returned function
// restores it: for the tests that hold the two reads to agree.
func SetSchedulerWholeRangeBound(n int) (restore func()) {
	was := wholeRangeBound
	wholeRangeBound = n
	return func() { wholeRangeBound = was }
}
