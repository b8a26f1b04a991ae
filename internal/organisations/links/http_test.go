package links_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// extras are demo freelancers the tables connect, one per role so creations do not collide.
var extras = map[string]string{
	apptest.Admin: "amelia.hughes@hive.test", apptest.Manager: "oliver.bennett@hive.test",
	apptest.DeptMgr: "chloe.okafor@hive.test", apptest.Staff: "harry.lindqvist@hive.test",
	apptest.Freelancer: "isla.macleod@hive.test", apptest.Anonymous: "jack.nowak@hive.test",
}

func extraIDs(t *testing.T, db *database.DB) map[string]int64 {
	ids := map[string]int64{}
	for role, email := range extras {
		ids[role] = orgtest.UserID(t, db, email)
	}
	return ids
}

// versioned returns PATCH bodies whose version follows the successful roles in order.
func versioned(extra map[string]any, succeed ...string) func(string) any {
	version := 1
	return func(role string) any {
		body := map[string]any{"version": version}
		for k, v := range extra {
			body[k] = v
		}
		if slices.Contains(succeed, role) {
			version++
		}
		return body
	}
}

func TestUserDepartmentPermissions(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		x := extraIDs(t, db)
		own := orgtest.LinkDepartment(t, db, w.Users["freelancer"], w.DeptB1, true, false, false)
		onA1 := orgtest.LinkDepartment(t, db, orgtest.UserID(t, db, "grace.adeyemi@hive.test"), w.DeptA1, true, false, false)
		toDelete := map[string]int64{}
		for role, id := range x {
			toDelete[role] = orgtest.LinkDepartment(t, db, id, w.DeptA2, false, false, true)
		}
		body := func(dept int64) func(string) any {
			return func(role string) any { return map[string]any{"userId": x[role], "departmentId": dept, "canHire": true} }
		}
		base := "/associations/user-department-refs"
		var cases []apptest.Case
		add := func(c []apptest.Case) { cases = append(cases, c...) }
		add(orgtest.PerRole("list", "GET", base, nil, 200, 200, 200, 200, 200, 401))
		add(orgtest.PerRole("create in A1", "POST", base, body(w.DeptA1), 201, 201, 201, 404, 404, 401))
		add(orgtest.PerRole("create in B1", "POST", base, body(w.DeptB1), 201, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("get dept's link", "GET", path(base+"/%d", w.DeptLink), nil, 200, 200, 200, 404, 404, 401))
		add(orgtest.PerRole("get own link on B1", "GET", path(base+"/%d", own), nil, 200, 404, 404, 404, 200, 401))
		add(orgtest.PerRole("patch own link on B1", "PATCH", path(base+"/%d", own),
			versioned(map[string]any{"canHire": false}, apptest.Admin), 200, 404, 404, 404, 403, 401))
		add(orgtest.PerRole("patch link on A1", "PATCH", path(base+"/%d", onA1),
			versioned(map[string]any{"canManage": true}, apptest.Admin, apptest.Manager, apptest.DeptMgr), 200, 200, 200, 404, 404, 401))
		add(orgtest.WithPaths(orgtest.PerRole("delete link on A2", "DELETE", "", nil, 204, 204, 404, 404, 404, 401),
			func(role string) string { return path(base+"/%d", toDelete[role]) }))
		add(orgtest.PerRole("by department A1", "GET", path(base+"/by-department-id/%d", w.DeptA1), nil, 200, 200, 200, 404, 404, 401))
		add(orgtest.PerRole("by department B1", "GET", path(base+"/by-department-id/%d", w.DeptB1), nil, 200, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("by user", "GET", path(base+"/by-user-id/%d", w.Users["freelancer"]), nil, 200, 200, 200, 200, 200, 401))
		s.Run(t, cases)
	})
}

