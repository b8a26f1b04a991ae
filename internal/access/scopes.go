package access

import (
	"slices"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// The scopes a handler decides from the principal and a store takes instead of it
// (docs/architecture.md, "Stores take scopes, handlers decide"). Each applies one rule of this
// package to ids read in the store; the rule itself stays written once, here.

// BookingReader is CanSeeBooking decided for one reader: the reader's user id (their own work's
// bookings) and the departments whose bookings they see whole. The zero value, nobody (the
// system's own work), sees no booking.
type BookingReader struct {
	User     int64
	Bookings database.Visibility
}

// BookingReaderOf is p as a BookingReader; nil, nobody, reads no booking.
func BookingReaderOf(p *auth.Principal) BookingReader {
	if p == nil {
		return BookingReader{}
	}
	return BookingReader{User: p.UserID, Bookings: VisibleDepartments(p)}
}

// SeesBooking is CanSeeBooking for r: whether r may see a booking of department; own is whether
// r holds an instruction in it (for a piece of someone's work, r.Own of whose it is).
func (r BookingReader) SeesBooking(department int64, own bool) bool {
	return own || r.Bookings.Includes(department)
}

// Own is whether user is the reader themself.
func (r BookingReader) Own(user int64) bool { return r.User != 0 && r.User == user }

// UserViewer is CanSeeUser decided for one viewer: themself, every user for administrators
// (All), and else the UserScope (UsersSeenBy). The zero value sees nobody.
type UserViewer struct {
	Self int64
	All  bool
	UserScope
}

// UserViewerOf is p as a UserViewer; nil sees nobody.
func UserViewerOf(p *auth.Principal) UserViewer {
	if p == nil {
		return UserViewer{}
	}
	if p.Has(auth.NeedAdmin) {
		return UserViewer{Self: p.UserID, All: true}
	}
	return UserViewer{Self: p.UserID, UserScope: UsersSeenBy(p)}
}

// Sees is CanSeeUser for v: whether v may see user target, a freelancer or not, linked to the
// entities entityIDs and the departments departmentIDs.
func (v UserViewer) Sees(target int64, freelancer bool, entityIDs, departmentIDs []int64) bool {
	if v.All || (v.Self != 0 && v.Self == target) || (freelancer && v.AllFreelancers) {
		return true
	}
	return slices.ContainsFunc(entityIDs, func(id int64) bool { return slices.Contains(v.EntityIDs, id) }) ||
		slices.ContainsFunc(departmentIDs, func(id int64) bool { return slices.Contains(v.DepartmentIDs, id) })
}
