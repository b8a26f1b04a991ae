package suppliers

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/worktime"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/organisations/tags"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/jmoiron/sqlx"
)

// Store reads available suppliers.
type Store struct{ DB *database.DB }

// Booking is what ranking needs of the booking whose placements are selected.
type Booking struct {
	ID, DepartmentID int64
	JobTemplateID    *int64
}

// AvailableSuppliers ranks the hireable users of b's department for placements of placement
// template templateID: the selected ones (each a live placement of b with that template, else
// 422), or by default every live one (404 when there is none). It reads a fixed number of
// set-based queries whatever the number of candidates and placements, the independent ones at
// once; errors: not_found, invalid. The marks name the work in the way only if reader
// (access.BookingReaderOf who asked) may see its booking (commitment.NameJobs).
func (s *Store) AvailableSuppliers(ctx context.Context, reader access.BookingReader, b Booking, templateID int64, selected []int64) (AvailableSuppliersList, error) {
	f := &supplierFacts{}
	if err := s.selectionOf(ctx, f, b, templateID, selected); err != nil {
		return AvailableSuppliersList{}, err
	}
	var matches map[int64]tagMatch
	err := database.InParallel(
		func() error { return s.hireable(ctx, f, b.DepartmentID) },
		func() error {
			var err error
			matches, err = s.matchingTags(ctx, f, b.DepartmentID)
			return err
		},
		func() error { return s.preferredUsers(ctx, f, b) },
		func() error { return s.instructedIn(ctx, f, b.ID) },
		func() error { return s.heldNear(ctx, f, b) },
		func() error { return s.unavailableDays(ctx, f) },
		func() error { return s.ownCalendars(ctx, f, b.DepartmentID) },
	)
	if err != nil {
		return AvailableSuppliersList{}, err
	}
	if err := f.heldBy(); err != nil {
		return AvailableSuppliersList{}, err
	}
	if err := s.workBeyond(ctx, f); err != nil {
		return AvailableSuppliersList{}, err
	}
	f.rest.zones = make(map[int64]*time.Location, len(f.candidates))
	for i, c := range f.candidates {
		f.candidates[i].MatchedJobTitle, f.candidates[i].MatchedSkills = matches[c.ID].title, matches[c.ID].skills
		f.rest.zones[c.ID] = commitment.ZoneOf(c.Timezone)
	}
	list := rankSuppliers(f)
	if err := commitment.NameJobs(ctx, s.DB, reader, f.rest.inTheWay()); err != nil {
		return AvailableSuppliersList{}, err
	}
	f.rest.mark(list.Items)
	return list, nil
}

// selectionOf reads the booking's live placements, picks the selection, the days around it and
// the titles the tags are matched against.
func (s *Store) selectionOf(ctx context.Context, f *supplierFacts, b Booking, templateID int64, selected []int64) error {
	if err := s.DB.Select(ctx, &f.booking, `SELECT id, placement_template_id, local_date, start_at, end_at
		FROM placements WHERE booking_id = ? AND deleted_at IS NULL ORDER BY start_at, id`, b.ID); err != nil {
		return err
	}
	var err error
	if f.selection, err = selectPlacements(f.booking, templateID, selected); err != nil {
		return err
	}
	byDate := func(a, b slot) int { return cmp.Compare(a.Date, b.Date) }
	f.before, f.after = adjacentDays(slices.MinFunc(f.selection, byDate).Date, slices.MaxFunc(f.selection, byDate).Date)
	f.placementTitle, f.jobTitle, err = jobs.TemplateTitles(ctx, s.DB, b.JobTemplateID, templateID)
	return err
}

// selectPlacements picks the selection out of the booking's live placements.
func selectPlacements(live []slot, template int64, ids []int64) ([]slot, error) {
	ofTemplate := func(p slot) bool { return p.TemplateID != nil && *p.TemplateID == template }
	if len(ids) == 0 {
		sel := slices.DeleteFunc(slices.Clone(live), func(p slot) bool { return !ofTemplate(p) })
		if len(sel) == 0 {
			return nil, apperror.NotFound("Placement template")
		}
		return sel, nil
	}
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var sel []slot
	for _, p := range live {
		if !want[p.ID] {
			continue
		}
		if !ofTemplate(p) {
			return nil, apperror.Field("placementIds", MsgSinglePlacementType)
		}
		sel = append(sel, p)
	}
	if len(sel) != len(want) {
		return nil, apperror.Field("placementIds", MsgSelectionNotLive)
	}
	return sel, nil
}

