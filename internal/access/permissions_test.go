package access

import (
	"context"
	"slices"
	"testing"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

func principal(flags auth.UserFlags, g auth.Grants) *auth.Principal {
	return &auth.Principal{UserID: 1, CanAdmin: flags.CanAdmin, Needs: auth.ComputeNeeds(flags, g)}
}

func TestRules(t *testing.T) {
	admin := principal(auth.UserFlags{CanAdmin: true}, auth.Grants{})
	manager := principal(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanManage: true}},
		Departments: []auth.DepartmentGrant{{DepartmentID: 3, CanManage: true, CanSelect: true}}})
	viewer := principal(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanSelect: true}}})
	stranger := principal(auth.UserFlags{}, auth.Grants{})

	kind := func(p *auth.Principal, f func(context.Context, int64) (*auth.Principal, error), id int64) apperror.Kind {
		_, err := f(auth.WithPrincipal(context.Background(), p), id)
		if err == nil {
			return ""
		}
		return apperror.KindOf(err)
	}
	cases := []struct {
		name string
		p    *auth.Principal
		f    func(context.Context, int64) (*auth.Principal, error)
		id   int64
		want apperror.Kind
	}{
		{"admin manages any entity", admin, RequireEntityManager, 99, ""},
		{"manager manages own", manager, RequireEntityManager, 7, ""},
		{"manager cannot see others", manager, RequireEntityViewer, 8, apperror.KindNotFound},
		{"viewer sees", viewer, RequireEntityViewer, 7, ""},
		{"viewer cannot manage", viewer, RequireEntityManager, 7, apperror.KindForbidden},
		{"stranger sees nothing", stranger, RequireEntityViewer, 7, apperror.KindNotFound},
		{"department manager", manager, RequireDepartmentManager, 3, ""},
		{"other department hidden", manager, RequireDepartmentViewer, 4, apperror.KindNotFound},
	}
	for _, c := range cases {
		if got := kind(c.p, c.f, c.id); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if _, err := RequireEntityViewer(context.Background(), 7); apperror.KindOf(err) != apperror.KindUnauthorized {
		t.Errorf("visitor: %v", err)
	}
	if v := VisibleEntities(manager); v.All || !slices.Equal(v.IDs, []int64{7}) {
		t.Errorf("visible %+v", v)
	}
	if !VisibleEntities(admin).All {
		t.Error("admin sees all")
	}
}

func TestCanSeeUser(t *testing.T) {
	admin := principal(auth.UserFlags{CanAdmin: true}, auth.Grants{})
	client := principal(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanManage: true}}})
	// Staff: read-only links to client 8 and its department 4.
	staff := principal(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 8, Kind: "client", CanSelect: true}},
		Departments: []auth.DepartmentGrant{{DepartmentID: 4, CanSelect: true}}})
	// A client manager who may also view client 8.
	viewingManager := principal(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanManage: true},
		{EntityID: 8, Kind: "client", CanSelect: true}}})
	// A freelancer on their own manages only their supplier entity; department 4 hires them,
	// and a view link to it must not show them the department's other people.
	supplier := principal(auth.UserFlags{IsFreelancer: true}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 9, Kind: "supplier", CanManage: true}},
		Departments: []auth.DepartmentGrant{{DepartmentID: 4, CanSelect: true, CanHire: true}}})
	cases := []struct {
		name        string
		p           *auth.Principal
		target      int64
		freelancer  bool
		entities    []int64
		departments []int64
		want        bool
	}{
		{"themself", supplier, 1, true, nil, nil, true},
		{"admin sees anyone", admin, 5, false, nil, nil, true},
		{"a client manager sees any freelancer", client, 5, true, nil, nil, true},
		{"a client manager sees their own staff", client, 5, false, []int64{7}, nil, true},
		{"not another client's staff", client, 5, false, []int64{8}, nil, false},
		{"staff see the people of an entity they view", staff, 5, false, []int64{8}, nil, true},
		{"staff see a freelancer their department hires", staff, 5, true, nil, []int64{4}, true},
		{"staff see no other freelancer", staff, 5, true, nil, []int64{3}, false},
		{"staff see nobody of another client", staff, 5, false, []int64{7}, []int64{3}, false},
		{"a manager's view link shows nobody", viewingManager, 5, false, []int64{8}, nil, false},
		{"a supplier manager sees no freelancer", supplier, 5, true, nil, nil, false},
		{"a supplier manager sees their supplier's people", supplier, 5, true, []int64{9}, nil, true},
		{"a freelancer's view link shows nobody", supplier, 5, true, nil, []int64{4}, false},
		{"nobody signed in", nil, 5, true, nil, nil, false},
	}
	for _, c := range cases {
		if got := CanSeeUser(c.p, c.target, c.freelancer, c.entities, c.departments); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
		// The scope a handler decides once and a store applies answers as the rule does.
		if got := UserViewerOf(c.p).Sees(c.target, c.freelancer, c.entities, c.departments); got != c.want {
			t.Errorf("%s as a UserViewer: %v, want %v", c.name, got, c.want)
		}
	}
	if s := UsersSeenBy(client); !s.AllFreelancers || !slices.Equal(s.EntityIDs, []int64{7}) || len(s.DepartmentIDs) != 0 {
		t.Errorf("seen by the client's manager: %+v", s)
	}
	if ents, deps := UsersSeenByManager(staff); len(ents)+len(deps) != 0 {
		t.Errorf("staff manage nothing: %v %v", ents, deps)
	}
	if s := UsersSeenBy(staff); s.AllFreelancers || !slices.Equal(s.EntityIDs, []int64{8}) || !slices.Equal(s.DepartmentIDs, []int64{4}) {
		t.Errorf("seen by staff: %+v", s)
	}
	if s := UsersSeenBy(viewingManager); !slices.Equal(s.EntityIDs, []int64{7}) {
		t.Errorf("seen by the viewing manager: %+v", s)
	}
	if s := UsersSeenBy(supplier); s.AllFreelancers || !slices.Equal(s.EntityIDs, []int64{9}) || len(s.DepartmentIDs) != 0 {
		t.Errorf("seen by the freelancer: %+v", s)
	}
	for _, c := range []struct {
		name string
		p    *auth.Principal
		want bool
	}{{"admin", admin, true}, {"manager", client, true}, {"staff", staff, true}, {"freelancer", supplier, false}, {"visitor", nil, false}} {
		if got := CanListUsers(c.p); got != c.want {
			t.Errorf("%s lists users: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestIsSelfOrAdmin(t *testing.T) {
	admin := principal(auth.UserFlags{CanAdmin: true}, auth.Grants{})
	manager := principal(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanManage: true}}})
	for _, c := range []struct {
		name   string
		p      *auth.Principal
		target int64
		want   bool
	}{
		{"nobody", nil, 1, false},
		{"administrator, another user", admin, admin.UserID + 1, true},
		{"manager, themself", manager, manager.UserID, true},
		{"manager, another user", manager, manager.UserID + 1, false},
	} {
		if got := IsSelfOrAdmin(c.p, c.target); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
