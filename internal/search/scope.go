package search

import (
	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Scope is what one searcher may find and read, decided once by the handler from the access
// rules (ScopeOf) and applied by the store's queries, per kind of record.
type Scope struct {
	Reader int64 // the searcher, who finds themself
	Admin  bool  // finds every record and every user who can work
	// Advanced is whether the searcher may run the freelancer advanced search (CanAdvancedSearch).
	Advanced bool
	// Departments are the departments (and their bookings and jobs) the searcher finds, and the
	// departments a user card names (access.VisibleDepartments).
	Departments database.Visibility
	// Entities are the entities (and the legal entities linked to them) the searcher finds, and
	// the entities a user card names (access.VisibleEntities).
	Entities database.Visibility
	// Users are the users the global search finds (access.UsersSeenBy).
	Users access.UserScope
	// Hires are the people the advanced search finds: those the departments they manage may hire
	// and those linked to the entities they manage (access.UsersSeenByManager; AllFreelancers unused).
	Hires access.UserScope
	// Managed are the departments whose job templates' preferred users a card marks preferred
	// (access.ManagedDepartments).
	Managed database.Visibility
	// Bookings is whose job a rest warning names (access.BookingReaderOf).
	Bookings access.BookingReader
}

// ScopeOf is p's Scope; nil finds nothing.
func ScopeOf(p *auth.Principal) Scope {
	if p == nil {
		return Scope{}
	}
	entities, departments := access.UsersSeenByManager(p)
	return Scope{Reader: p.UserID, Admin: p.Has(auth.NeedAdmin), Advanced: CanAdvancedSearch(p),
		Departments: access.VisibleDepartments(p), Entities: access.VisibleEntities(p), Users: access.UsersSeenBy(p),
		Hires: access.UserScope{EntityIDs: entities, DepartmentIDs: departments}, Managed: access.ManagedDepartments(p),
		Bookings: access.BookingReaderOf(p)}
}