// hireable reads the department's hireable users, scanned by hand: a department may have
// thousands, and reflection per row cost more than the read.
func (s *Store) hireable(ctx context.Context, f *supplierFacts, department int64) error {
	return s.DB.Each(ctx, func(rows *sqlx.Rows) error {
		var c candidate
		if err := rows.Scan(&c.ID, &c.FirstName, &c.LastName, &c.Email, &c.Phone, &c.Timezone); err != nil {
			return err
		}
		f.candidates = append(f.candidates, c)
		return nil
	}, `SELECT u.id, u.first_name, u.last_name, u.email, u.phone, u.timezone
		FROM user_department_refs r JOIN users u ON u.id = r.user_id
		WHERE r.department_id = ? AND `+access.HireRule("r", "u"), append([]any{department}, access.HireableStatuses...)...)
}

// tagMatch is what a user's tags match: a job title, and the skills named (by name).
type tagMatch struct {
	title  bool
	skills []string
}

// matchingTags decides which job title and skill tags match the titles (few tags, read whole),
// then reads which of the department's hireable users hold those tags only.
func (s *Store) matchingTags(ctx context.Context, f *supplierFacts, department int64) (map[int64]tagMatch, error) {
	var all []struct {
		ID       int64  `db:"id"`
		Name     string `db:"name"`
		Category string `db:"category"`
	}
	if err := s.DB.Select(ctx, &all, `SELECT id, name, category FROM tags WHERE category IN (?, ?) ORDER BY name_lc, id`,
		tags.CategoryJobTitle, tags.CategorySkills); err != nil {
		return nil, err
	}
	var ids []int64
	for _, t := range all {
		if tagMatches(t.Category, t.Name, f.placementTitle, f.jobTitle) {
			ids = append(ids, t.ID)
		}
	}
	out := map[int64]tagMatch{}
	if len(ids) == 0 {
		return out, nil
	}
	marks, args := database.In(ids)
	var held []struct {
		UserID int64 `db:"user_id"`
		TagID  int64 `db:"tag_id"`
	}
	if err := s.DB.Select(ctx, &held, `SELECT ut.user_id, ut.tag_id FROM user_tags ut
		JOIN user_department_refs r ON r.user_id = ut.user_id AND r.department_id = ? AND r.can_hire = TRUE
		WHERE ut.tag_id IN (`+marks+`)`, append([]any{department}, args...)...); err != nil {
		return nil, err
	}
	byTag := map[int64][]int64{}
	for _, h := range held {
		byTag[h.TagID] = append(byTag[h.TagID], h.UserID)
	}
	for _, t := range all { // in name order, so each user's skills come out sorted
		for _, user := range byTag[t.ID] {
			m := out[user]
			if t.Category == tags.CategoryJobTitle {
				m.title = true
			} else {
				m.skills = append(m.skills, t.Name)
			}
			out[user] = m
		}
	}
	return out, nil
}

func (s *Store) preferredUsers(ctx context.Context, f *supplierFacts, b Booking) error {
	f.preferred = map[int64]bool{}
	if b.JobTemplateID == nil {
		return nil
	}
	ids, err := jobs.PreferredUserIDs(ctx, s.DB, *b.JobTemplateID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		f.preferred[id] = true
	}
	return nil
}

// instructedIn reads the live instructions of the booking, whatever their status, and keeps
// those that hold their freelancer's time as that freelancer's held placements of the booking.
func (s *Store) instructedIn(ctx context.Context, f *supplierFacts, booking int64) error {
	var rows []struct {
		UserID      int64  `db:"user_id"`
		PlacementID int64  `db:"placement_id"`
		Supplier    string `db:"supplier_status"`
		Holds       bool   `db:"holds"`
	}
	if err := s.DB.Select(ctx, &rows, `SELECT i.user_id, i.placement_id, i.supplier_status, (`+commitment.HoldsTime("i")+`) AS holds
		FROM instructions i WHERE i.booking_id = ? AND i.deleted_at IS NULL`, booking); err != nil {
		return err
	}
	live := make(map[int64]slot, len(f.booking))
	for _, p := range f.booking {
		live[p.ID] = p
	}
	f.instructed, f.heldHere = map[int64]map[int64]string{}, map[int64][]slot{}
	for _, r := range rows {
		if f.instructed[r.UserID] == nil {
			f.instructed[r.UserID] = map[int64]string{}
		}
		f.instructed[r.UserID][r.PlacementID] = r.Supplier
		if p, ok := live[r.PlacementID]; ok && r.Holds {
			f.heldHere[r.UserID] = append(f.heldHere[r.UserID], p)
		}
	}
	return nil
}

