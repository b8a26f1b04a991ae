package search

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Advanced is the freelancer advanced search (spec part 1 §2, §3, §5): the freelancers the
// searcher may hire or is linked to (visibleFreelancers) that match every filter of q, in the
// order of q's sort key, at most AdvancedLimit, as user cards with hiveRank descending along the
// order. SQL applies the filters an index or a column answers (scope, rate, countries, business
// type, skills, job titles, the radius's bounding box, the text); the exact great-circle
// distance and the free-every-day rule (commitment.BusyUsers) are applied to what it returns.
// Errors: forbidden (sc.Advanced, CanAdvancedSearch), invalid (Filter.ValidateOn).
func (s *Store) Advanced(ctx context.Context, sc Scope, q Query) ([]Result, error) {
	if !sc.Advanced {
		return nil, apperror.Forbidden()
	}
	f := q.Filter
	if err := f.ValidateOn(s.DB.Now()); err != nil {
		return nil, err
	}
	var out []Result
	err := s.DB.ReadPlanned(ctx, func(r database.Reader) error {
		cands, err := advancedCandidates(ctx, r, sc, q)
		if err != nil {
			return err
		}
		if cands, err = keepFree(ctx, r, f, keepNear(f, cands)); err != nil {
			return err
		}
		preferred, err := preferredOf(ctx, r, sc)
		if err != nil {
			return err
		}
		ordered := make([]*candidate, len(cands))
		for i := range cands {
			cands[i].preferred = preferred[cands[i].ID]
			ordered[i] = &cands[i]
		}
		slices.SortFunc(ordered, orderOf(f).compare)
		if out, err = advancedCards(ctx, r, sc, ordered[:min(len(ordered), AdvancedLimit)], preferred); err != nil {
			return err
		}
		return markRest(ctx, r, sc, f, out)
	})
	return out, err
}

// advancedCards reads the cards of the ordered candidates and ranks them along the order.
func advancedCards(ctx context.Context, r database.Reader, sc Scope, ordered []*candidate, preferred map[int64]bool) ([]Result, error) {
	ids := make([]int64, len(ordered))
	for i, c := range ordered {
		ids[i] = c.ID
	}
	cards, err := cardsOf(ctx, r, sc, ids, preferred)
	if err != nil {
		return nil, err
	}
	out := make([]Result, 0, len(ordered))
	for _, c := range ordered {
		card, ok := cards[c.ID]
		if !ok { // gone since the candidates were read
			continue
		}
		if c.distance != nil {
			d := math.Round(*c.distance*10) / 10
			card.DistanceMiles = &d
		}
		out = append(out, card)
	}
	for i := range out {
		out[i].HiveRank = float64(len(out) - i)
	}
	return out, nil
}

// advancedCandidates reads the visible freelancers matching the filters SQL answers, in id
// order, with their coordinates and sort keys.
func advancedCandidates(ctx context.Context, r database.Reader, sc Scope, q Query) ([]candidate, error) {
	f := q.Filter
	var w database.Where
	w.Add("u.is_freelancer = TRUE AND u.account_status IN (?, ?, ?)", access.HireableStatuses...)
	if !sc.Admin {
		scope, args := visibleFreelancers(sc.Hires)
		w.Add(scope, args...)
	}
	dayRate := jobs.DayRateMinorSQL("u.day_rate_minor", "u.day_rate_period")
	if lo, hi, ok := f.rateBounds(); ok {
		w.Add("u.day_rate_currency = ? AND u.day_rate_minor IS NOT NULL", f.Currency)
		if lo != nil {
			w.Add(dayRate+" >= ?", minorOf(*lo))
		}
		if hi != nil {
			w.Add(dayRate+" <= ?", minorOf(*hi))
		}
	}
	if f.hasLocation() && f.Radius != 0 {
		w.Add("u.latitude IS NOT NULL AND u.longitude IS NOT NULL")
		if f.Radius != OverHundredMiles {
			if b, ok := boundingBox(f.Location.Latitude, f.Location.Longitude, float64(f.Radius)); ok {
				w.Add("u.latitude >= ? AND u.latitude <= ? AND u.longitude >= ? AND u.longitude <= ?",
					b.minLat, b.maxLat, b.minLon, b.maxLon)
			}
		}
	}
	if len(f.Countries) > 0 {
		w.Add("u.country IN ("+database.Marks(len(f.Countries))+")", stringArgs(f.Countries)...)
	}
	if f.BusinessType != "" {
		w.Add("u.business_type = ?", f.BusinessType)
	}
	from := "users u"
	if tags := distinct(append(slices.Clone(f.Skills), f.JobTitles...)); len(tags) > 0 {
		from = tagsFirst(&w, tags)
	}
	if text := strings.TrimSpace(q.Query); len([]rune(text)) >= MinQueryLength {
		like := "%" + escapeLike(strings.ToLower(text)) + "%"
		w.Add(`(LOWER(u.first_name || ' ' || u.last_name) LIKE ? ESCAPE '\' OR u.id IN (SELECT ut.user_id FROM user_tags ut
			JOIN tags t ON t.id = ut.tag_id WHERE t.category = 'job_title' AND t.name_lc LIKE ? ESCAPE '\'))`, like, like)
	}
	var out []candidate
	err := r.Select(ctx, &out, `SELECT `+candidateColumns+` FROM `+from+w.SQL()+` ORDER BY u.id`, w.Args()...)
	return out, err
}

