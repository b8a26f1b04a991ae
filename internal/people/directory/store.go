package directory

import (
	"context"
	"fmt"
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
	if s := q.Scope; s != nil {
		// Everyone sees themself (CanSeeUser), even staff with no links yet.
		scope := []string{"id = ?"}
		args := []any{q.Viewer}
		if s.AllFreelancers {
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

// List returns one page of users and the total across pages. The total is a separate COUNT
// (COUNT(*) OVER() would read every matching row for every page); the page's ids come from the
// index of the sort order and only those rows are read in full.
func (s *Store) List(ctx context.Context, q Query) ([]row, int, error) {
	inner, ok := orderBy(q.Sort, "")
	if !ok {
		return nil, 0, apperror.Field("sort", "Sort by "+strings.Join(SortFields, ", ")+".")
	}
	outer, _ := orderBy(q.Sort, "u")
	cond, args := where(q, s.DB.Dialect)
	var total int
	if err := s.DB.Get(ctx, &total, `SELECT COUNT(*) FROM users`+cond, args...); err != nil {
		return nil, 0, fmt.Errorf("count users: %w", err)
	}
	out := []row{}
	if total == 0 || q.Offset >= total {
		return out, total, nil
	}
	limit, limitArgs := database.LimitOffset(q.Limit, q.Offset)
	// Bookmarks and follows are looked up for the page's rows only.
	marks := `, EXISTS (SELECT 1 FROM user_bookmarks b WHERE b.user_id = ? AND b.target_user_id = u.id) AS is_bookmarked,
		EXISTS (SELECT 1 FROM user_follows f WHERE f.user_id = ? AND f.target_user_id = u.id) AS is_followed`
	err := s.DB.Select(ctx, &out, `WITH page AS (SELECT id FROM users`+cond+` ORDER BY `+inner+limit+`)
		SELECT `+database.Qualify("u", rowColumns)+marks+` FROM page JOIN users u ON u.id = page.id ORDER BY `+outer,
		append(append(args, limitArgs...), q.Viewer, q.Viewer)...)
	if err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	return out, total, nil
}
