package files

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// Who may use a user's documents (spec part 1 §2: a client manager viewing a freelancer has a
// Documents tab). Reading (list and download): the user themself, administrators, and a client
// or agency manager who manages an entity or department the freelancer is linked to (the
// people they book and work with). Changing (upload and delete): the user themself and
// administrators only, so a manager reads and never alters a freelancer's papers.

// CanReadDocuments is the reading rule over the user's links (entityIDs, departmentIDs; only
// needed for a client or agency manager reading a freelancer).
func CanReadDocuments(p *auth.Principal, userID int64, freelancer bool, entityIDs, departmentIDs []int64) bool {
	if access.IsSelfOrAdmin(p, userID) {
		return true
	}
	if !freelancer || !access.IsClientOrAgencyManager(p) {
		return false
	}
	for _, id := range entityIDs {
		if access.CanManageEntity(p, id) {
			return true
		}
	}
	for _, id := range departmentIDs {
		if access.CanManageDepartment(p, id) {
			return true
		}
	}
	return false
}

// MayReadDocuments applies CanReadDocuments to user id, reading the user and their links only
// when the rule needs them; false for a user who does not exist.
func (s *Store) MayReadDocuments(ctx context.Context, p *auth.Principal, id int64) (bool, error) {
	if CanReadDocuments(p, id, false, nil, nil) {
		return true, nil
	}
	if !access.IsClientOrAgencyManager(p) {
		return false, nil
	}
	if freelancer, err := s.isFreelancer(ctx, id); err != nil || !freelancer {
		return false, err
	}
	entities, departments, err := access.UserLinkIDs(ctx, s.DB, id)
	if err != nil {
		return false, fmt.Errorf("documents of user %d: %w", id, err)
	}
	return CanReadDocuments(p, id, true, entities, departments), nil
}

// requireReadDocuments is the reading rule as an error: 401 for visitors, 403 for others.
func (s *Store) requireReadDocuments(ctx context.Context, id int64) error {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return err
	}
	ok, err := s.MayReadDocuments(ctx, p, id)
	if err != nil {
		return err
	}
	if !ok {
		return apperror.Forbidden()
	}
	return nil
}