// tagsFirst makes the chosen tags (every one must match) drive the read: the holders of the
// first (index user_tags_tag_user, migration 00024), each checked for the others by the primary
// key, then their user rows. Without statistics SQLite would rather scan a range of users and
// probe the tags for each; CROSS JOIN keeps its order (PostgreSQL plans it as an inner join).
// It adds the joins' conditions to w and returns the FROM clause.
func tagsFirst(w *database.Where, tags []int64) string {
	from := "user_tags t0"
	w.Add("t0.tag_id = ?", tags[0])
	for i, tag := range tags[1:] {
		t := fmt.Sprintf("t%d", i+1)
		from += " CROSS JOIN user_tags " + t
		w.Add(t+".user_id = t0.user_id AND "+t+".tag_id = ?", tag)
	}
	w.Add("u.id = t0.user_id")
	return from + " CROSS JOIN users u"
}

// visibleFreelancers is the advanced search's scope for a searcher who is not an administrator,
// as SQL on users u: the freelancers a department the searcher manages may hire (access.HireRule)
// and the people linked to an entity they manage (hires, access.UsersSeenByManager). Another
// client's freelancers, hireable only by that client, are not in it.
func visibleFreelancers(hires access.UserScope) (string, []any) {
	entities, departments := hires.EntityIDs, hires.DepartmentIDs
	parts := []string{}
	var args []any
	if len(departments) > 0 {
		marks, ids := database.In(departments)
		parts = append(parts, `EXISTS (SELECT 1 FROM user_department_refs r WHERE r.user_id = u.id
			AND r.department_id IN (`+marks+`) AND `+access.HireRule("r", "u")+`)`)
		args = append(append(args, ids...), access.HireableStatuses...)
	}
	if len(entities) > 0 {
		marks, ids := database.In(entities)
		parts = append(parts, `EXISTS (SELECT 1 FROM user_entity_refs er WHERE er.user_id = u.id
			AND er.entity_id IN (`+marks+`))`)
		args = append(args, ids...)
	}
	if len(parts) == 0 {
		return "FALSE", nil
	}
	return "(" + strings.Join(parts, " OR ") + ")", args
}

// keepNear computes each candidate's distance from the location and keeps those the radius
// allows (the bounding box only narrowed them).
func keepNear(f Filter, cands []candidate) []candidate {
	if !f.hasLocation() {
		return cands
	}
	l, kept := f.Location, cands[:0]
	for _, c := range cands {
		if c.Latitude == nil || c.Longitude == nil {
			if f.Radius == 0 {
				kept = append(kept, c)
			}
			continue
		}
		d := DistanceMiles(l.Latitude, l.Longitude, *c.Latitude, *c.Longitude)
		if within(d, f.Radius) {
			c.distance = &d
			kept = append(kept, c)
		}
	}
	return kept
}

// keepFree keeps, when a date range is asked for, the candidates free on every day of it.
func keepFree(ctx context.Context, r database.Reader, f Filter, cands []candidate) ([]candidate, error) {
	if f.StartDate == "" || len(cands) == 0 {
		return cands, nil
	}
	// A few candidates: only theirs are read; many (no location, no tags): everyone's in the range.
	var among []int64
	if len(cands) <= busyAmongMax {
		among = make([]int64, len(cands))
		for i, c := range cands {
			among[i] = c.ID
		}
	}
	busy, err := commitment.BusyUsers(ctx, r, f.StartDate, f.EndDate, among)
	if err != nil {
		return nil, err
	}
	// A busy time of their own calendar on one of the days counts too ('Busy (own calendar)').
	own, err := calendarsync.BusyOnDays(ctx, r, f.StartDate, f.EndDate, among)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(cands, func(c candidate) bool { return busy[c.ID] || own[c.ID] }), nil
}

// markRest marks, when a date range is asked for, the cards of freelancers whose accepted work
// would leave them too little rest to work it (commitment.RestWarnings, one query for all), naming
// the job in the way only if the searcher may see its booking (sc.Bookings).
func markRest(ctx context.Context, r database.Reader, sc Scope, f Filter, cards []Result) error {
	if f.StartDate == "" || len(cards) == 0 {
		return nil
	}
	ids := make([]int64, len(cards))
	for i, c := range cards {
		ids[i] = c.ID
	}
	warnings, err := commitment.RestWarnings(ctx, r, sc.Bookings, f.StartDate, f.EndDate, ids)
	if err != nil {
		return err
	}
	for i := range cards {
		cards[i].RestWarning = warnings[cards[i].ID]
	}
	return nil
}

// busyAmongMax is the most candidates whose commitments are read by id; for more, the range's
// are read whole (an index range either way).
const busyAmongMax = 500

// minorOf is an amount in minor units, rounded to the nearest.
func minorOf(major float64) int64 { return int64(math.Round(major * 100)) }

func stringArgs(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = strings.ToUpper(strings.TrimSpace(s))
	}
	return out
}

func distinct(ids []int64) []int64 {
	slices.Sort(ids)
	return slices.Compact(ids)
}

// escapeLike escapes LIKE's wildcards and its escape character.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
