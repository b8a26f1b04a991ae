package access

import (
	"context"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// HireableStatuses are the account statuses of people who can work: not yet activated
// (inactive, unknown) and system accounts are left out. They are HireRule's arguments, in order.
var HireableStatuses = []any{auth.AccountActive, auth.AccountResetRequired, auth.AccountRequireEmailChange}

// HireRule is THE rule for whom a department may hire (spec part 1 §6: preferred contractors are
// filtered to canHire), read by available suppliers, grants, substitution and a job template's
// preferred freelancers alike: a freelancer whose account can work (HireableStatuses, its
// arguments) and whose link r to the department has can_hire. r aliases that
// user_department_refs row, u the user. Managers, staff and accounts not yet activated are
// never hired.
func HireRule(r, u string) string {
	return r + `.can_hire = TRUE AND ` + u + `.is_freelancer = TRUE AND ` + u + `.account_status IN (?, ?, ?)`
}

// HireableAmong returns those of users that department may hire (HireRule).
func HireableAmong(ctx context.Context, q interface {
	Select(ctx context.Context, dest any, query string, args ...any) error
}, department int64, users []int64) ([]int64, error) {
	marks, args := database.In(users)
	var ids []int64
	err := q.Select(ctx, &ids, `SELECT u.id FROM users u JOIN user_department_refs r ON r.user_id = u.id
		AND r.department_id = ? WHERE u.id IN (`+marks+`) AND `+HireRule("r", "u"),
		append(append([]any{department}, args...), HireableStatuses...)...)
	return ids, err
}
