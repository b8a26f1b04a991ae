package jobs

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// PreferredIn reads, in one query, the distinct users who are preferred users of a job template
// of one of the departments: what the advanced search's Order By Preferred and its cards'
// preferred flag mean. When no department is visible it reads nothing.
func PreferredIn(ctx context.Context, q Selecter, departments database.Visibility) ([]int64, error) {
	var ids []int64
	if departments.All {
		err := q.Select(ctx, &ids, `SELECT DISTINCT user_id FROM job_template_preferred_users`)
		return ids, err
	}
	if departments.None() {
		return nil, nil
	}
	cond, args := departments.Condition("jt.department_id")
	err := q.Select(ctx, &ids, `SELECT DISTINCT pu.user_id FROM job_templates jt
		JOIN job_template_preferred_users pu ON pu.job_template_id = jt.id
		WHERE `+cond, args...)
	return ids, err
}
