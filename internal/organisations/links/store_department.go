package links

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// userDepartments are the links of users to departments, with the rights to hire, manage and select.
var userDepartments = userKind("department", departmentEnd, [3]string{"can_hire", "can_manage", "can_select"}, MsgDuplicateDept,
	map[string]sortKey{
		"department": byParent("departments", "d", "r.department_id", "d.name_lc, d.id", "r.user_id"),
		"client": grouped(sortKey{order: "e.name_lc, d.name_lc, d.id, r.id",
			join: " JOIN departments d ON d.id = r.department_id JOIN entities e ON e.id = d.client_id"},
			"r.department_id", " JOIN departments d ON d.id = g.gid JOIN entities e ON e.id = d.client_id", "e.name_lc, d.name_lc, d.id"),
	}, `SELECT r.id, r.user_id, r.department_id, r.can_hire, r.can_manage, r.can_select, r.version,
	u.first_name, u.last_name, u.email, d.name AS department_name, d.client_id, e.name AS client_name
	FROM user_department_refs r
	JOIN users u ON u.id = r.user_id
	JOIN departments d ON d.id = r.department_id
	JOIN entities e ON e.id = d.client_id`)

// UserDepartmentSorts are the sorts of the 'All User-Department connections' grid.
var UserDepartmentSorts = userDepartments.sorts

// values are the rights in the order of userDepartments.flags.
func (f DepartmentFlags) values() []any { return []any{f.CanHire, f.CanManage, f.CanSelect} }

func findUserDepartment(ctx context.Context, q database.Reader, id int64) (UserDepartmentRef, error) {
	return findRef[UserDepartmentRef](ctx, q, userDepartments, id)
}

// UserDepartment returns one user-department link; not found is N-404.
func (s *Store) UserDepartment(ctx context.Context, id int64) (UserDepartmentRef, error) {
	return findUserDepartment(ctx, s.DB, id)
}

// UserDepartments returns one page of user-department links within scope (departments) and
// the total.
func (s *Store) UserDepartments(ctx context.Context, f UserLinkFilter, sc Scope, p Page) ([]UserDepartmentRef, int, error) {
	c := userLinkConds(userDepartments, sc, f)
	return listRefs(ctx, s.DB, userDepartments, c, p, func(r UserDepartmentRef) int64 { return r.ID })
}

// CreateUserDepartment connects a user to a department.
func (s *Store) CreateUserDepartment(ctx context.Context, userID, departmentID int64, fl DepartmentFlags) (UserDepartmentRef, error) {
	return writeRef(ctx, s.DB, findUserDepartment, func(tx *database.Tx) (int64, error) {
		return insertRef(ctx, tx, userDepartments, userID, departmentID, fl.values()...)
	})
}

// UpdateUserDepartment sets the rights of link id when version is still current.
func (s *Store) UpdateUserDepartment(ctx context.Context, id int64, version int, fl DepartmentFlags) (UserDepartmentRef, error) {
	return writeRef(ctx, s.DB, findUserDepartment, func(tx *database.Tx) (int64, error) {
		return id, updateRef(ctx, tx, userDepartments, id, version, userDepartments.setFlags(), fl.values()...)
	})
}

// DeleteUserDepartment removes link id.
func (s *Store) DeleteUserDepartment(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error { return deleteRef(ctx, tx, userDepartments, id) })
}
