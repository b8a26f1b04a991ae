package search

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// candidateLimit bounds the work of one source: its results are ranked among at most this many
// records matching its most selective word (its driver), read in the index's order: the exact
// word first, then the word's completions alphabetically, then its one-typo spellings. A word
// found in more records than this (a very common word, alone) ranks the first
// candidateLimit of them; the other words of the query are then checked on those.
const candidateLimit = 1000

// hit is one matching record and its score.
type hit struct {
	Source string `db:"source"`
	ID     int64  `db:"record_id"`
	Score  int64  `db:"score"`
}

// Global is the top bar's search: the records matching q's text that sc lets the searcher see, best first (by
// hiveRank, then source and id), at most PerSourceLimit of each source. With Order By the users
// are in that order (orderUsers), the most relevant first among equals.
func (s *Store) Global(ctx context.Context, sc Scope, q Query) ([]Result, error) {
	pl, ok := planOf(q.Query)
	if !ok {
		return []Result{}, nil
	}
	var hits []hit
	out := []Result{}
	// Read as the advanced search reads (s.reading): PostgreSQL planning each query for its
	// words, not a generic plan blind to how common they are.
	err := s.DB.ReadPlanned(ctx, func(r database.Reader) error {
		if vs := pl.variants(); len(vs) > 0 {
			var terms []string
			if err := r.Select(ctx, &terms, `SELECT DISTINCT term FROM search_variants WHERE variant IN (`+
				database.Marks(len(vs))+`) ORDER BY term`, anys(vs)...); err != nil {
				return fmt.Errorf("search variants: %w", err)
			}
			pl.addTypos(terms)
		}
		scopes := scopesOf(sc)
		driver, err := drivers(ctx, r, pl, scopes)
		if err != nil {
			return err
		}
		var parts []string
		var args []any
		for _, src := range index.Sources {
			sc, visible := scopes[src]
			if !visible {
				continue
			}
			q, a := pl.sourceSQL(src, driver[src], sc)
			parts = append(parts, q)
			args = append(args, a...)
		}
		if len(parts) == 0 {
			return nil
		}
		if err := r.Select(ctx, &hits, strings.Join(parts, " UNION ALL "), args...); err != nil {
			return fmt.Errorf("global search: %w", err)
		}
		if q.SortKey != "" {
			if err := orderUsers(ctx, r, sc, hits, orderOf(q.Filter)); err != nil {
				return err
			}
		}
		out, err = cards(ctx, r, sc, hits)
		return err
	})
	return out, err
}

// scope is what the searcher may see of one source: conditions on a scanned index row t, any of which lets
// it through, with their arguments. Each is read as its own branch, so a planner never has to
// weigh an OR of a flag against a link look-up (PostgreSQL would hash every link of the
// searcher's departments for each search).
type scope []cond

type cond struct {
	sql  string
	args []any
}

// scopesOf is what sc lets the searcher see of each source; a source they see nothing of is
// missing. The access rules are decided in sc: departments (and their bookings and jobs) they may
// select (Departments), entities they may view (Entities) and the legal entities linked to them,
// and the users they may see (Users: every freelancer for a manager, and the people of what they
// manage), among those whose account can work (access.HireableStatuses; the others are available
// false, hidden from everyone).
func scopesOf(sc Scope) map[string]scope {
	hireable := `t.status IN (` + database.Marks(len(access.HireableStatuses)) + `)`
	if sc.Admin {
		all := scope{{sql: `TRUE`}}
		return map[string]scope{index.User: {{hireable, access.HireableStatuses}}, index.Booking: all,
			index.Job: all, index.Department: all, index.Entity: all, index.LegalEntity: all}
	}
	out := map[string]scope{}
	if deps := sc.Departments; !deps.None() {
		cond, a := deps.Condition("t.scope_id")
		for _, src := range []string{index.Booking, index.Job, index.Department} {
			out[src] = scope{{cond, a}}
		}
	}
	if ents := sc.Entities; !ents.None() {
		cond, a := ents.Condition("t.scope_id")
		out[index.Entity] = scope{{cond, a}}
		cond, _ = ents.Condition("r.entity_id")
		out[index.LegalEntity] = scope{{`EXISTS (SELECT 1 FROM entity_legal_entity_refs r
			WHERE r.legal_entity_id = t.record_id AND ` + cond + `)`, a}}
	}
	seen := sc.Users
	people := []string{`t.record_id = ?`}
	args := append(append([]any{}, access.HireableStatuses...), sc.Reader)
	if len(seen.EntityIDs) > 0 {
		marks, a := database.In(seen.EntityIDs)
		people = append(people, `EXISTS (SELECT 1 FROM user_entity_refs r WHERE r.user_id = t.record_id AND r.entity_id IN (`+marks+`))`)
		args = append(args, a...)
	}
	if len(seen.DepartmentIDs) > 0 {
		marks, a := database.In(seen.DepartmentIDs)
		people = append(people, `EXISTS (SELECT 1 FROM user_department_refs r WHERE r.user_id = t.record_id AND r.department_id IN (`+marks+`))`)
		args = append(args, a...)
	}
	linked := hireable + ` AND (` + strings.Join(people, " OR ") + `)`
	if !seen.AllFreelancers {
		out[index.User] = scope{{linked, args}}
		return out
	}
	// Every freelancer, and the staff linked to what the searcher manages (and the searcher).
	out[index.User] = scope{{hireable + ` AND t.is_freelancer = TRUE`, access.HireableStatuses},
		{`t.is_freelancer = FALSE AND ` + linked, args}}
	return out
}

