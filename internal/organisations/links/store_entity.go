package links

import (
	"context"
	"errors"
	"fmt"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// UserEntitySorts are the sorts of the 'All User-Entity connections' grid.
var UserEntitySorts = map[string]sortKey{
	"id":  {order: "r.id"},
	"-id": {order: "r.id DESC"},
	"user": grouped(sortKey{order: "LOWER(u.last_name), LOWER(u.first_name), u.id, r.entity_id", join: " JOIN users u ON u.id = r.user_id"},
		"r.user_id", " JOIN users u ON u.id = g.gid", "LOWER(u.last_name), LOWER(u.first_name), u.id"),
	"-user": grouped(sortKey{order: "LOWER(u.last_name) DESC, LOWER(u.first_name) DESC, u.id DESC, r.entity_id DESC", join: " JOIN users u ON u.id = r.user_id"},
		"r.user_id", " JOIN users u ON u.id = g.gid", "LOWER(u.last_name) DESC, LOWER(u.first_name) DESC, u.id DESC"),
	"email": grouped(sortKey{order: "u.email_lc, u.id, r.id", join: " JOIN users u ON u.id = r.user_id"},
		"r.user_id", " JOIN users u ON u.id = g.gid", "u.email_lc, u.id"),
	"-email": grouped(sortKey{order: "u.email_lc DESC, u.id DESC, r.id DESC", join: " JOIN users u ON u.id = r.user_id"},
		"r.user_id", " JOIN users u ON u.id = g.gid", "u.email_lc DESC, u.id DESC"),
	"entity": grouped(sortKey{order: "e.name_lc, e.id, r.user_id", join: " JOIN entities e ON e.id = r.entity_id"},
		"r.entity_id", " JOIN entities e ON e.id = g.gid", "e.name_lc, e.id"),
	"-entity": grouped(sortKey{order: "e.name_lc DESC, e.id DESC, r.user_id DESC", join: " JOIN entities e ON e.id = r.entity_id"},
		"r.entity_id", " JOIN entities e ON e.id = g.gid", "e.name_lc DESC, e.id DESC"),
}

const userEntitySelect = `SELECT r.id, r.user_id, r.entity_id, r.can_external, r.can_manage, r.can_select, r.version,
	u.first_name, u.last_name, u.email, e.name AS entity_name, e.type AS entity_type
	FROM user_entity_refs r
	JOIN users u ON u.id = r.user_id
	JOIN entities e ON e.id = r.entity_id`

// withJobTitles fills the job titles of refs in one read.
func withJobTitles(ctx context.Context, q querier, refs []UserEntityRef) error {
	if len(refs) == 0 {
		return nil
	}
	ids := make([]int64, len(refs))
	at := make(map[int64]int, len(refs))
	for i, r := range refs {
		ids[i], at[r.ID] = r.ID, i
		refs[i].JobTitles = []JobTitleRef{}
	}
	var rows []JobTitleRef
	if err := q.Select(ctx, &rows, `SELECT rt.ref_id, t.id, t.name FROM user_entity_ref_tags rt JOIN tags t ON t.id = rt.tag_id
		WHERE rt.ref_id IN (`+database.Marks(len(ids))+`) ORDER BY t.name_lc, t.id`, database.IDArgs(ids)...); err != nil {
		return fmt.Errorf("job titles: %w", err)
	}
	for _, jt := range rows {
		i := at[jt.RefID]
		refs[i].JobTitles = append(refs[i].JobTitles, jt)
	}
	return nil
}

func findUserEntity(ctx context.Context, q querier, id int64) (UserEntityRef, error) {
	var r UserEntityRef
	if err := q.Get(ctx, &r, userEntitySelect+` WHERE r.id = ?`, id); err != nil {
		return r, notFound(err, "Link")
	}
	refs := []UserEntityRef{r}
	err := withJobTitles(ctx, q, refs)
	return refs[0], err
}

// UserEntity returns one user-entity link; not found is N-404.
func (s *Store) UserEntity(ctx context.Context, id int64) (UserEntityRef, error) {
	return findUserEntity(ctx, s.DB, id)
}

// UserEntities returns one page of user-entity links within scope (entities) and the total.
func (s *Store) UserEntities(ctx context.Context, f UserEntityFilter, sc Scope, p Page) ([]UserEntityRef, int, error) {
	var c conds
	c.scope("r.entity_id", "r.user_id", sc)
	c.in("r.entity_id", f.EntityIDs)
	c.in("r.user_id", f.UserIDs)
	c.flag("r.can_external", f.CanExternal)
	c.flag("r.can_manage", f.CanManage)
	c.flag("r.can_select", f.CanSelect)
	ids, total, err := pageIDs(ctx, s.DB, "user_entity_refs", c, UserEntitySorts, p.Sort, p)
	if err != nil || len(ids) == 0 {
		return []UserEntityRef{}, total, err
	}
	var rows []UserEntityRef
	if err := s.DB.Select(ctx, &rows, userEntitySelect+` WHERE r.id IN (`+database.Marks(len(ids))+`)`,
		database.IDArgs(ids)...); err != nil {
		return nil, 0, fmt.Errorf("user-entity links: %w", err)
	}
	rows = inOrder(ids, rows, func(r UserEntityRef) int64 { return r.ID })
	return rows, total, withJobTitles(ctx, s.DB, rows)
}

// setJobTitles replaces the job title tags of link id; each must be a job title tag, global or
// of entityID.
func setJobTitles(ctx context.Context, tx *database.Tx, id, entityID int64, tagIDs []int64) error {
	seen := map[int64]bool{}
	ids := make([]int64, 0, len(tagIDs))
	for _, t := range tagIDs {
		if !seen[t] {
			seen[t] = true
			ids = append(ids, t)
		}
	}
	if len(ids) > 0 {
		var n int
		if err := tx.Get(ctx, &n, `SELECT COUNT(*) FROM tags WHERE id IN (`+database.Marks(len(ids))+`)
			AND category = 'job_title' AND (entity_id IS NULL OR entity_id = ?)`,
			append(database.IDArgs(ids), entityID)...); err != nil {
			return err
		}
		if n != len(ids) {
			return apperror.Field("jobTitleIds", MsgJobTitles)
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM user_entity_ref_tags WHERE ref_id = ?`, id); err != nil {
		return err
	}
	for _, t := range ids {
		if _, err := tx.Exec(ctx, `INSERT INTO user_entity_ref_tags (ref_id, tag_id) VALUES (?, ?)`, id, t); err != nil {
			return fmt.Errorf("job title: %w", err)
		}
	}
	return nil
}

// CreateUserEntity connects a user to an entity with job titles.
func (s *Store) CreateUserEntity(ctx context.Context, userID, entityID int64, fl EntityFlags, jobTitleIDs []int64) (UserEntityRef, error) {
	var r UserEntityRef
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := mustExist(ctx, tx, "users", userID, "userId", MsgUserUnknown); err != nil {
			return err
		}
		if err := mustExist(ctx, tx, "entities", entityID, "entityId", MsgEntityUnknown); err != nil {
			return err
		}
		var id int64
		err := tx.Get(ctx, &id, `INSERT INTO user_entity_refs (user_id, entity_id, can_external, can_manage, can_select,
			created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`,
			userID, entityID, fl.CanExternal, fl.CanManage, fl.CanSelect, tx.Now, tx.Now)
		if errors.Is(err, database.ErrUniqueViolation) {
			return apperror.Conflict(MsgDuplicateEntity)
		}
		if err != nil {
			return fmt.Errorf("insert user-entity link: %w", err)
		}
		if err := setJobTitles(ctx, tx, id, entityID, jobTitleIDs); err != nil {
			return err
		}
		r, err = findUserEntity(ctx, tx, id)
		return err
	})
	return r, err
}

// UpdateUserEntity sets the rights (and, unless jobTitleIDs is nil, the job titles) of link
// id when version is still current.
func (s *Store) UpdateUserEntity(ctx context.Context, id int64, version int, fl EntityFlags, jobTitleIDs []int64) (UserEntityRef, error) {
	var r UserEntityRef
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		n, err := tx.Exec(ctx, `UPDATE user_entity_refs SET can_external = ?, can_manage = ?, can_select = ?,
			updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
			fl.CanExternal, fl.CanManage, fl.CanSelect, tx.Now, id, version)
		if err != nil {
			return fmt.Errorf("update user-entity link: %w", err)
		}
		if n == 0 {
			return staleOrGone(ctx, tx, "user_entity_refs", id, "Link")
		}
		if jobTitleIDs != nil {
			var entityID int64
			if err := tx.Get(ctx, &entityID, `SELECT entity_id FROM user_entity_refs WHERE id = ?`, id); err != nil {
				return err
			}
			if err := setJobTitles(ctx, tx, id, entityID, jobTitleIDs); err != nil {
				return err
			}
		}
		r, err = findUserEntity(ctx, tx, id)
		return err
	})
	return r, err
}

// DeleteUserEntity removes link id with its job titles.
func (s *Store) DeleteUserEntity(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		n, err := tx.Exec(ctx, `DELETE FROM user_entity_refs WHERE id = ?`, id)
		if err == nil && n == 0 {
			err = apperror.NotFound("Link")
		}
		return err
	})
}
