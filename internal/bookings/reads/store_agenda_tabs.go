package reads

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// The agenda's reads of bookings: the placement ids of a page of a tab, the tabs' counts and the
// critical candidates. The agenda (internal/agenda) owns the tabs and their rules; it hands them
// here as AgendaRules, and the reads render them as SQL, so listing and counting cannot drift
// apart. The tab rules compare with the clock the caller passes (the database's, which tests set).

// AgendaRule is the statuses that put one instruction in a rule tab, provided it is not deleted
// and its placement has not ended. Unassigned: a manager's tab also holds a live placement that
// has not ended and has no live instruction.
type AgendaRule struct {
	Supplier, Client []status.Status
	Unassigned       bool
}

// AgendaArchived is AgendaQuery.Tab for the Archived tab: everything the rule tabs leave (a
// freelancer's ended, deleted, rejected or cancelled instructions; every placement of a
// manager's scope).
const AgendaArchived = -1

// AgendaQuery is one agenda read: whose view, its scope and the tab.
type AgendaQuery struct {
	// Freelancer is the freelancer whose own instructions the view shows; 0 is a manager's view
	// of the placements of the departments Visible.
	Freelancer         int64
	Visible            database.Visibility
	StartDate, EndDate string // local dates YYYY-MM-DD, inclusive; empty: open
	// Rules are the rule tabs, disjoint; Tab is the index of the tab read, or AgendaArchived.
	Rules         []AgendaRule
	Tab           int
	Offset, Limit int
}

// managerView reports whether q is a manager's view.
func (q AgendaQuery) managerView() bool { return q.Freelancer == 0 }

// rule is the rule of q's tab, when it has one.
func (q AgendaQuery) rule() (AgendaRule, bool) {
	if q.Tab < 0 || q.Tab >= len(q.Rules) {
		return AgendaRule{}, false
	}
	return q.Rules[q.Tab], true
}

// Agenda reads the agenda's placements. CountRows makes a manager's counts read
// placement_states row by row, as a date range does, for the tests that hold the two ways to
// agree.
type Agenda struct {
	DB        *database.DB
	CountRows bool
}

// longestPlacement bounds a placement's length: its end is at most a day after its start (25
// hours over a clock change; bookings.PlacementPeriod). "Not ended" (end_at > now) then implies
// start_at > now - longestPlacement, a bound the start index can range-scan.
const longestPlacement = 26 * time.Hour

// quoted renders statuses as SQL literals. They are fixed words of package status, and literal
// text keeps one statement per tab, which SQLite prepares once.
func quoted(ss ...status.Status) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = status.Literal(s)
	}
	return strings.Join(parts, ", ")
}

// matchSQL is rule r on instruction alias i (its placement's end is checked apart).
func matchSQL(r AgendaRule, i string) string {
	return "(" + i + ".deleted_at IS NULL AND " + i + ".supplier_status IN (" + quoted(r.Supplier...) + ") AND " +
		i + ".client_status IN (" + quoted(r.Client...) + "))"
}

// fragment is a piece of a WHERE clause with its arguments.
type fragment struct {
	sql  string
	args []any
}

// freelancerWhere puts one of the freelancer's instructions (alias i, placement p) in q's tab.
// Archived is everything the other tabs leave: ended, deleted, rejected or cancelled.
func freelancerWhere(q AgendaQuery, now time.Time) fragment {
	if r, ok := q.rule(); ok {
		return fragment{"p.end_at > ? AND " + matchSQL(r, "i"), []any{now}}
	}
	matches := make([]string, len(q.Rules))
	for k, r := range q.Rules {
		matches[k] = matchSQL(r, "i")
	}
	return fragment{"NOT (p.end_at > ? AND (" + strings.Join(matches, " OR ") + "))", []any{now}}
}

// openSQL holds a manager's placements that the rule tabs may show: live and not ended. The
// redundant start bound lets the start index range-scan.
func openSQL(now time.Time) fragment {
	return fragment{"p.deleted_at IS NULL AND p.end_at > ? AND p.start_at > ?", []any{now, now.Add(-longestPlacement)}}
}

// managerWhere puts placement p in q's tab when any of its instructions matches the tab's rule,
// or, for an Unassigned rule, when none is live; Archived holds every placement. A rule tab
// reads the placement's row s of the read model placement_states (statesJoin).
func managerWhere(q AgendaQuery, now time.Time) fragment {
	r, ok := q.rule()
	if !ok {
		return fragment{"1 = 1", nil}
	}
	open := openSQL(now)
	return fragment{open.sql + " AND (" + tabSQL(r, "s") + ")", open.args}
}

// statesJoin joins placement p to its row s of placement_states.
const statesJoin = " JOIN " + PlacementStatesTable + " s ON s.placement_id = p.id"

// ruleMask is the status pairs of placement_states that match rule r.
func ruleMask(r AgendaRule) int64 {
	return status.PairsMask(func(st status.State) bool {
		return slices.Contains(r.Supplier, st.Supplier) && slices.Contains(r.Client, st.Client)
	})
}

