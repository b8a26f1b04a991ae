package agenda

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads the agenda from the bookings tables and keeps the calendar feeds. The tab rules
// compare with the database's clock (DB.Now), which tests set.
type Store struct {
	DB *database.DB
	// countRows makes a manager's counts read placement_states row by row, as a date range
	// does, for the tests that hold the two ways to agree.
	countRows bool
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
		parts[i] = "'" + string(s) + "'"
	}
	return strings.Join(parts, ", ")
}

// matchSQL is rule r on instruction alias i (its placement's end is checked apart).
func matchSQL(r instructionRule, i string) string {
	return "(" + i + ".deleted_at IS NULL AND " + i + ".supplier_status IN (" + quoted(r.Supplier...) + ") AND " +
		i + ".client_status IN (" + quoted(r.Client...) + "))"
}

// liveSQL is status.State.Live on instruction alias i (status.LiveSQL; a test here checks it
// against Live for every pair of statuses).
func liveSQL(i string) string { return status.LiveSQL(i) }

// fragment is a piece of a WHERE clause with its arguments.
type fragment struct {
	sql  string
	args []any
}

// freelancerWhere puts one of the freelancer's instructions (alias i, placement p) in tab t.
// Archived is everything the other tabs leave: ended, deleted, rejected or cancelled.
func freelancerWhere(t Tab, now time.Time) fragment {
	if r, ok := ruleOf(t); ok {
		return fragment{"p.end_at > ? AND " + matchSQL(r, "i"), []any{now}}
	}
	if t == Archived {
		matches := make([]string, len(instructionRules))
		for k, r := range instructionRules {
			matches[k] = matchSQL(r, "i")
		}
		return fragment{"NOT (p.end_at > ? AND (" + strings.Join(matches, " OR ") + "))", []any{now}}
	}
	return fragment{"1 = 0", nil} // Critical is a manager's tab
}

// openSQL holds a manager's placements that the rule tabs may show: live and not ended. The
// redundant start bound lets the start index range-scan.
func openSQL(now time.Time) fragment {
	return fragment{"p.deleted_at IS NULL AND p.end_at > ? AND p.start_at > ?", []any{now, now.Add(-longestPlacement)}}
}

// managerWhere puts placement p in tab t when any of its instructions matches the tab's rule,
// or, for unassignedTab, when none is live; Archived holds every placement (spec §2: "Archived
// (all)"). Critical is decided in Go. A rule tab reads the placement's row s of bookings' read
// model placement_states (statesJoin).
func managerWhere(t Tab, now time.Time) fragment {
	r, ok := ruleOf(t)
	if !ok {
		return fragment{"1 = 1", nil}
	}
	open := openSQL(now)
	return fragment{open.sql + " AND (" + tabSQL(r, "s") + ")", open.args}
}

// statesJoin joins placement p to its row s of placement_states.
const statesJoin = " JOIN " + bookings.PlacementStatesTable + " s ON s.placement_id = p.id"

// ruleMask is the status pairs of placement_states that match rule r.
func ruleMask(r instructionRule) int64 {
	return status.PairsMask(func(st status.State) bool {
		return slices.Contains(r.Supplier, st.Supplier) && slices.Contains(r.Client, st.Client)
	})
}

// liveMask is the status pairs of live instructions.
var liveMask = status.PairsMask(status.State.Live)

// tabSQL holds when the placement_states row (alias a) has an instruction matching rule r or,
// for unassignedTab, no live one: masks of its status pairs built from the rules here.
// inTab is the same test in Go.
func tabSQL(r instructionRule, a string) string {
	cond := fmt.Sprintf("(%s.pairs & %d) <> 0", a, ruleMask(r))
	if r.Tab == unassignedTab {
		cond += fmt.Sprintf(" OR (%s.pairs & %d) = 0", a, liveMask)
	}
	return cond
}

// inTab is tabSQL for an open placement whose instructions hold the status pairs pairs.
func inTab(r instructionRule, pairs int64) bool {
	return pairs&ruleMask(r) != 0 || (r.Tab == unassignedTab && pairs&liveMask == 0)
}

