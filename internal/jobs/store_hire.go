package jobs

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// MsgNotHireable refuses a preferred freelancer the department may not hire. It says the same for
// a manager, a staff member, an account not yet activated, a freelancer of no concern to the
// department and an id that names nobody, so a template's answer confirms no account.
const MsgNotHireable = "Only active freelancers this department may hire can be preferred."

// requireHireable refuses users unless department may hire every one of them (access.HireRule).
func requireHireable(ctx context.Context, q Selecter, department int64, users []int64) error {
	if len(users) == 0 {
		return nil
	}
	ok, err := access.HireableAmong(ctx, q, department, users)
	if err != nil {
		return err
	}
	want := map[int64]bool{}
	for _, u := range users {
		want[u] = true
	}
	if len(ok) != len(want) {
		return apperror.Field("preferredUserIds", MsgNotHireable)
	}
	return nil
}

// hireablePage is how many freelancers the preferred picker lists per search.
const hireablePage = 20

// Hireable lists up to 20 freelancers department may hire whose name or e-mail contains term,
// by name: the choices of a job template's preferred freelancers.
func (s *Store) Hireable(ctx context.Context, department int64, term string) ([]PreferredUser, error) {
	out := []PreferredUser{}
	q := `SELECT u.id, TRIM(u.first_name || ' ' || u.last_name) AS full_name, u.email
		FROM user_department_refs r JOIN users u ON u.id = r.user_id
		WHERE r.department_id = ? AND ` + access.HireRule("r", "u")
	args := append([]any{department}, access.HireableStatuses...)
	if term = strings.ToLower(term); term != "" {
		q += ` AND (LOWER(u.first_name || ' ' || u.last_name) LIKE ? OR u.email_lc LIKE ?)`
		like := "%" + term + "%"
		args = append(args, like, like)
	}
	page, pageArgs := database.LimitOffset(hireablePage, 0)
	err := s.DB.Select(ctx, &out, q+` ORDER BY u.first_name, u.last_name, u.id `+page, append(args, pageArgs...)...)
	return out, err
}
