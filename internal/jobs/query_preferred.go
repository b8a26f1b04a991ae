package jobs

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// PreferredIn reads, in one query, the distinct users who are preferred users of a job template
// of one of departments (all departments when all is true): what the advanced search's Order By
// Preferred and its cards' preferred flag mean. Without departments (and not all) it reads
// nothing.
func PreferredIn(ctx context.Context, q Selecter, departments []int64, all bool) ([]int64, error) {
	var ids []int64
	if all {
		err := q.Select(ctx, &ids, `SELECT DISTINCT user_id FROM job_template_preferred_users`)
		return ids, err
	}
	if len(departments) == 0 {
		return nil, nil
	}
	marks, args := database.In(departments)
	err := q.Select(ctx, &ids, `SELECT DISTINCT pu.user_id FROM job_templates jt
		JOIN job_template_preferred_users pu ON pu.job_template_id = jt.id
		WHERE jt.department_id IN (`+marks+`)`, args...)
	return ids, err
}