func TestUserEntityPermissions(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		x := extraIDs(t, db)
		own := orgtest.LinkEntity(t, db, w.Users["freelancer"], w.ClientB, false, false)
		onA := orgtest.LinkEntity(t, db, orgtest.UserID(t, db, "grace.adeyemi@hive.test"), w.ClientA, false, true)
		toDelete := map[string]int64{}
		for role, id := range x {
			toDelete[role] = orgtest.LinkEntity(t, db, id, w.ClientA, false, true)
		}
		body := func(entity int64) func(string) any {
			return func(role string) any { return map[string]any{"userId": x[role], "entityId": entity, "canSelect": true} }
		}
		base := "/associations/user-entity-refs"
		var cases []apptest.Case
		add := func(c []apptest.Case) { cases = append(cases, c...) }
		add(orgtest.PerRole("list", "GET", base, nil, 200, 200, 200, 200, 200, 401))
		add(orgtest.PerRole("create in supplier", "POST", base, body(w.Supplier), 201, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("get manager's link", "GET", path(base+"/%d", w.ManagerLink), nil, 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("get own link on B", "GET", path(base+"/%d", own), nil, 200, 404, 404, 404, 200, 401))
		add(orgtest.PerRole("patch own link on B", "PATCH", path(base+"/%d", own),
			versioned(map[string]any{"canExternal": true}, apptest.Admin), 200, 404, 404, 404, 403, 401))
		add(orgtest.PerRole("patch link on A", "PATCH", path(base+"/%d", onA),
			versioned(map[string]any{"canManage": false}, apptest.Admin, apptest.Manager), 200, 200, 404, 404, 404, 401))
		add(orgtest.WithPaths(orgtest.PerRole("delete link on A", "DELETE", "", nil, 204, 204, 404, 404, 404, 401),
			func(role string) string { return path(base+"/%d", toDelete[role]) }))
		add(orgtest.PerRole("create in A", "POST", base, body(w.ClientA), 201, 201, 404, 404, 404, 401))
		add(orgtest.PerRole("by entity A", "GET", path(base+"/by-entity-id/%d", w.ClientA), nil, 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("by entity B", "GET", path(base+"/by-entity-id/%d", w.ClientB), nil, 200, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("by user", "GET", path(base+"/by-user-id/%d", w.Users["manager"]), nil, 200, 200, 200, 200, 200, 401))
		s.Run(t, cases)
	})
}

func TestLegalPermissions(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		// manager also manages the supplier, so it can connect client A's legal entities there.
		orgtest.LinkEntity(t, db, w.Users["manager"], w.Supplier, true, true)
		perRole, toDelete := map[string]int64{}, map[string]int64{}
		for _, role := range apptest.Roles {
			perRole[role] = orgtest.LegalEntity(t, db, "Company of "+role)
			orgtest.LinkLegal(t, db, w.ClientA, perRole[role])
			toDelete[role] = orgtest.LinkLegal(t, db, w.Supplier, orgtest.LegalEntity(t, db, "Old company of "+role))
		}
		base := "/associations/entity-legal-entity-refs"
		var cases []apptest.Case
		add := func(c []apptest.Case) { cases = append(cases, c...) }
		add(orgtest.PerRole("list", "GET", base, nil, 200, 200, 200, 200, 200, 401))
		add(orgtest.PerRole("create in supplier", "POST", base,
			func(role string) any { return map[string]any{"entityId": w.Supplier, "legalEntityId": perRole[role]} },
			201, 201, 404, 404, 404, 401))
		add(orgtest.PerRole("create in B", "POST", base,
			func(role string) any { return map[string]any{"entityId": w.ClientB, "legalEntityId": perRole[role]} },
			201, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("get A's link", "GET", path(base+"/%d", w.LegalLinkA), nil, 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("get B's link", "GET", path(base+"/%d", w.LegalLinkB), nil, 200, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("patch A's link", "PATCH", path(base+"/%d", w.LegalLinkA),
			versioned(nil, apptest.Admin, apptest.Manager), 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("patch B's link", "PATCH", path(base+"/%d", w.LegalLinkB),
			versioned(nil, apptest.Admin), 200, 404, 404, 404, 404, 401))
		add(orgtest.WithPaths(orgtest.PerRole("delete", "DELETE", "", nil, 204, 204, 404, 404, 404, 401),
			func(role string) string { return path(base+"/%d", toDelete[role]) }))
		add(orgtest.PerRole("by entity A", "GET", path(base+"/by-entity-id/%d", w.ClientA), nil, 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("by user", "GET", path(base+"/by-user-id/%d", w.Users["manager"]), nil, 200, 200, 200, 200, 200, 401))
		s.Run(t, cases)

		t.Run("a legal entity the caller cannot see is refused like a missing one", func(t *testing.T) {
			for _, id := range []int64{w.LegalB, 999999} {
				s.As(apptest.Manager).Do("POST", base, map[string]any{"entityId": w.Supplier, "legalEntityId": id}).
					WantError(422, apperror.CodeValidation)
			}
		})
	})
}
