// Package access is the permission model, written once: who may see, manage, hire and select
// which entities, departments and users. Features ask it (CanViewEntity, RequireEntityManager,
// CanSeeUser, VisibleEntities...) rather than reading needs themselves. It builds on the
// principal and needs of platform/auth and imports no feature, so every feature may import it.
package access

import (
	"context"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// The permission rules over organisation records, written once. Administrators pass every rule;
// managing a record implies viewing it; a link to a client covers its departments (the needs
// model in accounts/grants.go expands those).

// CanViewEntity reports whether p may see entity id.
func CanViewEntity(p *auth.Principal, id int64) bool {
	return p.Has(auth.SelectEntity(id)) || p.Has(auth.ManageEntity(id))
}

// CanManageEntity reports whether p may change entity id and its links.
func CanManageEntity(p *auth.Principal, id int64) bool { return p.Has(auth.ManageEntity(id)) }

// CanViewDepartment reports whether p may see department id.
func CanViewDepartment(p *auth.Principal, id int64) bool {
	return p.Has(auth.SelectDepartment(id)) || p.Has(auth.ManageDepartment(id))
}

// CanManageDepartment reports whether p may change department id and its links.
func CanManageDepartment(p *auth.Principal, id int64) bool { return p.Has(auth.ManageDepartment(id)) }

// SeesWholeBooking is whether p sees a booking of department whole, every instruction in it:
// the viewers of its department (its client's and department's managers and staff,
// administrators).
func SeesWholeBooking(p *auth.Principal, department int64) bool {
	return CanViewDepartment(p, department)
}

// CanSeeBooking is THE rule for who may see a booking of department, and so read what it is:
// those who see it whole (SeesWholeBooking), and a freelancer who holds an instruction in it
// (own), who sees it with their own instructions only. The booking page, the agenda's cards and
// the working-time guard's messages, which name a job only to whom may see it, all ask it; for a
// piece of someone's work, own is whether that work is p's.
func CanSeeBooking(p *auth.Principal, department int64, own bool) bool {
	return p != nil && (own || SeesWholeBooking(p, department))
}

// IsSelfOrAdmin is whether p is the user targetID themself or an administrator: who sees all of
// a user's own account (its flags, every link) and may change their profile.
func IsSelfOrAdmin(p *auth.Principal, targetID int64) bool {
	return p != nil && (p.UserID == targetID || p.Has(auth.NeedAdmin))
}

// CanSeeUser is THE rule for who may see a user (their profile, their profile image, and so
// whether they may be linked to one's entities and departments): the user themself;
// administrators; for a freelancer, any client, agency or department manager (they hire
// freelancers); for anyone else, a manager of an entity or department the user is linked to
// (entityIDs, departmentIDs). Staff (IsStaffViewer: no freelancer, managing nothing) see,
// read-only, the people linked to the entities and departments they view, among them the
// freelancers those departments may hire. A manager's view-only links show them nobody: what
// a manager sees they may also link, and a view link to another client must not let them
// reach its people. A freelancer's links show them nobody either, so a freelancer who manages
// only their own supplier entity sees nobody but the people already linked to it.
func CanSeeUser(p *auth.Principal, targetID int64, targetIsFreelancer bool, entityIDs, departmentIDs []int64) bool {
	if p == nil {
		return false
	}
	if IsSelfOrAdmin(p, targetID) {
		return true
	}
	if targetIsFreelancer && hiresFreelancers(p) {
		return true
	}
	seesEntity, seesDepartment := CanManageEntity, CanManageDepartment
	if IsStaffViewer(p) {
		seesEntity, seesDepartment = CanViewEntity, CanViewDepartment
	}
	for _, id := range entityIDs {
		if seesEntity(p, id) {
			return true
		}
	}
	for _, id := range departmentIDs {
		if seesDepartment(p, id) {
			return true
		}
	}
	return false
}

// IsStaffViewer is whether p is staff in the spec's sense (part 1 §1, the derived level Staff):
// not a freelancer and managing no entity or department, so read-only. Staff see the people
// of what they view; they link nobody.
func IsStaffViewer(p *auth.Principal) bool {
	return p != nil && !p.Has(auth.NeedFreelancer) && !p.Has(auth.NeedAdmin) && auth.Level(p.Needs) == auth.LevelStaff
}

// hiresFreelancers is whether p is a client, agency or department manager, who see every
// freelancer.
func hiresFreelancers(p *auth.Principal) bool {
	return p.Has(auth.NeedClientManager) || p.Has(auth.NeedAgencyManager) || p.Has(auth.NeedDepartmentManager)
}

// CanListUsers is who may open All Users (and so the user pickers fed by it): administrators,
// managers, and staff, read-only. Freelancers may not; the web's sidebar shows Users to every
// non-freelancer, which is the same set (every non-freelancer holds the staff need).
func CanListUsers(p *auth.Principal) bool {
	return p != nil && (p.Has(auth.NeedStaff) || hiresFreelancers(p))
}

// UserScope is CanSeeUser as a list query applies it to one viewer who is not an
// administrator: every freelancer when AllFreelancers, and the users linked to EntityIDs or
// DepartmentIDs.
type UserScope struct {
	AllFreelancers           bool
	EntityIDs, DepartmentIDs []int64
}

// UsersSeenBy is the UserScope of p (not an administrator, who sees everyone): managers see
// every freelancer and the people of the entities and departments they manage; staff
// (IsStaffViewer) the people of the entities and departments they view. The All Users
// directory, and so the link dialogs' user picker, offers exactly these, so every row opens.
func UsersSeenBy(p *auth.Principal) UserScope {
	s := UserScope{AllFreelancers: hiresFreelancers(p)}
	if IsStaffViewer(p) {
		s.EntityIDs, s.DepartmentIDs = p.Needs.IDs("select_entity"), p.Needs.IDs("select_department")
	} else {
		s.EntityIDs, s.DepartmentIDs = UsersSeenByManager(p)
	}
	return s
}

// UsersSeenByManager is the managing half of UsersSeenBy: the entities and departments p
// manages, whose people p sees. Unavailability shows when people are free to those who manage
// them (not to every client, nor to staff who only view them).
func UsersSeenByManager(p *auth.Principal) (entityIDs, departmentIDs []int64) {
	return p.Needs.IDs("manage_entity"), p.Needs.IDs("manage_department")
}

// require turns a rule into the right error: 401 for visitors; 404 when the user may not even
// see the record (so ids of other clients' records are not confirmed); 403 when they may see
// it but not do this.
func require(ctx context.Context, visible, allowed func(*auth.Principal) bool) (*auth.Principal, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if !visible(p) {
		return nil, apperror.NotFound("Record")
	}
	if !allowed(p) {
		return nil, apperror.Forbidden()
	}
	return p, nil
}

// RequireEntityViewer allows those who may see entity id.
func RequireEntityViewer(ctx context.Context, id int64) (*auth.Principal, error) {
	can := func(p *auth.Principal) bool { return CanViewEntity(p, id) }
	return require(ctx, can, can)
}

// RequireEntityManager allows those who manage entity id.
func RequireEntityManager(ctx context.Context, id int64) (*auth.Principal, error) {
	return require(ctx, func(p *auth.Principal) bool { return CanViewEntity(p, id) },
		func(p *auth.Principal) bool { return CanManageEntity(p, id) })
}

// RequireDepartmentViewer allows those who may see department id.
func RequireDepartmentViewer(ctx context.Context, id int64) (*auth.Principal, error) {
	can := func(p *auth.Principal) bool { return CanViewDepartment(p, id) }
	return require(ctx, can, can)
}

// RequireDepartmentManager allows those who manage department id.
func RequireDepartmentManager(ctx context.Context, id int64) (*auth.Principal, error) {
	return require(ctx, func(p *auth.Principal) bool { return CanViewDepartment(p, id) },
		func(p *auth.Principal) bool { return CanManageDepartment(p, id) })
}

// VisibleEntities are the entities p may see (every one for administrators); list queries limit
// their rows by it.
func VisibleEntities(p *auth.Principal) database.Visibility {
	return seenThrough(p, "select_entity", "manage_entity")
}

// VisibleDepartments is VisibleEntities for departments.
func VisibleDepartments(p *auth.Principal) database.Visibility {
	return seenThrough(p, "select_department", "manage_department")
}

// seenThrough is every owner for administrators, otherwise those p holds one of the needs on.
func seenThrough(p *auth.Principal, needs ...string) database.Visibility {
	if p.Has(auth.NeedAdmin) {
		return database.SeesAll()
	}
	return database.SeesOnly(p.Needs.IDs(needs...))
}

// IsClientOrAgencyManager is whether p manages a client or an agency (administrators pass): who
// may run the Financial Metrics report over the clients and departments they manage.
func IsClientOrAgencyManager(p *auth.Principal) bool {
	return p != nil && (p.Has(auth.NeedClientManager) || p.Has(auth.NeedAgencyManager))
}

// ManagedDepartments are the departments p manages (those of the clients p manages included, as
// the needs model expands them; every one for administrators); reports limit their rows to them.
func ManagedDepartments(p *auth.Principal) database.Visibility {
	return seenThrough(p, "manage_department")
}