// heldNear reads, in one query, the time held near the booking: each live instruction that
// holds its freelancer's time (commitment.HoldsTime) whose placement starts where it can matter,
// as a row per distinct period with two aggregates. The holders in other bookings (what ranking
// rules out: heldElsewhere, for the booking's placements and the days either side of the
// selection); and the accepted work (commitment.CommitsTime, in this booking too) that the
// commitment rule's marks judge the selection against (rest). It reads the copy of the
// placement's period each instruction carries (migration 00012), a range of a covering index
// (migration 00062) per window, so the time held is read once per selection. The rows are kept
// for heldBy, which keeps the candidates' once they are known.
func (s *Store) heldNear(ctx context.Context, f *supplierFacts, b Booking) error {
	limits, err := commitment.LimitsOfBooking(ctx, s.DB, b.ID)
	if err != nil {
		return err
	}
	f.rest.limits = limits
	query, args := heldNearSQL(heldNearWindows(f, limits), b.ID)
	return s.DB.Select(ctx, &f.heldRows, query, args...)
}

// heldBy turns heldNear's rows into the facts of the candidates: the periods held in other
// bookings with their holders, and each one's accepted work by start. Reading everyone's and
// keeping the candidates' here costs less than a test per row in SQL; the rows hold tens of
// thousands of entries, so they are parsed in place by hand (heldEntries), looked up in a
// candidateIndex, counted, and then copied into arrays made once at their size.
func (f *supplierFacts) heldBy() error {
	index := newCandidateIndex(f.candidates)
	rows := f.heldRows
	slices.SortFunc(rows, func(a, b heldRow) int { // the windows' order, whatever the engine's
		return cmp.Or(a.Start.Compare(b.Start), a.End.Compare(b.End), cmp.Compare(a.Date, b.Date))
	})
	size := 0
	for _, r := range rows {
		size += len(r.Entries)/6 + 1
	}
	entries := make([]heldEntry, 0, size)
	ends := make([]int, len(rows))               // where each row's entries end
	worked := make([]int32, len(f.candidates)+1) // per candidate's place: how many shifts, then where theirs start
	holders := 0
	for i, r := range rows {
		var err error
		if entries, err = heldEntries(entries, r.Entries, index); err != nil {
			return err
		}
		ends[i] = len(entries)
	}
	for _, e := range entries {
		if e.at >= 0 && e.committed {
			worked[e.at+1]++
		}
		if e.at >= 0 && !e.here {
			holders++
		}
	}
	for i := 1; i < len(worked); i++ {
		worked[i] += worked[i-1]
	}
	shifts := make([]worktime.Shift, worked[len(worked)-1])
	placements := make([]int64, len(shifts))
	users := make([]int64, 0, holders)
	filled := slices.Clone(worked[:len(f.candidates)]) // the next free place of each candidate's
	f.heldElsewhere = make([]heldPeriod, 0, len(rows))
	from := 0
	for i, r := range rows {
		period := heldPeriod{slot: r.slot}
		elsewhere, first := false, len(users)
		for _, e := range entries[from:ends[i]] {
			if e.at >= 0 && e.committed {
				k := filled[e.at]
				filled[e.at]++
				shifts[k] = worktime.Shift{Start: r.Start, End: r.End, Job: e.job}
				placements[k] = e.placement
			}
			if !e.here {
				elsewhere = true
				if e.at >= 0 {
					users = append(users, e.user)
				}
			}
		}
		from = ends[i]
		if elsewhere {
			period.users = users[first:len(users):len(users)]
			f.heldElsewhere = append(f.heldElsewhere, period)
		}
	}
	f.rest.work = make(map[int64]commitment.Worked, len(f.candidates))
	for i, c := range f.candidates {
		if lo, hi := worked[i], worked[i+1]; hi > lo {
			f.rest.work[c.ID] = inOrder(commitment.Worked{Shifts: shifts[lo:hi:hi], Placements: placements[lo:hi:hi]})
		}
	}
	return nil
}

// heldEntry is one entry of a heldRow: the user (and their place among the candidates, -1 when
// not one), and for committed work its placement, as its id and as its text.
type heldEntry struct {
	user, placement int64
	job             string
	at              int32
	committed, here bool
}

