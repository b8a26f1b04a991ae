package search

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/organisations/tags"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/database"
)

// The most of each list a user card shows (spec part 1 §2).
const (
	cardEntities    = 5
	cardDepartments = 5
	cardJobTitles   = 3
)

// Role labels of user cards (spec part 1 §3).
const (
	RoleFreelancer = "Freelancer"
	RoleStaff      = "Staff"
)

// userRow is what a user card reads of the user.
type userRow struct {
	ID              int64  `db:"id"`
	FirstName       string `db:"first_name"`
	LastName        string `db:"last_name"`
	Email           string `db:"email"`
	IsFreelancer    bool   `db:"is_freelancer"`
	ProfileImageKey string `db:"profile_image_key"`
	DayRateMinor    *int64 `db:"day_rate_minor"`
	DayRateCurrency string `db:"day_rate_currency"`
	DayRatePeriod   string `db:"day_rate_period"`
	BusinessType    string `db:"business_type"`
	LocationName    string `db:"location_name"`
}

// linkRow is one entity, department or job title of a user.
type linkRow struct {
	Kind     string `db:"kind"`
	UserID   int64  `db:"user_id"`
	ID       int64  `db:"id"`
	Name     string `db:"name"`
	SortName string `db:"sort_name"`
}

// cardsOf reads through q the cards of users ids (in no order) in a fixed number of set-based
// queries, whatever their number (two: the users, and their entities, departments and job titles
// in one). Users whose account cannot work (access.HireableStatuses: inactive, not
// yet activated, system) are available false and left out, as the spec hides them; so are ids
// that do not exist. Visibility of the users themselves is the caller's; a card names only the
// entities and departments the searcher may see (as a profile does for others than
// administrators), so no card reveals another client's names. The email is on Staff cards only.
// The day rate is the profile's rate as a day rate (jobs.DayRateMinor). preferred is the
// searcher's preferred users, read by the caller (preferredOf).
func cardsOf(ctx context.Context, q database.Reader, sc Scope, ids []int64, preferred map[int64]bool) (map[int64]Result, error) {
	out := make(map[int64]Result, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	marks, args := database.In(ids)
	var users []userRow
	if err := q.Select(ctx, &users, `SELECT id, first_name, last_name, email, is_freelancer, profile_image_key,
		day_rate_minor, day_rate_currency, day_rate_period, business_type, location_name
		FROM users WHERE id IN (`+marks+`) AND account_status IN (?, ?, ?)`,
		append(append([]any{}, args...), access.HireableStatuses...)...); err != nil {
		return nil, err
	}
	for _, u := range users {
		out[u.ID] = userCard(u, preferred[u.ID])
	}
	links, largs := linksQuery(sc, marks, args)
	var rows []linkRow
	if err := q.Select(ctx, &rows, links, largs...); err != nil {
		return nil, err
	}
	for _, l := range rows {
		c, ok := out[l.UserID]
		switch {
		case !ok:
		case l.Kind == linkEntity && len(c.Entities) < cardEntities:
			c.Entities = append(c.Entities, NamedRef{ID: l.ID, Name: l.Name})
		case l.Kind == linkDepartment && len(c.Departments) < cardDepartments:
			c.Departments = append(c.Departments, NamedRef{ID: l.ID, Name: l.Name})
		case l.Kind == linkJobTitle && len(c.JobTitles) < cardJobTitles:
			c.JobTitles = append(c.JobTitles, l.Name)
		}
		if ok {
			out[l.UserID] = c
		}
	}
	return out, nil
}

// The kinds of a card's named links.
const (
	linkEntity     = "1entity"
	linkDepartment = "2department"
	linkJobTitle   = "3job_title"
)

// linksQuery reads, for the users of the IN list marks (args), their entities and departments
// that the searcher may see (sc) and their job titles, each kind by name: one UNION ALL.
func linksQuery(sc Scope, marks string, args []any) (string, []any) {
	var branches []string
	var out []any
	if entities := sc.Entities; !entities.None() {
		cond, vargs := entities.Condition("e.id")
		branches = append(branches, `SELECT '`+linkEntity+`' AS kind, r.user_id, e.id, e.name, e.name_lc AS sort_name
			FROM user_entity_refs r JOIN entities e ON e.id = r.entity_id WHERE r.user_id IN (`+marks+`) AND `+cond)
		out = append(append(out, args...), vargs...)
	}
	if departments := sc.Departments; !departments.None() {
		cond, vargs := departments.Condition("d.id")
		branches = append(branches, `SELECT '`+linkDepartment+`' AS kind, r.user_id, d.id, d.name, d.name_lc AS sort_name
			FROM user_department_refs r JOIN departments d ON d.id = r.department_id WHERE r.user_id IN (`+marks+`) AND `+cond)
		out = append(append(out, args...), vargs...)
	}
	branches = append(branches, `SELECT '`+linkJobTitle+`' AS kind, ut.user_id, t.id, t.name, t.name_lc AS sort_name
		FROM user_tags ut JOIN tags t ON t.id = ut.tag_id AND t.category = ? WHERE ut.user_id IN (`+marks+`)`)
	out = append(append(out, tags.CategoryJobTitle), args...)
	return strings.Join(branches, " UNION ALL ") + " ORDER BY user_id, kind, sort_name, id", out
}

// preferredOf reads the users who are preferred users of a job template of a department the
// searcher manages (sc.Managed: every department for administrators): the cards' preferred flag
// and Order By Preferred.
func preferredOf(ctx context.Context, q database.Reader, sc Scope) (map[int64]bool, error) {
	ids, err := jobs.PreferredIn(ctx, q, sc.Managed)
	if err != nil {
		return nil, err
	}
	set := make(map[int64]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return set, nil
}

// userCard builds a user's card from their row.
func userCard(u userRow, preferred bool) Result {
	available := true
	c := Result{HiveSource: SourceUser, ID: u.ID, Available: &available, FirstName: u.FirstName, LastName: u.LastName,
		ProfileImageURL: files.ProfileImageURL(u.ID, u.ProfileImageKey), BusinessType: u.BusinessType,
		LocationName: u.LocationName, Preferred: preferred, RoleLabel: RoleStaff}
	if u.IsFreelancer {
		c.RoleLabel = RoleFreelancer
	} else {
		c.Email = strings.TrimSpace(u.Email)
	}
	if u.DayRateMinor != nil {
		if day, ok := jobs.DayRateMinor(*u.DayRateMinor, u.DayRatePeriod); ok {
			r := jobs.RateOf(day, u.DayRateCurrency, "day")
			c.DayRate = &r
		}
	}
	return c
}
