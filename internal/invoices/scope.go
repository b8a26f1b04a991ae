package invoices

import (
	"slices"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Scope is whose documents a caller sees: every one (administrators), those of the client
// entities and departments they manage, and those with a line of their own (a freelancer's).
type Scope struct {
	All         bool
	Entities    []int64 // client entities managed
	Departments []int64 // departments managed (those of managed clients included)
	UserID      int64
}

// ScopeOf is p's scope.
func ScopeOf(p *auth.Principal) Scope {
	if p.Has(auth.NeedAdmin) {
		return Scope{All: true}
	}
	return Scope{Entities: p.Needs.IDs("manage_entity"), Departments: access.ManagedDepartments(p).IDs, UserID: p.UserID}
}

// condition is the SQL condition limiting invoices (alias i) to s.
func (s Scope) condition() (string, []any) {
	if s.All {
		return "TRUE", nil
	}
	ents, depts := database.SeesOnly(s.Entities), database.SeesOnly(s.Departments)
	ec, ea := ents.Condition("i.client_entity_id")
	dc, da := depts.Condition("l.department_id")
	args := append(append(ea, da...), s.UserID)
	return "(" + ec + " OR EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = i.id AND (" + dc +
		" OR l.user_id = ?)))", args
}

// CanSee reports whether p may see document d (with its lines): an administrator, a manager of
// its client entity or of a department it bills, or a freelancer it bills.
func CanSee(p *auth.Principal, d Invoice) bool {
	if CanManage(p, d) {
		return true
	}
	for _, l := range d.Lines {
		if access.CanManageDepartment(p, l.DepartmentID) || (l.UserID != nil && *l.UserID == p.UserID) {
			return true
		}
	}
	return false
}

// CanManage reports whether p may mark document d paid or void it: an administrator, a manager
// of its client entity, or a manager of every department it bills. Freelancers never.
func CanManage(p *auth.Principal, d Invoice) bool {
	if p.Has(auth.NeedAdmin) || access.CanManageEntity(p, d.ClientEntityID) {
		return true
	}
	if len(d.Lines) == 0 {
		return false
	}
	return !slices.ContainsFunc(d.Lines, func(l Line) bool { return !access.CanManageDepartment(p, l.DepartmentID) })
}
