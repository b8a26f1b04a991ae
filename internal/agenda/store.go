package agenda

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads the agenda through bookings' read interface (reads.Agenda) and keeps the calendar
// feeds. The tab rules compare with the database's clock (DB.Now), which tests set.
type Store struct {
	DB *database.DB
	// countRows makes a manager's counts read placement_states row by row, as a date range
	// does, for the tests that hold the two ways to agree.
	countRows bool
}

// reader is bookings' agenda reads over the store's database.
func (s *Store) reader() reads.Agenda { return reads.Agenda{DB: s.DB, CountRows: s.countRows} }

// readsRules are instructionRules as the reads take them, in their order.
func readsRules() []reads.AgendaRule {
	out := make([]reads.AgendaRule, len(instructionRules))
	for k, r := range instructionRules {
		out[k] = reads.AgendaRule{Supplier: r.Supplier, Client: r.Client, Unassigned: r.Tab == unassignedTab}
	}
	return out
}

// readsQuery is q as bookings' agenda reads take it: whose view, the scope, the rules and the
// tab (its rule's index, or reads.AgendaArchived).
func readsQuery(q Query) reads.AgendaQuery {
	rq := reads.AgendaQuery{Visible: q.Visible, StartDate: q.StartDate, EndDate: q.EndDate, Rules: readsRules(),
		Tab: reads.AgendaArchived, Offset: q.Offset, Limit: q.Limit}
	if q.View == FreelancerView {
		rq.Freelancer = q.UserID
	}
	for k, r := range instructionRules {
		if r.Tab == q.Tab {
			rq.Tab = k
		}
	}
	return rq
}

// List answers one page of a tab: the placement ids of the page and the total (two queries, or
// the critical candidates for Critical), then the cards and their instructions (two more), as
// the caller (CallerOf) sees them.
func (s *Store) List(ctx context.Context, q Query, caller Caller) (AgendaList, error) {
	out := AgendaList{Items: []AgendaCard{}, Tab: q.Tab, View: q.View}
	now := s.DB.Now()
	var ids []int64
	var err error
	switch _, rule := ruleOf(q.Tab); {
	case q.Tab == CriticalTab:
		ids, out.Total, err = s.criticalPage(ctx, q, now)
	case rule || q.Tab == Archived:
		ids, out.Total, err = s.reader().Page(ctx, readsQuery(q), now)
	}
	if err != nil || len(ids) == 0 {
		return out, err
	}
	out.Items, err = s.cards(ctx, q, caller, ids, now)
	return out, err
}

// criticalIDs lists a manager's critical placements by start: the read model narrows them to
// live placements starting within the window, and Critical, the one home of the rule, decides
// from the states of their instructions (a placement's verdict reads only which states occur).
func (s *Store) criticalIDs(ctx context.Context, q Query, now time.Time) ([]int64, error) {
	if q.View != ManagerView {
		return nil, nil
	}
	rows, err := s.reader().CriticalCandidates(ctx, readsQuery(q), now, bookings.CriticalWindow)
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
func (s *Store) cards(ctx context.Context, q Query, caller Caller, ids []int64, now time.Time) ([]AgendaCard, error) {
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
		rows[r.PlacementID] = append(rows[r.PlacementID], AgendaInstruction{InstructionView: instructionView(caller, r, c, now),
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
		out = append(out, assembleCard(factsOf(c), rs, q, caller, now))
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

// instructionView is the bookings feature's instruction as the caller sees it, with its
// actions; the agenda never sends a buy rate.
func instructionView(caller Caller, r bookings.CardInstruction, c bookings.PlacementCard, now time.Time) bookings.InstructionView {
	v := caller.View(r.InstructionRow, c.Place(), now)
	v.BuyRate = nil
	return v
}

// Stats counts every tab for the query's view (its tab is ignored). Freelancer: one pass over
// their instructions. Manager: all placements, the open ones by tab, and the critical candidates.
func (s *Store) Stats(ctx context.Context, q Query) (AgendaStats, error) {
	st := AgendaStats{View: q.View}
	if q.View == ManagerView && q.Visible.None() {
		return st, nil
	}
	now := s.DB.Now()
	c, err := s.reader().Counts(ctx, readsQuery(q), now)
	if err != nil {
		return st, err
	}
	counts := map[Tab]int{}
	for k, r := range instructionRules {
		counts[r.Tab] = c.Rules[k]
	}
	st.Outstanding, st.AwaitingConfirmation, st.Confirmed = counts[Outstanding], counts[AwaitingConfirmation], counts[Confirmed]
	st.Archived = c.Archived
	if q.View == FreelancerView {
		return st, nil
	}
	ids, err := s.criticalIDs(ctx, q, now)
	st.Critical = len(ids)
	return st, err
}