// drivers picks, per source, the word of the plan found in the fewest of its records (counted
// up to candidateLimit+1), from which that source's candidates are read; ties go to the longer
// word. A plan of one word needs no count.
func drivers(ctx context.Context, r database.Reader, pl plan, scopes map[string]scope) (map[string]int, error) {
	out := map[string]int{}
	if len(pl.words) < 2 {
		return out, nil
	}
	var parts []string
	var args []any
	for _, src := range index.Sources {
		if _, ok := scopes[src]; !ok {
			continue
		}
		for i, w := range pl.words {
			parts = append(parts, `SELECT '`+src+`' AS source, `+strconv.Itoa(i)+` AS w,
				(SELECT COUNT(*) FROM (SELECT 1 FROM search_terms WHERE source = '`+src+`' AND term >= ? AND term < ?
				LIMIT `+strconv.Itoa(candidateLimit+1)+`) x) AS n`)
			args = append(args, w.word, index.PrefixEnd(w.word))
		}
	}
	if len(parts) == 0 {
		return out, nil
	}
	var counts []struct {
		Source string `db:"source"`
		W      int    `db:"w"`
		N      int    `db:"n"`
	}
	if err := r.Select(ctx, &counts, strings.Join(parts, " UNION ALL "), args...); err != nil {
		return nil, fmt.Errorf("search word counts: %w", err)
	}
	best := map[string]int{}
	for _, c := range counts {
		b, seen := best[c.Source]
		if !seen || c.N < b || c.N == b && len(pl.words[c.W].word) > len(pl.words[out[c.Source]].word) {
			best[c.Source], out[c.Source] = c.N, c.W
		}
	}
	return out, nil
}

// sourceSQL is the query of source's best PerSourceLimit records matching every word of the
// plan (or its exact key) within sc: the candidates of the driver word (at most
// candidateLimit), each other word's best match on each candidate's own words, summed.
func (pl plan) sourceSQL(src string, driver int, sc scope) (string, []any) {
	var branches []string
	var args []any
	order, limit := ` ORDER BY t.term, t.record_id`, ` LIMIT `+strconv.Itoa(candidateLimit)
	for k, c := range sc {
		alias := strconv.Itoa(k)
		if len(pl.words) > 0 {
			w := pl.words[driver]
			branches = append(branches, `SELECT * FROM (SELECT t.record_id, t.weight * CASE WHEN t.term = ? THEN `+
				strconv.Itoa(factorExact)+` ELSE `+strconv.Itoa(factorPrefix)+` END AS s FROM search_terms t
				WHERE t.source = '`+src+`' AND t.term >= ? AND t.term < ? AND `+c.sql+order+limit+`) a`+alias)
			args = append(append(args, w.word, w.word, index.PrefixEnd(w.word)), c.args...)
			if len(w.typos) > 0 {
				branches = append(branches, `SELECT * FROM (SELECT t.record_id, t.weight * `+strconv.Itoa(factorTypo)+
					` AS s FROM search_terms t WHERE t.source = '`+src+`' AND t.term IN (`+database.Marks(len(w.typos))+
					`) AND `+c.sql+order+limit+`) b`+alias)
				args = append(append(args, anys(w.typos)...), c.args...)
			}
		}
		if pl.key != "" {
			branches = append(branches, `SELECT t.record_id, t.weight AS s FROM search_terms t
				WHERE t.source = '`+src+`' AND t.term = ? AND `+c.sql)
			args = append(append(args, pl.key), c.args...)
		}
	}
	candidates := `SELECT record_id, MAX(s) AS s FROM (` + strings.Join(branches, " UNION ALL ") + `) x GROUP BY record_id`
	if len(pl.words) < 2 {
		return `SELECT * FROM (SELECT '` + src + `' AS source, record_id, s AS score FROM (` + candidates + `) c
			ORDER BY score DESC, record_id LIMIT ` + strconv.Itoa(PerSourceLimit) + `) z` + src, args
	}
	// The other words are matched on each candidate's own words, read once through
	// search_terms_record (record_id, source): (o.source || '') and (o.term || '') keep the
	// planners off the primary key's (source, term) ranges. A word's score on the candidate is
	// its best match; a candidate missing a word has NULL and is dropped.
	var colArgs []any
	cols, sum, checks := ``, `s0`, []string{}
	for i, w := range pl.words {
		if i == driver {
			continue
		}
		n := strconv.Itoa(i + 1)
		end := index.PrefixEnd(w.word)
		match, matchArgs := `((o.term || '') >= ? AND (o.term || '') < ?`, []any{w.word, end}
		if len(w.typos) > 0 {
			match += ` OR (o.term || '') IN (` + database.Marks(len(w.typos)) + `)`
			matchArgs = append(matchArgs, anys(w.typos)...)
		}
		cols += `, MAX(CASE WHEN ` + match + `) THEN o.weight * CASE WHEN o.term = ? THEN ` + strconv.Itoa(factorExact) +
			` WHEN o.term >= ? AND o.term < ? THEN ` + strconv.Itoa(factorPrefix) + ` ELSE ` + strconv.Itoa(factorTypo) +
			` END END) AS s` + n
		colArgs = append(append(colArgs, matchArgs...), w.word, w.word, end)
		sum += ` + s` + n
		checks = append(checks, `s`+n+` IS NOT NULL`)
	}
	return `SELECT * FROM (SELECT '` + src + `' AS source, record_id, ` + sum + ` AS score FROM (
		SELECT c.record_id, MAX(c.s) AS s0` + cols + ` FROM (` + candidates + `) c
		JOIN search_terms o ON o.record_id = c.record_id AND (o.source || '') = '` + src + `'
		GROUP BY c.record_id) y
		WHERE ` + strings.Join(checks, " AND ") + `
		ORDER BY score DESC, record_id LIMIT ` + strconv.Itoa(PerSourceLimit) + `) z` + src, append(colArgs, args...)
}