// managerCounts counts a manager's open placements in each rule tab from bookings' read model
// placement_states, which records per placement the status pairs of its instructions that are
// not deleted: one pass over a narrow index of the open placements, each tested against a mask
// per rule built from instructionRules (and one of the live pairs for unassignedTab).
// managerWhere's probes serve the pages, which stop early.
func (s *Store) managerCounts(ctx context.Context, q Query, sc scope, now time.Time) (map[Tab]int, error) {
	if s.dayCounted(q) {
		return s.openCountsByDay(ctx, q, sc, now)
	}
	sums := make([]string, len(instructionRules))
	for k, r := range instructionRules {
		sums[k] = fmt.Sprintf("COALESCE(SUM(CASE WHEN %s THEN 1 ELSE 0 END), 0) AS c%d", tabSQL(r, "p"), k)
	}
	open := openSQL(now)
	// One column per rule (c0, c1, c2 in the order of instructionRules); a new rule fails here
	// loudly ("missing destination") until it gets its field.
	var c struct {
		C0 int `db:"c0"`
		C1 int `db:"c1"`
		C2 int `db:"c2"`
	}
	err := s.DB.Get(ctx, &c, "SELECT "+strings.Join(sums, ", ")+" "+sc.states()+" WHERE "+sc.where.sql+" AND "+open.sql,
		append(slices.Clone(sc.where.args), open.args...)...)
	counts := []int{c.C0, c.C1, c.C2}
	out := map[Tab]int{}
	for k, r := range instructionRules {
		out[r.Tab] = counts[k]
	}
	return out, err
}

