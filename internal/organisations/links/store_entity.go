package links

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/organisations/tags"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// userEntities are the links of users to entities, with the rights of an external resource, to
// manage and to select.
var userEntities = userKind("entity", entityEnd, [3]string{"can_external", "can_manage", "can_select"}, MsgDuplicateEntity,
	map[string]sortKey{"entity": byParent("entities", "e", "r.entity_id", "e.name_lc, e.id", "r.user_id")},
	`SELECT r.id, r.user_id, r.entity_id, r.can_external, r.can_manage, r.can_select, r.version,
	u.first_name, u.last_name, u.email, e.name AS entity_name, e.type AS entity_type
	FROM user_entity_refs r
	JOIN users u ON u.id = r.user_id
	JOIN entities e ON e.id = r.entity_id`)

// UserEntitySorts are the sorts of the 'All User-Entity connections' grid.
var UserEntitySorts = userEntities.sorts

// values are the rights in the order of userEntities.flags.
func (f EntityFlags) values() []any { return []any{f.CanExternal, f.CanManage, f.CanSelect} }

// withJobTitles fills the job titles of refs in one read.
func withJobTitles(ctx context.Context, q database.Reader, refs []UserEntityRef) error {
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

func findUserEntity(ctx context.Context, q database.Reader, id int64) (UserEntityRef, error) {
	r, err := findRef[UserEntityRef](ctx, q, userEntities, id)
	if err != nil {
		return r, err
	}
	refs := []UserEntityRef{r}
	err = withJobTitles(ctx, q, refs)
	return refs[0], err
}

// UserEntity returns one user-entity link; not found is N-404.
func (s *Store) UserEntity(ctx context.Context, id int64) (UserEntityRef, error) {
	return findUserEntity(ctx, s.DB, id)
}

// UserEntities returns one page of user-entity links within scope (entities) and the total.
func (s *Store) UserEntities(ctx context.Context, f UserLinkFilter, sc Scope, p Page) ([]UserEntityRef, int, error) {
	c := userLinkConds(userEntities, sc, f)
	rows, total, err := listRefs(ctx, s.DB, userEntities, c, p, func(r UserEntityRef) int64 { return r.ID })
	if err != nil {
		return rows, total, err
	}
	return rows, total, withJobTitles(ctx, s.DB, rows)
}

// jobTitles are a user-entity link's job titles: job title tags, global or of its entity.
var jobTitles = tags.Uses{Table: "user_entity_ref_tags", Record: "ref_id", Category: tags.CategoryJobTitle, What: "job title",
	Refusal: func() error { return apperror.Field("jobTitleIds", MsgJobTitles) }}

// CreateUserEntity connects a user to an entity with job titles.
func (s *Store) CreateUserEntity(ctx context.Context, userID, entityID int64, fl EntityFlags, jobTitleIDs []int64) (UserEntityRef, error) {
	return writeRef(ctx, s.DB, findUserEntity, func(tx *database.Tx) (int64, error) {
		id, err := insertRef(ctx, tx, userEntities, userID, entityID, fl.values()...)
		if err != nil {
			return 0, err
		}
		return id, jobTitles.Replace(ctx, tx, id, entityID, jobTitleIDs)
	})
}

// UpdateUserEntity sets the rights (and, unless jobTitleIDs is nil, the job titles) of link
// id when version is still current.
func (s *Store) UpdateUserEntity(ctx context.Context, id int64, version int, fl EntityFlags, jobTitleIDs []int64) (UserEntityRef, error) {
	return writeRef(ctx, s.DB, findUserEntity, func(tx *database.Tx) (int64, error) {
		if err := updateRef(ctx, tx, userEntities, id, version, userEntities.setFlags(), fl.values()...); err != nil || jobTitleIDs == nil {
			return id, err
		}
		var entityID int64
		if err := tx.Get(ctx, &entityID, `SELECT entity_id FROM user_entity_refs WHERE id = ?`, id); err != nil {
			return id, err
		}
		return id, jobTitles.Replace(ctx, tx, id, entityID, jobTitleIDs)
	})
}

// DeleteUserEntity removes link id with its job titles.
func (s *Store) DeleteUserEntity(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error { return deleteRef(ctx, tx, userEntities, id) })
}