// orderUsers puts the user hits in order o (the advanced search's order, order.compare, with
// their relevance as the tie-break after the sort key) by replacing their scores with their
// places, as the advanced search ranks: the first of n users gets n, the last 1. The other
// sources keep their relevance.
func orderUsers(ctx context.Context, r database.Reader, sc Scope, hits []hit, o order) error {
	users := map[int64]*hit{}
	for i := range hits {
		if hits[i].Source == index.User {
			users[hits[i].ID] = &hits[i]
		}
	}
	if len(users) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(users))
	for id := range users {
		ids = append(ids, id)
	}
	marks, args := database.In(ids)
	var cands []candidate
	if err := r.Select(ctx, &cands, `SELECT `+candidateColumns+` FROM users u WHERE u.id IN (`+marks+`)`, args...); err != nil {
		return fmt.Errorf("global search order: %w", err)
	}
	var preferred map[int64]bool
	if o.key == SortPreferred {
		var err error
		if preferred, err = preferredOf(ctx, r, sc); err != nil {
			return err
		}
	}
	ordered := make([]*candidate, len(cands))
	for i := range cands {
		cands[i].relevance, cands[i].preferred = users[cands[i].ID].Score, preferred[cands[i].ID]
		ordered[i] = &cands[i]
	}
	slices.SortFunc(ordered, o.compare)
	for _, h := range users { // gone since the index was read: last (cards drops them)
		h.Score = 0
	}
	for i, c := range ordered {
		users[c.ID].Score = int64(len(ordered) - i)
	}
	return nil
}

// cards reads the cards of hits through r and lists them best first.
func cards(ctx context.Context, r database.Reader, sc Scope, hits []hit) ([]Result, error) {
	ids := map[string][]int64{}
	for _, h := range hits {
		ids[h.Source] = append(ids[h.Source], h.ID)
	}
	cards := map[string]map[int64]Result{}
	for source, list := range ids {
		var err error
		if source == index.User {
			var preferred map[int64]bool
			if preferred, err = preferredOf(ctx, r, sc); err == nil {
				cards[source], err = cardsOf(ctx, r, sc, list, preferred)
			}
		} else {
			cards[source], err = recordCards(ctx, r, source, list)
		}
		if err != nil {
			return nil, err
		}
	}
	order := map[string]int{}
	for i, src := range index.Sources {
		order[src] = i
	}
	slices.SortFunc(hits, func(a, b hit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(order[a.Source], order[b.Source]), cmp.Compare(a.ID, b.ID))
	})
	out := make([]Result, 0, len(hits))
	for _, h := range hits {
		c, ok := cards[h.Source][h.ID]
		if !ok { // gone since the index was read, or (users) not available
			continue
		}
		c.HiveSource, c.HiveRank, c.ID = Source(h.Source), float64(h.Score), h.ID
		out = append(out, c)
	}
	return out, nil
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