// liveMask is the status pairs of live instructions.
var liveMask = status.PairsMask(status.State.Live)

// tabSQL holds when the placement_states row (alias a) has an instruction matching rule r or,
// for an Unassigned rule, no live one: masks of its status pairs built from the rules. inTab is
// the same test in Go.
func tabSQL(r AgendaRule, a string) string {
	cond := fmt.Sprintf("(%s.pairs & %d) <> 0", a, ruleMask(r))
	if r.Unassigned {
		cond += fmt.Sprintf(" OR (%s.pairs & %d) = 0", a, liveMask)
	}
	return cond
}

// inTab is tabSQL for an open placement whose instructions hold the status pairs pairs.
func inTab(r AgendaRule, pairs int64) bool {
	return pairs&ruleMask(r) != 0 || (r.Unassigned && pairs&liveMask == 0)
}

// managerCounts counts a manager's open placements in each rule tab (by index of q.Rules) from
// the read model placement_states, which records per placement the status pairs of its
// instructions that are not deleted: one pass over a narrow index of the open placements, each
// tested against a mask per rule. managerWhere's probes serve the pages, which stop early.
func (a Agenda) managerCounts(ctx context.Context, q AgendaQuery, sc scope, now time.Time) ([]int, error) {
	if a.dayCounted(q) {
		return a.openCountsByDay(ctx, q, sc, now)
	}
	sums := make([]string, len(q.Rules))
	for k, r := range q.Rules {
		sums[k] = fmt.Sprintf("COALESCE(SUM(CASE WHEN %s THEN 1 ELSE 0 END), 0) AS c%d", tabSQL(r, "p"), k)
	}
	open := openSQL(now)
	// One column per rule (c0, c1, c2 in the order of the rules); a new rule fails here loudly
	// ("missing destination") until it gets its field.
	var c struct {
		C0 int `db:"c0"`
		C1 int `db:"c1"`
		C2 int `db:"c2"`
	}
	err := a.DB.Get(ctx, &c, "SELECT "+strings.Join(sums, ", ")+" "+sc.states()+" WHERE "+sc.where.sql+" AND "+open.sql,
		append(slices.Clone(sc.where.args), open.args...)...)
	return []int{c.C0, c.C1, c.C2}[:len(q.Rules)], err
}

// countAll counts every placement a manager's scope holds (the Archived tab), from the read
// model's narrow rows.
func (a Agenda) countAll(ctx context.Context, q AgendaQuery, sc scope) (int, error) {
	if a.dayCounted(q) {
		return a.allByDay(ctx, q)
	}
	var n int
	err := a.DB.Get(ctx, &n, "SELECT COUNT(*) "+sc.states()+" WHERE "+sc.where.sql, sc.where.args...)
	return n, err
}

// scope is the rows a query may see: the freelancer's instructions (i) with their placements
// (p), or the placements (p, with bookings b) of the manager's departments. ok is false when
// nothing is visible.
type scope struct {
	from  string
	where fragment
	// join is what a manager's scope joins to the placements (p): their bookings (b) when it
	// tests departments; nothing for an administrator, whose scope is every placement.
	join string
}

// states is a manager's from clause over the read model placement_states, aliased p like the
// placements it mirrors, so the same conditions apply.
func (sc scope) states() string {
	return "FROM " + PlacementStatesTable + " p" + sc.join
}

func scopeOf(q AgendaQuery) (scope, bool) {
	var sc scope
	if !q.managerView() {
		sc = scope{"FROM instructions i JOIN placements p ON p.id = i.placement_id", fragment{"i.user_id = ?", []any{q.Freelancer}}, ""}
	} else {
		sc = scope{"FROM placements p", fragment{"1 = 1", nil}, ""}
		if q.Visible.None() {
			return sc, false
		}
		if !q.Visible.All {
			cond, ids := q.Visible.Condition("b.department_id")
			sc.join = " JOIN bookings b ON b.id = p.booking_id"
			sc.from += sc.join
			sc.where = fragment{cond, ids}
		}
	}
	if q.StartDate != "" {
		sc.where.sql, sc.where.args = sc.where.sql+" AND p.local_date >= ?", append(sc.where.args, q.StartDate)
	}
	if q.EndDate != "" {
		sc.where.sql, sc.where.args = sc.where.sql+" AND p.local_date <= ?", append(sc.where.args, q.EndDate)
	}
	return sc, true
}

func where(q AgendaQuery, now time.Time) fragment {
	if !q.managerView() {
		return freelancerWhere(q, now)
	}
	return managerWhere(q, now)
}

