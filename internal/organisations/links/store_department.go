package links

import (
	"context"
	"errors"
	"fmt"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// UserDepartmentSorts are the sorts of the 'All User-Department connections' grid.
var UserDepartmentSorts = map[string]sortKey{
	"id":  {order: "r.id"},
	"-id": {order: "r.id DESC"},
	"user": grouped(sortKey{order: "LOWER(u.last_name), LOWER(u.first_name), u.id, r.department_id", join: " JOIN users u ON u.id = r.user_id"},
		"r.user_id", " JOIN users u ON u.id = g.gid", "LOWER(u.last_name), LOWER(u.first_name), u.id"),
	"-user": grouped(sortKey{order: "LOWER(u.last_name) DESC, LOWER(u.first_name) DESC, u.id DESC, r.department_id DESC", join: " JOIN users u ON u.id = r.user_id"},
		"r.user_id", " JOIN users u ON u.id = g.gid", "LOWER(u.last_name) DESC, LOWER(u.first_name) DESC, u.id DESC"),
	"email": grouped(sortKey{order: "u.email_lc, u.id, r.id", join: " JOIN users u ON u.id = r.user_id"},
		"r.user_id", " JOIN users u ON u.id = g.gid", "u.email_lc, u.id"),
	"-email": grouped(sortKey{order: "u.email_lc DESC, u.id DESC, r.id DESC", join: " JOIN users u ON u.id = r.user_id"},
		"r.user_id", " JOIN users u ON u.id = g.gid", "u.email_lc DESC, u.id DESC"),
	"department": grouped(sortKey{order: "d.name_lc, d.id, r.user_id", join: " JOIN departments d ON d.id = r.department_id"},
		"r.department_id", " JOIN departments d ON d.id = g.gid", "d.name_lc, d.id"),
	"-department": grouped(sortKey{order: "d.name_lc DESC, d.id DESC, r.user_id DESC", join: " JOIN departments d ON d.id = r.department_id"},
		"r.department_id", " JOIN departments d ON d.id = g.gid", "d.name_lc DESC, d.id DESC"),
	"client": grouped(sortKey{"e.name_lc, d.name_lc, d.id, r.id",
		" JOIN departments d ON d.id = r.department_id JOIN entities e ON e.id = d.client_id", "", "", ""},
		"r.department_id", " JOIN departments d ON d.id = g.gid JOIN entities e ON e.id = d.client_id", "e.name_lc, d.name_lc, d.id"),
	"-client": grouped(sortKey{"e.name_lc DESC, d.name_lc DESC, d.id DESC, r.id DESC",
		" JOIN departments d ON d.id = r.department_id JOIN entities e ON e.id = d.client_id", "", "", ""},
		"r.department_id", " JOIN departments d ON d.id = g.gid JOIN entities e ON e.id = d.client_id", "e.name_lc DESC, d.name_lc DESC, d.id DESC"),
}

const userDepartmentSelect = `SELECT r.id, r.user_id, r.department_id, r.can_hire, r.can_manage, r.can_select, r.version,
	u.first_name, u.last_name, u.email, d.name AS department_name, d.client_id, e.name AS client_name
	FROM user_department_refs r
	JOIN users u ON u.id = r.user_id
	JOIN departments d ON d.id = r.department_id
	JOIN entities e ON e.id = d.client_id`

func findUserDepartment(ctx context.Context, q querier, id int64) (UserDepartmentRef, error) {
	var r UserDepartmentRef
	err := q.Get(ctx, &r, userDepartmentSelect+` WHERE r.id = ?`, id)
	return r, notFound(err, "Link")
}

// UserDepartment returns one user-department link; not found is N-404.
func (s *Store) UserDepartment(ctx context.Context, id int64) (UserDepartmentRef, error) {
	return findUserDepartment(ctx, s.DB, id)
}

// UserDepartments returns one page of user-department links within scope (departments) and
// the total.
func (s *Store) UserDepartments(ctx context.Context, f UserDepartmentFilter, sc Scope, p Page) ([]UserDepartmentRef, int, error) {
	var c conds
	c.scope("r.department_id", "r.user_id", sc)
	c.in("r.department_id", f.DepartmentIDs)
	c.in("r.user_id", f.UserIDs)
	c.flag("r.can_hire", f.CanHire)
	c.flag("r.can_manage", f.CanManage)
	c.flag("r.can_select", f.CanSelect)
	ids, total, err := pageIDs(ctx, s.DB, "user_department_refs", c, UserDepartmentSorts, p.Sort, p)
	if err != nil || len(ids) == 0 {
		return []UserDepartmentRef{}, total, err
	}
	var rows []UserDepartmentRef
	if err := s.DB.Select(ctx, &rows, userDepartmentSelect+` WHERE r.id IN (`+database.Marks(len(ids))+`)`,
		database.IDArgs(ids)...); err != nil {
		return nil, 0, fmt.Errorf("user-department links: %w", err)
	}
	return inOrder(ids, rows, func(r UserDepartmentRef) int64 { return r.ID }), total, nil
}

// CreateUserDepartment connects a user to a department.
func (s *Store) CreateUserDepartment(ctx context.Context, userID, departmentID int64, fl DepartmentFlags) (UserDepartmentRef, error) {
	var r UserDepartmentRef
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := mustExist(ctx, tx, "users", userID, "userId", MsgUserUnknown); err != nil {
			return err
		}
		if err := mustExist(ctx, tx, "departments", departmentID, "departmentId", MsgDepartmentUnknown); err != nil {
			return err
		}
		var id int64
		err := tx.Get(ctx, &id, `INSERT INTO user_department_refs (user_id, department_id, can_hire, can_manage, can_select,
			created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`,
			userID, departmentID, fl.CanHire, fl.CanManage, fl.CanSelect, tx.Now, tx.Now)
		if errors.Is(err, database.ErrUniqueViolation) {
			return apperror.Conflict(MsgDuplicateDept)
		}
		if err != nil {
			return fmt.Errorf("insert user-department link: %w", err)
		}
		r, err = findUserDepartment(ctx, tx, id)
		return err
	})
	return r, err
}

// UpdateUserDepartment sets the rights of link id when version is still current.
func (s *Store) UpdateUserDepartment(ctx context.Context, id int64, version int, fl DepartmentFlags) (UserDepartmentRef, error) {
	var r UserDepartmentRef
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		n, err := tx.Exec(ctx, `UPDATE user_department_refs SET can_hire = ?, can_manage = ?, can_select = ?,
			updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
			fl.CanHire, fl.CanManage, fl.CanSelect, tx.Now, id, version)
		if err != nil {
			return fmt.Errorf("update user-department link: %w", err)
		}
		if n == 0 {
			return staleOrGone(ctx, tx, "user_department_refs", id, "Link")
		}
		r, err = findUserDepartment(ctx, tx, id)
		return err
	})
	return r, err
}

// DeleteUserDepartment removes link id.
func (s *Store) DeleteUserDepartment(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		n, err := tx.Exec(ctx, `DELETE FROM user_department_refs WHERE id = ?`, id)
		if err == nil && n == 0 {
			err = apperror.NotFound("Link")
		}
		return err
	})
}
