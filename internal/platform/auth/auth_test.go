package auth

import (
	"context"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/apperror"
)

func TestPasswordHashing(t *testing.T) {
	hash, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q is not argon2id with OWASP parameters", hash)
	}
	if !CheckPassword(hash, "correct horse") {
		t.Error("the right password does not match")
	}
	for _, wrong := range []string{"", "correct horsE", "correct horse "} {
		if CheckPassword(hash, wrong) {
			t.Errorf("%q matches", wrong)
		}
	}
	if CheckPassword("", "") || CheckPassword("$argon2id$garbage", "x") {
		t.Error("an empty or malformed hash matches")
	}
	other, _ := HashPassword("correct horse")
	if other == hash {
		t.Error("two hashes of one password share a salt")
	}
}

func TestTokens(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || len(a) < 40 {
		t.Fatalf("tokens %q %q", a, b)
	}
	if string(TokenHash(a)) == a || len(TokenHash(a)) != 32 {
		t.Fatal("token hash")
	}
}

func TestComputeNeedsAndLevel(t *testing.T) {
	cases := []struct {
		name   string
		flags  UserFlags
		grants Grants
		has    []Need
		hasNot []Need
		level  string
	}{
		{name: "freelancer", flags: UserFlags{IsFreelancer: true},
			has: []Need{NeedFreelancer}, hasNot: []Need{NeedStaff, NeedAdmin, NeedDepartmentManager}, level: LevelStaff},
		{name: "admin", flags: UserFlags{CanAdmin: true},
			has: []Need{NeedAdmin, NeedStaff}, hasNot: []Need{NeedFreelancer}, level: LevelStaff},
		{name: "client manager", grants: Grants{Entities: []EntityGrant{{EntityID: 7, Kind: "client", CanManage: true}}},
			has: []Need{ManageEntity(7), SelectEntity(7), NeedClientManager, NeedDepartmentManager}, hasNot: []Need{NeedAgencyManager}, level: LevelEntityAdmin},
		{name: "department manager", grants: Grants{Departments: []DepartmentGrant{{DepartmentID: 3, CanManage: true, CanHire: true}}},
			has: []Need{ManageDepartment(3), SelectDepartment(3), HireDepartment(3), NeedDepartmentManager}, hasNot: []Need{NeedClientManager}, level: LevelDepartmentAdmin},
		{name: "viewer", grants: Grants{Entities: []EntityGrant{{EntityID: 7, Kind: "client", CanSelect: true}}, Departments: []DepartmentGrant{{DepartmentID: 3, CanSelect: true}}},
			has: []Need{SelectEntity(7), SelectDepartment(3)}, hasNot: []Need{ManageEntity(7), NeedDepartmentManager}, level: LevelStaff},
		{name: "creator", flags: UserFlags{CanCreateClientEntity: true, CanCreateSupplierEntity: true},
			has: []Need{NeedCreateClient, NeedCreateSupplier}, hasNot: []Need{NeedCreateAgency}, level: LevelStaff},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ComputeNeeds(c.flags, c.grants)
			for _, n := range c.has {
				if !s.Has(n) {
					t.Errorf("missing %s in %v", n, s.Sorted())
				}
			}
			for _, n := range c.hasNot {
				if s.Has(n) {
					t.Errorf("unexpected %s", n)
				}
			}
			if got := Level(s); got != c.level {
				t.Errorf("level = %q, want %q", got, c.level)
			}
		})
	}
}

func TestRules(t *testing.T) {
	admin := &Principal{UserID: 1, Needs: ComputeNeeds(UserFlags{CanAdmin: true}, Grants{})}
	freelancer := &Principal{UserID: 2, Needs: ComputeNeeds(UserFlags{IsFreelancer: true}, Grants{})}
	ctx := context.Background()

	if _, err := RequireUser(ctx); apperror.KindOf(err) != apperror.KindUnauthorized {
		t.Errorf("visitor: %v", err)
	}
	if _, err := Require(WithPrincipal(ctx, freelancer), NeedAdmin); apperror.KindOf(err) != apperror.KindForbidden {
		t.Errorf("freelancer as admin: %v", err)
	}
	if _, err := Require(WithPrincipal(ctx, admin), ManageDepartment(99)); err != nil {
		t.Errorf("admin is refused a scoped need: %v", err)
	}
	if admin.Has(NeedFreelancer) {
		t.Error("admin override reaches the freelancer role")
	}
	if _, err := RequireSelfOr(WithPrincipal(ctx, freelancer), 2, NeedAdmin); err != nil {
		t.Errorf("self: %v", err)
	}
	if _, err := RequireSelfOr(WithPrincipal(ctx, freelancer), 1, NeedAdmin); apperror.KindOf(err) != apperror.KindForbidden {
		t.Errorf("other: %v", err)
	}
}