// heldEntries appends the entries of one heldRow's aggregate to out, parsed byte by byte.
func heldEntries(out []heldEntry, s string, index candidateIndex) ([]heldEntry, error) {
	for i := 0; i < len(s); {
		user, n := leadingDigits(s[i:])
		if n == 0 {
			return out, fmt.Errorf("held entries %q: an id expected at %d", s, i)
		}
		i += n
		e := heldEntry{user: user, at: -1}
		if at, ok := index.place(user); ok {
			e.at = int32(at)
		}
		if i < len(s) && s[i] == ':' {
			i++
			placement, n := leadingDigits(s[i:])
			if n == 0 {
				return out, fmt.Errorf("held entries %q: a placement expected at %d", s, i)
			}
			e.committed, e.placement, e.job = true, placement, s[i:i+n]
			i += n
			if i < len(s) && s[i] == '*' {
				e.here = true
				i++
			}
		}
		out = append(out, e)
		if i < len(s) {
			if s[i] != ',' {
				return out, fmt.Errorf("held entries %q: a comma expected at %d", s, i)
			}
			i++
		}
	}
	return out, nil
}

// inOrder is w by start, end and placement, the order commitment.AcceptedShifts reads work in:
// the first work in the way is the one a refusal names. Read by period, it mostly is already.
func inOrder(w commitment.Worked) commitment.Worked {
	at := func(i int) commitment.Placed {
		return commitment.Placed{Shift: w.Shifts[i], Placement: w.Placements[i]}
	}
	sorted := true
	for i := 1; i < len(w.Shifts) && sorted; i++ {
		sorted = comparePlaced(at(i-1), at(i)) <= 0
	}
	if sorted {
		return w
	}
	placed := make([]commitment.Placed, len(w.Shifts))
	for i := range placed {
		placed[i] = at(i)
	}
	slices.SortStableFunc(placed, comparePlaced)
	return commitment.WorkedOf(placed)
}

// heldRow is a period of heldNear's read: its entries, each an instruction holding someone's
// time then that is in another booking or commits the time, joined with commas: "user" (held in
// another booking, not committed), "user:placement" (committed, in another booking) or
// "user:placement*" (committed, in this booking).
type heldRow struct {
	slot
	Entries string `db:"entries"`
}

func comparePlaced(a, b commitment.Placed) int {
	return cmp.Or(a.Start.Compare(b.Start), a.End.Compare(b.End), cmp.Compare(a.Placement, b.Placement))
}

// heldNearSQL is heldNear's query over ws: a branch per window of placement starts, each grouped
// by period in the covering index's order (period, then user and placement), with its arguments
// (the booking twice, the window). With the ranges OR'd, SQLite (which has no statistics) would
// scan the whole index rather than seek each range; the windows are disjoint, so no period is in
// two branches. Each period's instructions come back as one aggregate (heldEntries): turning ids
// into text is most of the read's cost on SQLite, so each id is written once.
func heldNearSQL(ws []window, booking int64) (string, []any) {
	branches := make([]string, len(ws))
	args := make([]any, 0, 4*len(ws))
	for i, w := range ws {
		branches[i] = `SELECT i.placement_local_date AS local_date, i.placement_start_at AS start_at,
			i.placement_end_at AS end_at,
			string_agg(CAST(i.user_id AS TEXT) || CASE WHEN ` + commitment.CommitsTime("i") + `
				THEN ':' || CAST(i.placement_id AS TEXT) || CASE WHEN i.booking_id = ? THEN '*' ELSE '' END
				ELSE '' END, ',') AS entries
			FROM instructions i WHERE ` + commitment.HoldsTime("i") + `
			AND (i.booking_id <> ? OR ` + commitment.CommitsTime("i") + `)
			AND i.placement_start_at > ? AND i.placement_start_at < ?
			GROUP BY i.placement_start_at, i.placement_end_at, i.placement_local_date`
		args = append(args, booking, booking, w.lo, w.hi)
	}
	return strings.Join(branches, " UNION ALL "), args
}

// aggregatedIDs parses the ids string_agg joined with commas, byte by byte.
func aggregatedIDs(s string) ([]int64, error) {
	ids := make([]int64, 0, strings.Count(s, ",")+1)
	for i := 0; i < len(s); {
		id, n := leadingDigits(s[i:])
		if n == 0 || (i+n < len(s) && s[i+n] != ',') {
			return nil, fmt.Errorf("aggregated ids %q: an id expected at %d", s, i)
		}
		ids = append(ids, id)
		i += n + 1
	}
	return ids, nil
}

