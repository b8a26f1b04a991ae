package auth

import (
	"sort"
	"strconv"
	"strings"
)

// Need is one permission a user holds, as a string the UI reads from whoami. Global needs are
// plain words; per-entity and per-department needs carry the id after a colon.
type Need string

// Global needs.
const (
	NeedAdmin             Need = "admin"
	NeedFreelancer        Need = "freelancer"
	NeedCreateSupplier    Need = "create_entity:supplier"
	NeedCreateAgency      Need = "create_entity:agency"
	NeedCreateClient      Need = "create_entity:client"
	NeedClientManager     Need = "client_manager"
	NeedAgencyManager     Need = "agency_manager"
	NeedDepartmentManager Need = "department_manager"
	NeedStaff             Need = "staff"
)

// ManageEntity, SelectEntity, ManageDepartment, SelectDepartment and HireDepartment are the
// per-record needs that the organisation links grant.
func ManageEntity(id int64) Need     { return scoped("manage_entity", id) }
func SelectEntity(id int64) Need     { return scoped("select_entity", id) }
func ManageDepartment(id int64) Need { return scoped("manage_department", id) }
func SelectDepartment(id int64) Need { return scoped("select_department", id) }
func HireDepartment(id int64) Need   { return scoped("hire_department", id) }

func scoped(kind string, id int64) Need { return Need(kind + ":" + strconv.FormatInt(id, 10)) }

// NeedSet is a set of needs.
type NeedSet map[Need]struct{}

// Has reports membership.
func (s NeedSet) Has(n Need) bool { _, ok := s[n]; return ok }

// Add inserts needs.
func (s NeedSet) Add(needs ...Need) {
	for _, n := range needs {
		s[n] = struct{}{}
	}
}

// Sorted lists the needs in a stable order, for whoami.
func (s NeedSet) Sorted() []string {
	out := make([]string, 0, len(s))
	for n := range s {
		out = append(out, string(n))
	}
	sort.Strings(out)
	return out
}

// UserFlags are the permission-bearing columns of a user account.
type UserFlags struct {
	CanAdmin                bool
	IsFreelancer            bool
	CanCreateSupplierEntity bool
	CanCreateAgencyEntity   bool
	CanCreateClientEntity   bool
}

// EntityGrant is one user-entity link as the needs model sees it.
type EntityGrant struct {
	EntityID  int64
	Kind      string // base, agency, client, supplier
	CanManage bool
	CanSelect bool
}

// DepartmentGrant is one user-department link as the needs model sees it.
type DepartmentGrant struct {
	DepartmentID int64
	CanManage    bool
	CanSelect    bool
	CanHire      bool
}

// Grants are the links a user holds; the organisations feature supplies them.
type Grants struct {
	Entities    []EntityGrant
	Departments []DepartmentGrant
}

// ComputeNeeds is the one place that turns a user's flags and links into needs. Managing an
// entity implies selecting it; managing a client or agency entity makes a client or agency
// manager; managing any department, or a client or agency entity (whose departments that
// covers), makes a department manager.
func ComputeNeeds(flags UserFlags, grants Grants) NeedSet {
	s := NeedSet{}
	if flags.CanAdmin {
		s.Add(NeedAdmin)
	}
	if flags.IsFreelancer {
		s.Add(NeedFreelancer)
	} else {
		s.Add(NeedStaff)
	}
	if flags.CanCreateSupplierEntity {
		s.Add(NeedCreateSupplier)
	}
	if flags.CanCreateAgencyEntity {
		s.Add(NeedCreateAgency)
	}
	if flags.CanCreateClientEntity {
		s.Add(NeedCreateClient)
	}
	for _, g := range grants.Entities {
		if g.CanManage {
			s.Add(ManageEntity(g.EntityID), SelectEntity(g.EntityID))
			switch g.Kind {
			case "client":
				s.Add(NeedClientManager, NeedDepartmentManager)
			case "agency":
				s.Add(NeedAgencyManager, NeedDepartmentManager)
			}
		} else if g.CanSelect {
			s.Add(SelectEntity(g.EntityID))
		}
	}
	for _, g := range grants.Departments {
		if g.CanManage {
			s.Add(ManageDepartment(g.DepartmentID), SelectDepartment(g.DepartmentID), NeedDepartmentManager)
		} else if g.CanSelect {
			s.Add(SelectDepartment(g.DepartmentID))
		}
		if g.CanHire {
			s.Add(HireDepartment(g.DepartmentID))
		}
	}
	return s
}

// The derived user levels of spec part 1 §1.
const (
	LevelEntityAdmin     = "Entity Admin"
	LevelDepartmentAdmin = "Department Admin"
	LevelStaff           = "Staff"
)

// Level derives the user level: Entity Admin if the user manages any linked entity, else
// Department Admin if they manage any linked department, else Staff.
func Level(s NeedSet) string {
	dept := false
	for n := range s {
		switch {
		case strings.HasPrefix(string(n), "manage_entity:"):
			return LevelEntityAdmin
		case strings.HasPrefix(string(n), "manage_department:"):
			dept = true
		}
	}
	if dept {
		return LevelDepartmentAdmin
	}
	return LevelStaff
}

// IDs returns the distinct ids of the scoped needs of the given kinds (such as
// "manage_entity"), sorted.
func (s NeedSet) IDs(kinds ...string) []int64 {
	seen := map[int64]bool{}
	var ids []int64
	for n := range s {
		kind, rest, ok := strings.Cut(string(n), ":")
		if !ok {
			continue
		}
		for _, k := range kinds {
			if k != kind {
				continue
			}
			if id, err := strconv.ParseInt(rest, 10, 64); err == nil && !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}
