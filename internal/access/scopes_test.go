package access

import (
	"testing"

	"github.com/hive/hive/internal/platform/auth"
)

// A BookingReader, decided once from the principal, answers as CanSeeBooking does.
func TestBookingReaderAgreesWithCanSeeBooking(t *testing.T) {
	admin := principal(auth.UserFlags{CanAdmin: true}, auth.Grants{})
	client := principal(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanManage: true}},
		Departments: []auth.DepartmentGrant{{DepartmentID: 3, CanManage: true}}})
	staff := principal(auth.UserFlags{}, auth.Grants{Departments: []auth.DepartmentGrant{{DepartmentID: 4, CanSelect: true}}})
	freelancer := principal(auth.UserFlags{IsFreelancer: true}, auth.Grants{Departments: []auth.DepartmentGrant{{DepartmentID: 4, CanHire: true}}})
	for name, p := range map[string]*auth.Principal{"admin": admin, "client": client, "staff": staff, "freelancer": freelancer, "nobody": nil} {
		r := BookingReaderOf(p)
		for _, department := range []int64{3, 4, 5} {
			for _, user := range []int64{1, 2} { // the principals are user 1
				own := p != nil && p.UserID == user
				if r.Own(user) != own {
					t.Errorf("%s owns the work of user %d: %v", name, user, r.Own(user))
				}
				if got, want := r.SeesBooking(department, r.Own(user)), CanSeeBooking(p, department, own); got != want {
					t.Errorf("%s, department %d, work of user %d: %v, want %v", name, department, user, got, want)
				}
			}
		}
	}
	if r := BookingReaderOf(nil); r.Own(0) || r.SeesBooking(0, false) {
		t.Error("nobody reads the system's own work")
	}
}