// unavailableDays reads the users' unavailable dates from the booking's first needed date to its
// last (the days either side of the selection included), a row per date.
func (s *Store) unavailableDays(ctx context.Context, f *supplierFacts) error {
	from, to := f.before, f.after
	for _, p := range f.booking {
		from, to = min(from, p.Date), max(to, p.Date)
	}
	var rows []struct {
		Date  string `db:"date"`
		Users string `db:"users"`
	}
	// One range of the dates' index alone, read in the grouping's order. Everyone's dates are
	// read and the candidates' kept in Go (commitmentsOf), as heldNear's are: a test of each
	// user's link to the department cost SQLite more than the read.
	if err := s.DB.Select(ctx, &rows, `SELECT un.date, string_agg(CAST(un.user_id AS TEXT), ',') AS users
		FROM unavailability un WHERE un.date >= ? AND un.date <= ?
		GROUP BY un.date`, from, to); err != nil {
		return err
	}
	f.unavailable = make([]markedDay, len(rows))
	for i, r := range rows {
		users, err := aggregatedIDs(r.Users)
		if err != nil {
			return err
		}
		f.unavailable[i] = markedDay{date: r.Date, users: users}
	}
	return nil
}

// ownCalendars reads the busy times of the department's linked users' own calendars over the
// booking's placements (calendarsync.Busy: times only, never what they are).
func (s *Store) ownCalendars(ctx context.Context, f *supplierFacts, department int64) error {
	if len(f.booking) == 0 {
		return nil
	}
	from, to := f.booking[0].Start, f.booking[0].End
	for _, p := range f.booking {
		if p.Start.Before(from) {
			from = p.Start
		}
		if p.End.After(to) {
			to = p.End
		}
	}
	blocks, err := calendarsync.BusyIn(ctx, s.DB, department, from.Add(-24*time.Hour), to.Add(24*time.Hour))
	if err != nil {
		return err
	}
	f.ownBusy = make(map[int64][]slot)
	for _, b := range blocks {
		f.ownBusy[b.UserID] = append(f.ownBusy[b.UserID], slot{Start: b.Start, End: b.End})
	}
	return nil
}

// Bounds that let heldNear find instructions by their placement's start alone.
const (
	// maxPlacementSpan bounds a placement's length (commitment.MaxPlacementSpan).
	maxPlacementSpan = commitment.MaxPlacementSpan
	// maxWindows bounds the OR'd ranges of one query (a sparse booking merges its nearest ones).
	maxWindows = 16
)

// window is a range of placement starts, exclusive at both ends.
type window struct{ lo, hi time.Time }

// heldWindows returns the start_at ranges of every placement that can overlap one of booking
// or fall on one of days, and the ranges more, merged and at most maxWindows.
func heldWindows(booking []slot, days []string, more []window) []window {
	ws := append(make([]window, 0, len(booking)+len(days)+len(more)), more...)
	for _, p := range booking {
		ws = append(ws, window{p.Start.Add(-maxPlacementSpan).UTC(), p.End.UTC()})
	}
	for _, d := range days {
		if m, err := time.Parse(time.DateOnly, d); err == nil {
			lo, hi := commitment.LocalDaysWindow(m, m)
			ws = append(ws, window{lo, hi})
		}
	}
	slices.SortFunc(ws, func(a, b window) int { return a.lo.Compare(b.lo) })
	var merged []window
	for _, w := range ws {
		if n := len(merged); n > 0 && !w.lo.After(merged[n-1].hi) {
			merged[n-1].hi = later(merged[n-1].hi, w.hi)
			continue
		}
		merged = append(merged, w)
	}
	return fewerWindows(merged, maxWindows)
}

// fewerWindows joins sorted, disjoint windows across their narrowest gaps until at most n remain.
func fewerWindows(ws []window, n int) []window {
	if len(ws) <= n {
		return ws
	}
	gaps := make([]int, len(ws)-1) // gap i lies between ws[i] and ws[i+1]
	for i := range gaps {
		gaps[i] = i
	}
	width := func(i int) time.Duration { return ws[i+1].lo.Sub(ws[i].hi) }
	slices.SortFunc(gaps, func(a, b int) int { return cmp.Compare(width(b), width(a)) })
	keep := map[int]bool{}
	for _, g := range gaps[:n-1] {
		keep[g] = true
	}
	out := []window{ws[0]}
	for i := 1; i < len(ws); i++ {
		if keep[i-1] {
			out = append(out, ws[i])
		} else {
			out[len(out)-1].hi = ws[i].hi
		}
	}
	return out
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
