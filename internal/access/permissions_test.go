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
	if ids, all := VisibleEntityIDs(manager); all || !slices.Equal(ids, []int64{7}) {
		t.Errorf("visible %v %v", ids, all)
	}
	if _, all := VisibleEntityIDs(admin); !all {
		t.Error("admin sees all")
	}
}

func TestCanSeeUser(t *testing.T) {
	admin := principal(auth.UserFlags{CanAdmin: true}, auth.Grants{})
	client := principal(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanManage: true}}})
	viewer := principal(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 8, Kind: "client", CanSelect: true}}})
	// A freelancer on their own manages only their supplier entity.
	supplier := principal(auth.UserFlags{IsFreelancer: true}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 9, Kind: "supplier", CanManage: true}}})
	cases := []struct {
		name       string
		p          *auth.Principal
		target     int64
		freelancer bool
		entities   []int64
		want       bool
	}{
		{"themself", supplier, 1, true, nil, true},
		{"admin sees anyone", admin, 5, false, nil, true},
		{"a client manager sees any freelancer", client, 5, true, nil, true},
		{"a client manager sees their own staff", client, 5, false, []int64{7}, true},
		{"not another client's staff", client, 5, false, []int64{8}, false},
		{"viewing an entity shows nobody", viewer, 5, false, []int64{8}, false},
		{"a supplier manager sees no freelancer", supplier, 5, true, nil, false},
		{"a supplier manager sees their supplier's people", supplier, 5, true, []int64{9}, true},
		{"nobody signed in", nil, 5, true, nil, false},
	}
	for _, c := range cases {
		if got := CanSeeUser(c.p, c.target, c.freelancer, c.entities, nil); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	ents, deps := UsersSeenByManager(client)
	if !slices.Equal(ents, []int64{7}) || len(deps) != 0 {
		t.Errorf("seen by the client's manager: %v %v", ents, deps)
	}
}
