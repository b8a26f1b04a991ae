package access

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/platform/database"
)

// UserLinkIDs returns the entities and departments user is linked to, as CanSeeUser reads them.
func UserLinkIDs(ctx context.Context, q database.Reader, user int64) (entities, departments []int64, err error) {
	if err = q.Select(ctx, &entities, `SELECT entity_id FROM user_entity_refs WHERE user_id = ?`, user); err != nil {
		return nil, nil, fmt.Errorf("entity links of user %d: %w", user, err)
	}
	if err = q.Select(ctx, &departments, `SELECT department_id FROM user_department_refs WHERE user_id = ?`, user); err != nil {
		return nil, nil, fmt.Errorf("department links of user %d: %w", user, err)
	}
	return entities, departments, nil
}

// UserVisibleTo reports whether account id exists and viewer (UserViewerOf the caller) may see
// it (CanSeeUser). A missing account and one the viewer may not see both answer false, so
// callers refuse them alike and an id confirms nothing.
func UserVisibleTo(ctx context.Context, q database.Reader, viewer UserViewer, id int64) (bool, error) {
	var freelancer bool
	found, err := database.Found(q.Get(ctx, &freelancer, `SELECT is_freelancer FROM users WHERE id = ?`, id))
	if err != nil {
		return false, fmt.Errorf("user %d: %w", id, err)
	}
	if !found {
		return false, nil
	}
	if viewer.Sees(id, freelancer, nil, nil) {
		return true, nil
	}
	entities, departments, err := UserLinkIDs(ctx, q, id)
	if err != nil {
		return false, err
	}
	return viewer.Sees(id, freelancer, entities, departments), nil
}
