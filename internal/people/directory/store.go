package directory

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads the All Users grid.
type Store struct {
	DB *database.DB
}

const rowColumns = `id, email, first_name, last_name, label, phone, country, timezone, account_status,
	onboarding_state, can_admin, can_create_supplier_entity, can_create_agency_entity, can_create_client_entity,
	is_freelancer`

// sortable is the columns sortColumns orders by.
const sortable = "id, email_lc, first_name, last_name, label, onboarding_state, account_status"

// where builds the WHERE clause of q and its arguments for the engine of dialect.
func where(q Query, dialect database.Dialect) (string, []any) {
	var w database.Where
	add := w.Add
	term := strings.TrimSpace(q.Search)
	// PostgreSQL answers the search from the trigram indexes of migration 00040; SQLite first
	// narrows to the rows its trigram table finds (when the term is long enough), and then must
	// not range an index of the tab instead, testing each of its rows against those matches:
	// the unary plus keeps is_freelancer's indexes out of its plans.
	phrase, narrow := trigramPhrase(term)
	narrow = narrow && dialect == database.SQLite
	freelancer := "is_freelancer"
	if narrow {
		freelancer = "+is_freelancer"
	}
	if q.Freelancers != nil {
		add(freelancer+" = ?", *q.Freelancers)
	}
	if term != "" {
		like := likeContains(term)
		add("(LOWER(first_name || ' ' || last_name) LIKE ? OR email_lc LIKE ?)", like, like)
		if narrow {
			add("id IN (SELECT rowid FROM users_contains WHERE users_contains MATCH ?)", phrase)
		}
	}
	if t := strings.TrimSpace(q.Email); t != "" {
		add("email_lc LIKE ?", likeContains(t))
	}
	if t := strings.TrimSpace(q.Label); t != "" {
		add("LOWER(label) LIKE ?", likeContains(t))
	}
	if t := strings.TrimSpace(q.FirstName); t != "" {
		lo, hi := prefixBounds(t)
		add("LOWER(first_name) >= ? AND LOWER(first_name) < ?", lo, hi)
	}
	if t := strings.TrimSpace(q.LastName); t != "" {
		lo, hi := prefixBounds(t)
		add("LOWER(last_name) >= ? AND LOWER(last_name) < ?", lo, hi)
	}
	if q.OnboardingState != "" {
		add("onboarding_state = ?", q.OnboardingState)
	}
	if q.AccountStatus != "" {
		add("account_status = ?", q.AccountStatus)
	}
	freelancersTab := q.Freelancers != nil && *q.Freelancers
	if s := q.Scope; s != nil && !(s.AllFreelancers && freelancersTab) {
		// Everyone sees themself (CanSeeUser), even staff with no links yet. On the freelancers'
		// tab of a viewer who sees every freelancer the tab is the whole scope: left in, the OR
		// kept PostgreSQL from counting the tab by its index (25 to 30 ms on 100,000 freelancers).
		scope := []string{"id = ?"}
		args := []any{q.Viewer}
		if s.AllFreelancers && q.Freelancers == nil {
			scope = append(scope, freelancer+" = TRUE")
		}
		if len(s.EntityIDs) > 0 {
			in, ids := database.In(s.EntityIDs)
			scope = append(scope, "id IN (SELECT user_id FROM user_entity_refs WHERE entity_id IN ("+in+"))")
			args = append(args, ids...)
		}
		if len(s.DepartmentIDs) > 0 {
			in, ids := database.In(s.DepartmentIDs)
			scope = append(scope, "id IN (SELECT user_id FROM user_department_refs WHERE department_id IN ("+in+"))")
			args = append(args, ids...)
		}
		add("("+strings.Join(scope, " OR ")+")", args...)
	}
	return w.SQL(), w.Args()
}

// marks are the viewer's bookmark and follow of row u (two arguments: the viewer, twice),
// looked up for the page's rows only.
const marks = `, EXISTS (SELECT 1 FROM user_bookmarks b WHERE b.user_id = ? AND b.target_user_id = u.id) AS is_bookmarked,
	EXISTS (SELECT 1 FROM user_follows f WHERE f.user_id = ? AND f.target_user_id = u.id) AS is_followed`

// List returns one page of users and the total across pages, by database.PageByIDs: a
// separate COUNT, and the page's ids from the index of the sort order. A search the trigram indexes
// narrow is read otherwise (listMatches).
func (s *Store) List(ctx context.Context, q Query) ([]row, int, error) {
	inner, ok := orderBy(q.Sort, "")
	if !ok {
		return nil, 0, apperror.Field("sort", "Sort by "+strings.Join(SortFields, ", ")+".")
	}
	outer, _ := orderBy(q.Sort, "u")
	cond, args := where(q, s.DB.Dialect)
	if _, narrowed := trigramPhrase(strings.TrimSpace(q.Search)); narrowed {
		out, total, err := s.listMatches(ctx, q, inner, outer, cond, args)
		if err != nil || len(out) > 0 {
			return out, total, err
		}
		// No row on the page: the count below tells no match from a page past the last.
	}
	page := database.IDPage{Table: "users", Alias: "u", Cond: cond,
		Args: args, Order: inner, Outer: outer, Columns: database.Qualify("u", rowColumns) + marks,
		ColumnArgs: []any{q.Viewer, q.Viewer}, Limit: q.Limit, Offset: q.Offset}
	if q.Freelancers != nil {
		// A whole tab, as an administrator or a manager first sees it, is counted in
		// user_tab_counts (migration 00046) rather than entry by entry.
		if tab, _ := where(Query{Freelancers: q.Freelancers}, s.DB.Dialect); cond == tab {
			page.Count, page.CountArgs = `SELECT n FROM user_tab_counts WHERE is_freelancer = ?`, []any{*q.Freelancers}
		}
	}
	out, total, err := database.PageByIDs[row](ctx, s.DB, page)
	if err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	return out, total, nil
}

// countedRow is a row of the page with the total across pages.
type countedRow struct {
	row
	Total int `db:"total"`
}

// listMatches reads the page of a search the trigram indexes narrow (migration 00040) in one
// statement: its matches, a few thousand at most for a name, are found once, then counted and
// sorted for the page. Walking the index of the sort order instead, PostgreSQL tested the LIKE
// on every row before the first match (0.4 s for a surname late in the alphabet), and a
// separate count read the matches a second time.
func (s *Store) listMatches(ctx context.Context, q Query, inner, outer, cond string, args []any) ([]row, int, error) {
	limit, limitArgs := database.LimitOffset(q.Limit, q.Offset)
	var got []countedRow
	err := s.DB.Select(ctx, &got, `WITH matches AS MATERIALIZED (SELECT `+sortable+` FROM users`+cond+`),
		page AS (SELECT id FROM matches ORDER BY `+inner+limit+`)
		SELECT `+database.Qualify("u", rowColumns)+marks+`, (SELECT COUNT(*) FROM matches) AS total
		FROM page JOIN users u ON u.id = page.id ORDER BY `+outer,
		append(append(slices.Clone(args), limitArgs...), q.Viewer, q.Viewer)...)
	if err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	out := make([]row, len(got))
	total := 0
	for i, r := range got {
		out[i], total = r.row, r.Total
	}
	return out, total, nil
}