// Page reads the placement ids of a page of q's tab (a rule tab or Archived), sorted by start
// (Archived newest first), and the tab's total.
func (a Agenda) Page(ctx context.Context, q AgendaQuery, now time.Time) ([]int64, int, error) {
	sc, ok := scopeOf(q)
	if !ok {
		return nil, 0, nil
	}
	w := where(q, now)
	from := sc.from
	if _, rule := q.rule(); rule && q.managerView() {
		from += statesJoin
	}
	cond := from + " WHERE " + sc.where.sql + " AND " + w.sql
	args := append(slices.Clone(sc.where.args), w.args...)
	order := " ORDER BY p.start_at, p.id"
	if q.Tab == AgendaArchived {
		order = " ORDER BY p.start_at DESC, p.id DESC"
	}
	limit, largs := database.LimitOffset(q.Limit, q.Offset)
	bound, err := a.pageBound(ctx, q, now)
	if err != nil {
		return nil, 0, err
	}
	var ids []int64
	// The bound narrows the page's read only: the total below is counted without it.
	if err := a.DB.Select(ctx, &ids, "SELECT p.id "+cond+bound.sql+order+limit,
		append(append(slices.Clone(args), bound.args...), largs...)...); err != nil {
		return nil, 0, err
	}
	total := len(ids)
	if q.Offset == 0 && total < q.Limit {
		return ids, total, nil // the first page holds them all
	}
	if q.managerView() {
		if _, rule := q.rule(); rule {
			counts, err := a.managerCounts(ctx, q, sc, now)
			if err != nil {
				return nil, 0, err
			}
			return ids, counts[q.Tab], nil
		}
		if q.Tab == AgendaArchived {
			total, err := a.countAll(ctx, q, sc)
			return ids, total, err
		}
	}
	err = a.DB.Get(ctx, &total, "SELECT COUNT(*) "+cond, args...)
	return ids, total, err
}

// AgendaCandidate is a live placement starting within a window, with the status pairs of its
// instructions (placement_states).
type AgendaCandidate struct {
	ID      int64     `db:"placement_id"`
	StartAt time.Time `db:"start_at"`
	Pairs   int64     `db:"pairs"`
}

// CriticalCandidates lists a manager's live placements starting in (now, now+window], by
// start: the read model narrows them (the bounds on the end let its index range-scan), and the
// caller decides criticality from the states of their instructions. A freelancer's view has
// none.
func (a Agenda) CriticalCandidates(ctx context.Context, q AgendaQuery, now time.Time, window time.Duration) ([]AgendaCandidate, error) {
	sc, ok := scopeOf(q)
	if !q.managerView() || !ok {
		return nil, nil
	}
	var rows []AgendaCandidate
	end := now.Add(window)
	err := a.DB.Select(ctx, &rows, `SELECT p.placement_id, p.start_at, p.pairs `+sc.states()+` WHERE `+sc.where.sql+
		` AND p.deleted_at IS NULL AND p.start_at > ? AND p.start_at <= ? AND p.end_at > ? AND p.end_at <= ?
		ORDER BY p.start_at, p.placement_id`,
		append(slices.Clone(sc.where.args), now, end, now, end.Add(longestPlacement))...)
	return rows, err
}

// AgendaCounts is how many cards each tab of a view holds: Rules by index of the query's rules,
// and Archived.
type AgendaCounts struct {
	Rules    []int
	Archived int
}

// Counts counts every tab of q's view (its Tab is ignored) but Critical. Freelancer: one pass
// over their instructions. Manager: all placements and the open ones by tab.
func (a Agenda) Counts(ctx context.Context, q AgendaQuery, now time.Time) (AgendaCounts, error) {
	out := AgendaCounts{Rules: make([]int, len(q.Rules))}
	sc, ok := scopeOf(q)
	if !ok {
		return out, nil
	}
	if !q.managerView() {
		return a.freelancerCounts(ctx, q, sc, now)
	}
	var err error
	if out.Archived, err = a.countAll(ctx, q, sc); err != nil {
		return out, err
	}
	out.Rules, err = a.managerCounts(ctx, q, sc, now)
	return out, err
}

// freelancerCounts counts the freelancer's instructions per rule tab in one query; each is in
// exactly one tab, so Archived is the rest.
func (a Agenda) freelancerCounts(ctx context.Context, q AgendaQuery, sc scope, now time.Time) (AgendaCounts, error) {
	sums := make([]string, len(q.Rules))
	var args []any
	for k := range q.Rules {
		rq := q
		rq.Tab = k
		w := freelancerWhere(rq, now)
		sums[k] = fmt.Sprintf("COALESCE(SUM(CASE WHEN %s THEN 1 ELSE 0 END), 0) AS c%d", w.sql, k)
		args = append(args, w.args...)
	}
	var c struct {
		All int `db:"total"`
		C0  int `db:"c0"`
		C1  int `db:"c1"`
		C2  int `db:"c2"`
	}
	if err := a.DB.Get(ctx, &c, "SELECT COUNT(*) AS total, "+strings.Join(sums, ", ")+" "+sc.from+" WHERE "+sc.where.sql,
		append(args, sc.where.args...)...); err != nil {
		return AgendaCounts{}, err
	}
	return AgendaCounts{Rules: []int{c.C0, c.C1, c.C2}[:len(q.Rules)], Archived: c.All - c.C0 - c.C1 - c.C2}, nil
}
