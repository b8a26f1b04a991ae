package search

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// hit is one matching record and its score.
type hit struct {
	Source string `db:"source"`
	ID     int64  `db:"record_id"`
	Score  int64  `db:"score"`
}

// Global is the top bar's search: the records matching text that p may see, best first (by
// hiveRank, then source and id), at most PerSourceLimit of each source.
func (s *Store) Global(ctx context.Context, p *auth.Principal, text string) ([]Result, error) {
	pl, ok := planOf(text)
	if !ok {
		return []Result{}, nil
	}
	if vs := pl.variants(); len(vs) > 0 {
		var terms []string
		if err := s.DB.Select(ctx, &terms, `SELECT DISTINCT term FROM search_variants WHERE variant IN (`+
			database.Marks(len(vs))+`) ORDER BY term`, anys(vs)...); err != nil {
			return nil, fmt.Errorf("search variants: %w", err)
		}
		pl.addTypos(terms)
	}
	visible, vargs := visibility(p)
	if visible == "" {
		return []Result{}, nil
	}
	match, margs := pl.matchSQL()
	var hits []hit
	err := s.DB.Select(ctx, &hits, `SELECT h.source, h.record_id, h.score FROM (
		SELECT d.source, d.record_id, m.score,
			ROW_NUMBER() OVER (PARTITION BY d.source ORDER BY m.score DESC, d.record_id) AS n
		FROM (`+match+`) m JOIN search_docs d ON d.source = m.source AND d.record_id = m.record_id
		WHERE `+visible+`) h WHERE h.n <= `+strconv.Itoa(PerSourceLimit), append(margs, vargs...)...)
	if err != nil {
		return nil, fmt.Errorf("global search: %w", err)
	}
	return s.cards(ctx, p, hits)
}

// matchSQL is the query of the records matching every word (or the exact key), with their
// scores: per word the best of its matches (exact, prefix, typo, times the field's weight),
// summed over the words.
func (pl plan) matchSQL() (string, []any) {
	var branches []string
	var args []any
	for i, w := range pl.words {
		n := strconv.Itoa(i)
		branches = append(branches, `SELECT `+n+` AS w, source, record_id, weight * CASE WHEN term = ? THEN `+
			strconv.Itoa(factorExact)+` ELSE `+strconv.Itoa(factorPrefix)+` END AS s
			FROM search_terms WHERE term >= ? AND term < ?`)
		args = append(args, w.word, w.word, index.PrefixEnd(w.word))
		if len(w.typos) > 0 {
			branches = append(branches, `SELECT `+n+` AS w, source, record_id, weight * `+strconv.Itoa(factorTypo)+
				` AS s FROM search_terms WHERE term IN (`+database.Marks(len(w.typos))+`)`)
			args = append(args, anys(w.typos)...)
		}
	}
	if pl.key != "" {
		branches = append(branches, `SELECT -1 AS w, source, record_id, weight AS s FROM search_terms WHERE term = ?`)
		args = append(args, pl.key)
	}
	args = append(args, len(pl.words))
	return `SELECT source, record_id, SUM(s) AS score FROM (
			SELECT w, source, record_id, MAX(s) AS s FROM (` + strings.Join(branches, " UNION ALL ") + `) x
			GROUP BY w, source, record_id) y
		GROUP BY source, record_id HAVING SUM(CASE WHEN w >= 0 THEN 1 ELSE 0 END) = ? OR MIN(w) < 0`, args
}

// visibility is the condition on search_docs d of what p may see, and its arguments; "" when p
// sees nothing. It applies the access rules: departments (and their bookings and jobs) that p
// may select (access.VisibleDepartmentIDs), entities p may view (access.VisibleEntityIDs) and
// the legal entities linked to them, and the users p may see (access.UsersSeenBy: every
// freelancer for a manager, and the people of what they manage), among those whose account can
// work (access.HireableStatuses; the others are available false, hidden from everyone).
func visibility(p *auth.Principal) (string, []any) {
	hireable := `d.status IN (` + database.Marks(len(access.HireableStatuses)) + `)`
	if p.Has(auth.NeedAdmin) {
		return `(d.source <> 'user' OR ` + hireable + `)`, access.HireableStatuses
	}
	var conds []string
	var args []any
	if deps, _ := access.VisibleDepartmentIDs(p); len(deps) > 0 {
		marks, a := database.In(deps)
		conds = append(conds, `(d.source IN ('booking', 'job', 'department') AND d.department_id IN (`+marks+`))`)
		args = append(args, a...)
	}
	if ents, _ := access.VisibleEntityIDs(p); len(ents) > 0 {
		marks, a := database.In(ents)
		conds = append(conds, `(d.source = 'entity' AND d.record_id IN (`+marks+`))`,
			`(d.source = 'legal_entity' AND EXISTS (SELECT 1 FROM entity_legal_entity_refs r
				WHERE r.legal_entity_id = d.record_id AND r.entity_id IN (`+marks+`)))`)
		args = append(append(args, a...), a...)
	}
	scope := access.UsersSeenBy(p)
	users := []string{`d.record_id = ?`}
	uargs := []any{p.UserID}
	if scope.AllFreelancers {
		users = append(users, `d.is_freelancer = TRUE`)
	}
	if len(scope.EntityIDs) > 0 {
		marks, a := database.In(scope.EntityIDs)
		users = append(users, `EXISTS (SELECT 1 FROM user_entity_refs r WHERE r.user_id = d.record_id AND r.entity_id IN (`+marks+`))`)
		uargs = append(uargs, a...)
	}
	if len(scope.DepartmentIDs) > 0 {
		marks, a := database.In(scope.DepartmentIDs)
		users = append(users, `EXISTS (SELECT 1 FROM user_department_refs r WHERE r.user_id = d.record_id AND r.department_id IN (`+marks+`))`)
		uargs = append(uargs, a...)
	}
	conds = append(conds, `(d.source = 'user' AND `+hireable+` AND (`+strings.Join(users, " OR ")+`))`)
	args = append(append(args, access.HireableStatuses...), uargs...)
	return `(` + strings.Join(conds, " OR ") + `)`, args
}

// cards reads the cards of hits and lists them best first.
func (s *Store) cards(ctx context.Context, p *auth.Principal, hits []hit) ([]Result, error) {
	ids := map[string][]int64{}
	for _, h := range hits {
		ids[h.Source] = append(ids[h.Source], h.ID)
	}
	cards := map[string]map[int64]Result{}
	for source, list := range ids {
		var err error
		if source == index.User {
			cards[source], err = s.userCards(ctx, p, list)
		} else {
			cards[source], err = s.recordCards(ctx, source, list)
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
