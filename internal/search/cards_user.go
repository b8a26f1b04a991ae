package search

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/organisations/tags"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/people/profile"
	"github.com/hive/hive/internal/platform/auth"
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

// linkRow is one entity or department, or job title (name only), of a user.
type linkRow struct {
	UserID int64  `db:"user_id"`
	ID     int64  `db:"id"`
	Name   string `db:"name"`
}

// userCards reads the cards of users ids (in no order) in a fixed number of set-based queries,
// whatever their number: the user, their entities, departments and job titles, and which are
// preferred. Users whose account cannot work (access.HireableStatuses: inactive, not yet
// activated, system) are available false and left out, as the spec hides them; so are ids that
// do not exist. Visibility of the users themselves is the caller's; a card names only the
// entities and departments the searcher may see (as a profile does for others than
// administrators), so no card reveals another client's names. The email is on Staff cards only.
// The day rate is the profile's rate as a day rate (profile.DayRateMinor).
func (s *Store) userCards(ctx context.Context, p *auth.Principal, ids []int64) (map[int64]Result, error) {
	out := make(map[int64]Result, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var users []userRow
	var entities, departments, titles []linkRow
	var preferred []int64
	marks, args := database.In(ids)
	steps := []func() error{
		func() error {
			return s.DB.Select(ctx, &users, `SELECT id, first_name, last_name, email, is_freelancer, profile_image_key,
				day_rate_minor, day_rate_currency, day_rate_period, business_type, location_name
				FROM users WHERE id IN (`+marks+`) AND account_status IN (?, ?, ?)`,
				append(append([]any{}, args...), access.HireableStatuses...)...)
		},
		func() error {
			vis, all := access.VisibleEntityIDs(p)
			return s.selectLinks(ctx, &entities, `SELECT r.user_id, e.id, e.name FROM user_entity_refs r
				JOIN entities e ON e.id = r.entity_id WHERE r.user_id IN (`+marks+`)`, "e.id", vis, all,
				" ORDER BY r.user_id, e.name_lc, e.id", args)
		},
		func() error {
			vis, all := access.VisibleDepartmentIDs(p)
			return s.selectLinks(ctx, &departments, `SELECT r.user_id, d.id, d.name FROM user_department_refs r
				JOIN departments d ON d.id = r.department_id WHERE r.user_id IN (`+marks+`)`, "d.id", vis, all,
				" ORDER BY r.user_id, d.name_lc, d.id", args)
		},
		func() error {
			return s.DB.Select(ctx, &titles, `SELECT ut.user_id, t.id, t.name FROM user_tags ut
				JOIN tags t ON t.id = ut.tag_id AND t.category = ? WHERE ut.user_id IN (`+marks+`)
				ORDER BY ut.user_id, t.name_lc, t.id`, append([]any{tags.CategoryJobTitle}, args...)...)
		},
		func() error {
			var err error
			preferred, err = s.preferredOf(ctx, p)
			return err
		},
	}
	for _, step := range steps { // each a set-based read of its own part
		if err := step(); err != nil {
			return nil, err
		}
	}
	isPreferred := make(map[int64]bool, len(preferred))
	for _, id := range preferred {
		isPreferred[id] = true
	}
	for _, u := range users {
		out[u.ID] = userCard(u, isPreferred[u.ID])
	}
	for _, l := range entities {
		if c, ok := out[l.UserID]; ok && len(c.Entities) < cardEntities {
			c.Entities = append(c.Entities, NamedRef{ID: l.ID, Name: l.Name})
			out[l.UserID] = c
		}
	}
	for _, l := range departments {
		if c, ok := out[l.UserID]; ok && len(c.Departments) < cardDepartments {
			c.Departments = append(c.Departments, NamedRef{ID: l.ID, Name: l.Name})
			out[l.UserID] = c
		}
	}
	for _, l := range titles {
		if c, ok := out[l.UserID]; ok && len(c.JobTitles) < cardJobTitles {
			c.JobTitles = append(c.JobTitles, l.Name)
			out[l.UserID] = c
		}
	}
	return out, nil
}

// selectLinks reads a user's links, keeping only the records the searcher may see (column in
// visible) unless they see all.
func (s *Store) selectLinks(ctx context.Context, dest *[]linkRow, query, column string, visible []int64, all bool, order string, args []any) error {
	args = append([]any{}, args...)
	if !all {
		if len(visible) == 0 {
			return nil
		}
		marks, vargs := database.In(visible)
		query += " AND " + column + " IN (" + marks + ")"
		args = append(args, vargs...)
	}
	return s.DB.Select(ctx, dest, query+order, args...)
}

// preferredOf reads the users who are preferred users of a job template of a department the
// searcher manages (every department for administrators): the cards' preferred flag and Order
// By Preferred.
func (s *Store) preferredOf(ctx context.Context, p *auth.Principal) ([]int64, error) {
	all := p.Has(auth.NeedAdmin)
	_, departments := access.UsersSeenByManager(p)
	return jobs.PreferredIn(ctx, s.DB, departments, all)
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
		if day, ok := profile.DayRateMinor(*u.DayRateMinor, u.DayRatePeriod); ok {
			r := jobs.RateOf(day, u.DayRateCurrency, "day")
			c.DayRate = &r
		}
	}
	return c
}
