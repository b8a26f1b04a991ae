package accounts

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/platform/auth"
)

// grantRow is one link of a user, as the needs model reads it.
type grantRow struct {
	Kind       string `db:"kind"` // "entity" or "department"
	ID         int64  `db:"id"`
	EntityType string `db:"entity_type"`
	CanManage  bool   `db:"can_manage"`
	CanSelect  bool   `db:"can_select"`
	CanHire    bool   `db:"can_hire"`
}

// grantsQuery reads a user's entity and department links in one round trip. A link to a client
// covers its departments (managing it manages them, selecting it lets one view them), so those
// come back as department links too.
const grantsQuery = `
	SELECT 'entity' AS kind, r.entity_id AS id, e.type AS entity_type, r.can_manage, r.can_select, FALSE AS can_hire
	FROM user_entity_refs r JOIN entities e ON e.id = r.entity_id
	WHERE r.user_id = ?
	UNION ALL
	SELECT 'department', r.department_id, '', r.can_manage, r.can_select, r.can_hire
	FROM user_department_refs r
	WHERE r.user_id = ?
	UNION ALL
	SELECT 'department', d.id, '', r.can_manage, TRUE, FALSE
	FROM user_entity_refs r JOIN departments d ON d.client_id = r.entity_id
	WHERE r.user_id = ? AND (r.can_manage = TRUE OR r.can_select = TRUE)`

// Grants returns the links of userID for the needs model.
func (s *Store) Grants(ctx context.Context, userID int64) (auth.Grants, error) {
	var rows []grantRow
	if err := s.DB.Select(ctx, &rows, grantsQuery, userID, userID, userID); err != nil {
		return auth.Grants{}, fmt.Errorf("read grants: %w", err)
	}
	var g auth.Grants
	for _, r := range rows {
		if r.Kind == "entity" {
			g.Entities = append(g.Entities, auth.EntityGrant{EntityID: r.ID, Kind: r.EntityType, CanManage: r.CanManage, CanSelect: r.CanSelect})
		} else {
			g.Departments = append(g.Departments, auth.DepartmentGrant{DepartmentID: r.ID, CanManage: r.CanManage, CanSelect: r.CanSelect, CanHire: r.CanHire})
		}
	}
	return g, nil
}

// Needs computes the needs of u from its flags and links.
func (s *Store) Needs(ctx context.Context, u User) (auth.NeedSet, error) {
	g, err := s.Grants(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	return auth.ComputeNeeds(u.Flags(), g), nil
}