// countAll counts every placement a manager's scope holds (the Archived tab), from the read
// model's narrow rows.
func (s *Store) countAll(ctx context.Context, q Query, sc scope) (int, error) {
	if s.dayCounted(q) {
		return s.allByDay(ctx, q)
	}
	var n int
	err := s.DB.Get(ctx, &n, "SELECT COUNT(*) "+sc.states()+" WHERE "+sc.where.sql, sc.where.args...)
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

// states is a manager's from clause over bookings' read model placement_states, aliased p like
// the placements it mirrors, so the same conditions apply.
func (sc scope) states() string {
	return "FROM " + bookings.PlacementStatesTable + " p" + sc.join
}

func scopeOf(q Query) (scope, bool) {
	var sc scope
	if q.View == FreelancerView {
		sc = scope{"FROM instructions i JOIN placements p ON p.id = i.placement_id", fragment{"i.user_id = ?", []any{q.UserID}}, ""}
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

func where(q Query, now time.Time) fragment {
	if q.View == FreelancerView {
		return freelancerWhere(q.Tab, now)
	}
	return managerWhere(q.Tab, now)
}

// List answers one page of a tab: the placement ids of the page and the total (two queries, or
// the critical candidates for Critical), then the cards and their instructions (two more).
func (s *Store) List(ctx context.Context, q Query, p *auth.Principal) (AgendaList, error) {
	out := AgendaList{Items: []AgendaCard{}, Tab: q.Tab, View: q.View}
	now := s.DB.Now()
	var ids []int64
	var err error
	if q.Tab == CriticalTab {
		ids, out.Total, err = s.criticalPage(ctx, q, now)
	} else {
		ids, out.Total, err = s.page(ctx, q, now)
	}
	if err != nil || len(ids) == 0 {
		return out, err
	}
	out.Items, err = s.cards(ctx, q, p, ids, now)
	return out, err
}

// page reads the ids of a page of a tab, sorted by start (Archived newest first), and the
// tab's total.
func (s *Store) page(ctx context.Context, q Query, now time.Time) ([]int64, int, error) {
	sc, ok := scopeOf(q)
	if !ok {
		return nil, 0, nil
	}
	w := where(q, now)
	from := sc.from
	if _, rule := ruleOf(q.Tab); rule && q.View == ManagerView {
		from += statesJoin
	}
	cond := from + " WHERE " + sc.where.sql + " AND " + w.sql
	args := append(slices.Clone(sc.where.args), w.args...)
	order := " ORDER BY p.start_at, p.id"
	if q.Tab == Archived {
		order = " ORDER BY p.start_at DESC, p.id DESC"
	}
	limit, largs := database.LimitOffset(q.Limit, q.Offset)
	bound, err := s.pageBound(ctx, q, now)
	if err != nil {
		return nil, 0, err
	}
	var ids []int64
	// The bound narrows the page's read only: the total below is counted without it.
	if err := s.DB.Select(ctx, &ids, "SELECT p.id "+cond+bound.sql+order+limit,
		append(append(slices.Clone(args), bound.args...), largs...)...); err != nil {
		return nil, 0, err
	}
	total := len(ids)
	if q.Offset == 0 && total < q.Limit {
		return ids, total, nil // the first page holds them all
	}
	if q.View == ManagerView {
		if _, rule := ruleOf(q.Tab); rule {
			counts, err := s.managerCounts(ctx, q, sc, now)
			return ids, counts[q.Tab], err
		}
		if q.Tab == Archived {
			total, err := s.countAll(ctx, q, sc)
			return ids, total, err
		}
	}
	err = s.DB.Get(ctx, &total, "SELECT COUNT(*) "+cond, args...)
	return ids, total, err
}

// criticalCandidate is a live placement starting within the window, with the status pairs of
// its instructions (placement_states).
type criticalCandidate struct {
	ID      int64     `db:"placement_id"`
	StartAt time.Time `db:"start_at"`
	Pairs   int64     `db:"pairs"`
}

// criticalIDs lists a manager's critical placements by start: the read model narrows them to
// live placements starting within the window (the bounds on the end let its index range-scan),
// and Critical, the one home of the rule, decides from the states of their instructions (a
// placement's verdict reads only which states occur).
func (s *Store) criticalIDs(ctx context.Context, q Query, now time.Time) ([]int64, error) {
	sc, ok := scopeOf(q)
	if q.View != ManagerView || !ok {
		return nil, nil
	}
	var rows []criticalCandidate
	end := now.Add(bookings.CriticalWindow)
	err := s.DB.Select(ctx, &rows, `SELECT p.placement_id, p.start_at, p.pairs `+sc.states()+` WHERE `+sc.where.sql+
		` AND p.deleted_at IS NULL AND p.start_at > ? AND p.start_at <= ? AND p.end_at > ? AND p.end_at <= ?
		ORDER BY p.start_at, p.placement_id`,
		append(slices.Clone(sc.where.args), now, end, now, end.Add(longestPlacement))...)
	if err != nil {
		return nil, err
	}
	var starts []reads.PlacementStart
	for _, r := range rows {
		if critical, _ := bookings.Critical(now, r.StartAt, status.PairStates(r.Pairs)); critical {
			starts = append(starts, reads.PlacementStart{ID: r.ID, StartAt: r.StartAt})
		}
	}
	// A placement with a change its freelancer has not acknowledged is critical too, until they do.
	changed, err := reads.AwaitingAcknowledgement(ctx, s.DB, q.Visible, q.StartDate, q.EndDate, now)
	if err != nil {
		return nil, err
	}
	return mergeByStart(starts, changed), nil
}

// mergeByStart is the ids of two lists of placements, each by start, as one list by start (then
// id) without repeats.
func mergeByStart(a, b []reads.PlacementStart) []int64 {
	all := append(slices.Clone(a), b...)
	slices.SortFunc(all, func(x, y reads.PlacementStart) int {
		return cmp.Or(x.StartAt.Compare(y.StartAt), cmp.Compare(x.ID, y.ID))
	})
	ids := make([]int64, 0, len(all))
	for _, p := range all {
		if len(ids) == 0 || ids[len(ids)-1] != p.ID {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

func (s *Store) criticalPage(ctx context.Context, q Query, now time.Time) ([]int64, int, error) {
	ids, err := s.criticalIDs(ctx, q, now)
	if err != nil {
		return nil, 0, err
	}
	from, to := min(q.Offset, len(ids)), min(q.Offset+q.Limit, len(ids))
	return ids[from:to], len(ids), nil
}

// cards reads the placements of ids and their instructions (the freelancer's own in the
// freelancer's view) and assembles the cards in the order of ids.
func (s *Store) cards(ctx context.Context, q Query, p *auth.Principal, ids []int64, now time.Time) ([]AgendaCard, error) {
	onlyUser := int64(0)
	if q.View == FreelancerView {
		onlyUser = q.UserID
	}
	crs, irs, err := bookings.PlacementCards(ctx, s.DB, ids, onlyUser)
	if err != nil {
		return nil, err
	}
	byPlacement := map[int64]bookings.PlacementCard{}
	for _, c := range crs {
		byPlacement[c.ID] = c
	}
	rows := map[int64][]AgendaInstruction{}
	for _, r := range irs {
		c := byPlacement[r.PlacementID]
		rows[r.PlacementID] = append(rows[r.PlacementID], AgendaInstruction{InstructionView: instructionView(p, r, c, now),
			Substituted: r.Substituted})
	}
	out := make([]AgendaCard, 0, len(ids))
	for _, id := range ids {
		c, ok := byPlacement[id]
		if !ok {
			continue // deleted between the two reads
		}
		rs := rows[id]
		slices.SortFunc(rs, func(a, b AgendaInstruction) int {
			return cmp.Or(cmp.Compare(status.SortPriority(stateOf(a.InstructionView)), status.SortPriority(stateOf(b.InstructionView))),
				cmp.Compare(a.ID, b.ID))
		})
		out = append(out, assembleCard(factsOf(c), rs, q, p, now))
	}
	return out, nil
}

// factsOf is what a card shows of its placement.
func factsOf(c bookings.PlacementCard) placementFacts {
	return placementFacts{ID: c.ID, BookingID: c.BookingID, DepartmentID: c.DepartmentID, Title: c.Title,
		BookingTitle: c.BookingTitle, ClientName: c.ClientName, DepartmentName: c.DepartmentName,
		DepartmentTimezone: c.DepartmentTimezone, Timezone: c.Timezone, LocalDate: c.LocalDate, StartTime: c.StartTime,
		EndTime: c.EndTime, StartAt: c.StartAt, EndAt: c.EndAt, Overnight: c.Overnight, DeletedAt: c.DeletedAt}
}

// instructionView is the bookings feature's instruction as p sees it, with its actions; the
// agenda never sends a buy rate.
func instructionView(p *auth.Principal, r bookings.CardInstruction, c bookings.PlacementCard, now time.Time) bookings.InstructionView {
	v := bookings.InstructionViewOf(p, r.InstructionRow, c.Place(), now)
	v.BuyRate = nil
	return v
}

// Stats counts every tab for the query's view (its tab is ignored). Freelancer: one pass over
// their instructions. Manager: all placements, the open ones by tab, and the critical candidates.
func (s *Store) Stats(ctx context.Context, q Query) (AgendaStats, error) {
	st := AgendaStats{View: q.View}
	sc, ok := scopeOf(q)
	if !ok {
		return st, nil
	}
	now := s.DB.Now()
	if q.View == FreelancerView {
		return s.freelancerStats(ctx, sc, now)
	}
	var err error
	if st.Archived, err = s.countAll(ctx, q, sc); err != nil {
		return st, err
	}
	counts, err := s.managerCounts(ctx, q, sc, now)
	if err != nil {
		return st, err
	}
	st.Outstanding, st.AwaitingConfirmation, st.Confirmed = counts[Outstanding], counts[AwaitingConfirmation], counts[Confirmed]
	ids, err := s.criticalIDs(ctx, q, now)
	st.Critical = len(ids)
	return st, err
}

// freelancerStats counts the freelancer's instructions per rule tab in one query; each is in
// exactly one tab, so Archived is the rest.
func (s *Store) freelancerStats(ctx context.Context, sc scope, now time.Time) (AgendaStats, error) {
	st := AgendaStats{View: FreelancerView}
	sums := make([]string, len(instructionRules))
	var args []any
	for k, r := range instructionRules {
		w := freelancerWhere(r.Tab, now)
		sums[k] = fmt.Sprintf("COALESCE(SUM(CASE WHEN %s THEN 1 ELSE 0 END), 0) AS c%d", w.sql, k)
		args = append(args, w.args...)
	}
	var c struct {
		All int `db:"total"`
		C0  int `db:"c0"`
		C1  int `db:"c1"`
		C2  int `db:"c2"`
	}
	if err := s.DB.Get(ctx, &c, "SELECT COUNT(*) AS total, "+strings.Join(sums, ", ")+" "+sc.from+" WHERE "+sc.where.sql,
		append(args, sc.where.args...)...); err != nil {
		return st, err
	}
	counts := map[Tab]int{}
	for k, r := range instructionRules {
		counts[r.Tab] = []int{c.C0, c.C1, c.C2}[k]
	}
	st.Outstanding, st.AwaitingConfirmation, st.Confirmed = counts[Outstanding], counts[AwaitingConfirmation], counts[Confirmed]
	st.Archived = c.All - c.C0 - c.C1 - c.C2
	return st, nil
}
