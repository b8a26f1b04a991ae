// The link operations over HTTP: who may call each (the permission tables per role), and what
// each does (validation, duplicates, versions, filters, sorts, pages, history).
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
		hirer := func(user, dept int64) int64 { return orgtest.LinkDepartment(t, db, user, dept, true, false, false) }
		s.Run(t, userLinkTable{base: "/associations/user-department-refs", record: "department", grant: "canHire",
			link: func(user, dept int64) int64 { return orgtest.LinkDepartment(t, db, user, dept, false, false, true) },
			own:  hirer(w.Users["freelancer"], w.DeptB1), ownChange: map[string]any{"canHire": false},
			other:       hirer(orgtest.UserID(t, db, "grace.adeyemi@hive.test"), w.DeptA1),
			otherChange: onRecord{"patch link on A1", 0, []int{200, 200, 200, 404, 404, 401}},
			change:      map[string]any{"canManage": true}, deletable: w.DeptA2,
			creates: []onRecord{{"create in A1", w.DeptA1, []int{201, 201, 201, 404, 404, 401}},
				{"create in B1", w.DeptB1, []int{201, 404, 404, 404, 404, 401}}},
			ofWorld: onRecord{"get dept's link", w.DeptLink, []int{200, 200, 200, 404, 404, 401}},
			byRecord: []onRecord{{"by department A1", w.DeptA1, []int{200, 200, 200, 404, 404, 401}},
				{"by department B1", w.DeptB1, []int{200, 404, 404, 404, 404, 401}}},
			byUser: w.Users["freelancer"],
		}.cases(extraIDs(t, db)))
	})
}

func TestUserEntityPermissions(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		selector := func(user, entity int64) int64 { return orgtest.LinkEntity(t, db, user, entity, false, true) }
		s.Run(t, userLinkTable{base: "/associations/user-entity-refs", record: "entity", grant: "canSelect", link: selector,
			own:   orgtest.LinkEntity(t, db, w.Users["freelancer"], w.ClientB, false, false),
			other: selector(orgtest.UserID(t, db, "grace.adeyemi@hive.test"), w.ClientA), deletable: w.ClientA,
			ownChange: map[string]any{"canExternal": true}, change: map[string]any{"canManage": false},
			otherChange:  onRecord{"patch link on A", 0, []int{200, 200, 404, 404, 404, 401}},
			creates:      []onRecord{{"create in supplier", w.Supplier, []int{201, 404, 404, 404, 404, 401}}},
			createsAfter: []onRecord{{"create in A", w.ClientA, []int{201, 201, 404, 404, 404, 401}}},
			ofWorld:      onRecord{"get manager's link", w.ManagerLink, []int{200, 200, 404, 404, 404, 401}},
			byRecord: []onRecord{{"by entity A", w.ClientA, []int{200, 200, 404, 404, 404, 401}},
				{"by entity B", w.ClientB, []int{200, 404, 404, 404, 404, 401}}},
			byUser: w.Users["manager"],
		}.cases(extraIDs(t, db)))
	})
}

// onRecord is a case of a permission table: its name, the record (or link) it is on, and the
// status each role gets, in the order of apptest.Roles.
type onRecord struct {
	name string
	id   int64
	want []int
}

// userLinkTable is the permission table of a kind of user link. Every kind is checked through
// the same operations in the same order; only its records, its links and what each role gets
// differ.
type userLinkTable struct {
	base, record string // the kind's path, and what it links users to ("department", "entity")
	grant        string // a right a create body grants besides the ids
	// link connects each role's extra user to deletable, for that role to delete.
	link      func(user, record int64) int64
	deletable int64
	// own is the freelancer's link on a record only administrators manage, patched with
	// ownChange; other is a link on a record managers manage, patched with change.
	own, other        int64
	ownChange, change map[string]any
	otherChange       onRecord // the name and statuses of other's patch
	// creates link each role's extra user to a record before the deletes, createsAfter after
	// them (on the record the deleted links were on).
	creates, createsAfter []onRecord
	ofWorld               onRecord // a link of the world, read
	byRecord              []onRecord
	byUser                int64
}

// cases are the table's cases, for the extra users x of each role.
func (k userLinkTable) cases(x map[string]int64) []apptest.Case {
	toDelete := map[string]int64{}
	for role, id := range x {
		toDelete[role] = k.link(id, k.deletable)
	}
	one := func(id int64) string { return path(k.base+"/%d", id) }
	var cases []apptest.Case
	add := func(c []apptest.Case) { cases = append(cases, c...) }
	create := func(on []onRecord) {
		for _, c := range on {
			body := func(role string) any { return map[string]any{"userId": x[role], k.record + "Id": c.id, k.grant: true} }
			add(orgtest.PerRole(c.name, "POST", k.base, body, c.want...))
		}
	}
	add(orgtest.PerRole("list", "GET", k.base, nil, 200, 200, 200, 200, 200, 401))
	create(k.creates)
	add(orgtest.PerRole(k.ofWorld.name, "GET", one(k.ofWorld.id), nil, k.ofWorld.want...))
	add(orgtest.PerRole("get own link", "GET", one(k.own), nil, 200, 404, 404, 404, 200, 401))
	add(orgtest.PerRole("patch own link", "PATCH", one(k.own), versioned(k.ownChange, apptest.Admin),
		200, 404, 404, 404, 403, 401))
	add(orgtest.PerRole(k.otherChange.name, "PATCH", one(k.other), versioned(k.change, succeeding(k.otherChange.want)...),
		k.otherChange.want...))
	add(orgtest.WithPaths(orgtest.PerRole("delete the role's extra's link", "DELETE", "", nil, 204, 204, 404, 404, 404, 401),
		func(role string) string { return one(toDelete[role]) }))
	create(k.createsAfter)
	for _, c := range k.byRecord {
		add(orgtest.PerRole(c.name, "GET", path(k.base+"/by-"+k.record+"-id/%d", c.id), nil, c.want...))
	}
	add(orgtest.PerRole("by user", "GET", path(k.base+"/by-user-id/%d", k.byUser), nil, 200, 200, 200, 200, 200, 401))
	return cases
}

// succeeding are the roles whose status in want (in the order of apptest.Roles) is a success.
func succeeding(want []int) []string {
	var roles []string
	for i, role := range apptest.Roles {
		if want[i] < 300 {
			roles = append(roles, role)
		}
	}
	return roles
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

type udRow struct {
	ID           int64
	UserID       int64 `json:"userId"`
	DepartmentID int64 `json:"departmentId"`
	CanHire      bool  `json:"canHire"`
	Version      int
	User         struct{ FullName string }
	Department   struct {
		Name       string
		ClientName string `json:"clientName"`
	}
}

type ueRow struct {
	ID        int64
	UserID    int64 `json:"userId"`
	EntityID  int64 `json:"entityId"`
	Version   int
	JobTitles []struct {
		ID   int64
		Name string
	} `json:"jobTitles"`
	Entity struct{ Name, Type string }
}

func msgs(d apptest.Problem) map[string]string {
	out := map[string]string{}
	for _, e := range d.Detail {
		out[e.Loc[len(e.Loc)-1]] = e.Msg
	}
	return out
}

func TestUserDepartmentLinks(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		admin, manager := s.As(apptest.Admin), s.As(apptest.Manager)
		const base = "/associations/user-department-refs"
		grace := orgtest.UserID(t, db, "grace.adeyemi@hive.test")

		var e apptest.Problem
		manager.Do("POST", base, map[string]any{}).WantError(422, apperror.CodeValidation).Decode(&e)
		if m := msgs(e); m["userId"] != "This field is required" || m["departmentId"] != "This field is required" {
			t.Fatalf("validation %+v", e)
		}
		admin.Do("POST", base, map[string]any{"userId": 999999, "departmentId": w.DeptA1}).WantError(422, apperror.CodeValidation)
		admin.Do("POST", base, map[string]any{"userId": grace, "departmentId": 999999}).WantError(422, apperror.CodeValidation)

		var r udRow
		manager.Do("POST", base, map[string]any{"userId": grace, "departmentId": w.DeptA2, "canHire": true}).Want(201).Decode(&r)
		if !r.CanHire || r.User.FullName != "Grace Adeyemi" || r.Department.Name != "Sport" || r.Department.ClientName != "Alpha Broadcasting" {
			t.Fatalf("created %+v", r)
		}
		res := manager.Do("POST", base, map[string]any{"userId": grace, "departmentId": w.DeptA2}).WantError(409, apperror.CodeConflict)
		if string(res.Body) == "" || !slices.Contains([]string{"This user is already connected to this department."}, errorOf(t, res)) {
			t.Fatalf("duplicate %s", res.Body)
		}
		manager.Do("PATCH", path(base+"/%d", r.ID), map[string]any{"version": 1, "canManage": true}).Want(200)
		manager.Do("PATCH", path(base+"/%d", r.ID), map[string]any{"version": 1, "canManage": false}).WantError(409, apperror.CodeConflict)
		manager.Do("PATCH", path(base+"/%d", r.ID), map[string]any{"id": r.ID + 1, "version": 2}).WantError(422, apperror.CodeValidation)

		// The new link takes effect for grace at once: she now manages Sport.
		orgtest.LinkDepartment(t, db, grace, w.DeptB1, false, false, true)
		list := func(c *apptest.Client, query string) []udRow {
			var p struct {
				Items []udRow
				Total int
			}
			c.Do("GET", base+query, nil).Want(200).Decode(&p)
			if p.Total < len(p.Items) {
				t.Fatalf("total %d < %d", p.Total, len(p.Items))
			}
			return p.Items
		}
		ids := func(rows []udRow) (out []int64) {
			for _, r := range rows {
				out = append(out, r.DepartmentID)
			}
			return out
		}
		if got := ids(list(admin, path("?userIds=%d", grace))); !slices.Equal(got, []int64{w.DeptA2, w.DeptB1}) {
			t.Fatalf("admin filter %v", got)
		}
		if got := ids(list(manager, path("?userIds=%d", grace))); !slices.Equal(got, []int64{w.DeptA2}) {
			t.Fatalf("manager sees only client A's links: %v", got)
		}
		if got := ids(list(admin, path("?departmentIds=%d&departmentIds=%d&canHire=true", w.DeptA1, w.DeptA2))); !slices.Equal(got, []int64{w.DeptA2}) {
			t.Fatalf("canHire filter %v", got)
		}
		if got := ids(list(admin, "?canManage=true&sort=-department")); !slices.Equal(got, []int64{w.DeptA2, w.DeptA1}) {
			t.Fatalf("canManage filter, sort %v", got)
		}
		if got := list(admin, "?sort=client&pageSize=1&page=3"); len(got) != 1 || got[0].Department.ClientName != "Beta Television" {
			t.Fatalf("page 3 by client %+v", got)
		}
		if got := list(admin, "?page=50"); len(got) != 0 {
			t.Fatalf("past the end %+v", got)
		}
		// A user always reads their own links, even where they see nothing else.
		s.As(apptest.Staff).Do("GET", path(base+"/by-user-id/%d", w.Users["staff"]), nil).Want(200)
		orgtest.LinkDepartment(t, db, w.Users["staff"], w.DeptB1, true, false, false)
		if got := list(s.As(apptest.Staff), path("/by-user-id/%d", w.Users["staff"])); len(got) != 1 {
			t.Fatalf("own links %+v", got)
		}
		if got := list(s.As(apptest.Staff), ""); len(got) != 1 {
			t.Fatalf("own links in the grid %+v", got)
		}
		if got := list(manager, path("/by-user-id/%d", w.Users["staff"])); len(got) != 0 {
			t.Fatalf("manager sees staff's B1 link %+v", got)
		}
		manager.Do("DELETE", path(base+"/%d", r.ID), nil).Want(204)
		manager.Do("GET", path(base+"/%d", r.ID), nil).WantError(404, apperror.CodeNotFound)
	})
}

func errorOf(t *testing.T, res *apptest.Response) string {
	var e struct{ Error string }
	res.Decode(&e)
	return e.Error
}

func TestUserEntityLinks(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		admin, manager := s.As(apptest.Admin), s.As(apptest.Manager)
		const base = "/associations/user-entity-refs"
		grace := orgtest.UserID(t, db, "grace.adeyemi@hive.test")
		camera := orgtest.Tag(t, db, "Camera Operator", "job_title", 0)
		director := orgtest.Tag(t, db, "Director", "job_title", w.ClientA)
		skill := orgtest.Tag(t, db, "Steadicam", "skills", 0)
		foreign := orgtest.Tag(t, db, "Producer", "job_title", w.ClientB)

		var e apptest.Problem
		manager.Do("POST", base, map[string]any{"canSelect": true}).WantError(422, apperror.CodeValidation).Decode(&e)
		if m := msgs(e); m["userId"] != "This field is required" || m["entityId"] != "This field is required" {
			t.Fatalf("validation %+v", e)
		}
		for _, bad := range []int64{skill, foreign, 999999} {
			manager.Do("POST", base, map[string]any{"userId": grace, "entityId": w.ClientA, "jobTitleIds": []int64{bad}}).
				WantError(422, apperror.CodeValidation)
		}
		var r ueRow
		manager.Do("POST", base, map[string]any{"userId": grace, "entityId": w.ClientA, "canSelect": true,
			"jobTitleIds": []int64{director, camera}}).Want(201).Decode(&r)
		if len(r.JobTitles) != 2 || r.JobTitles[0].Name != "Camera Operator" || r.Entity.Type != "client" {
			t.Fatalf("created %+v", r)
		}
		res := manager.Do("POST", base, map[string]any{"userId": grace, "entityId": w.ClientA}).WantError(409, apperror.CodeConflict)
		if got := errorOf(t, res); got != "This user is already connected to this entity." {
			t.Fatalf("duplicate %q", got)
		}
		manager.Do("PATCH", path(base+"/%d", r.ID), map[string]any{"version": 1, "jobTitleIds": []int64{camera}}).Want(200).Decode(&r)
		if len(r.JobTitles) != 1 || r.Version != 2 {
			t.Fatalf("patched %+v", r)
		}
		manager.Do("PATCH", path(base+"/%d", r.ID), map[string]any{"version": 2, "canManage": true}).Want(200).Decode(&r)
		if len(r.JobTitles) != 1 {
			t.Fatalf("job titles kept %+v", r)
		}
		manager.Do("PATCH", path(base+"/%d", r.ID), map[string]any{"version": 2}).WantError(409, apperror.CodeConflict)

		// grace now manages client A: she may connect others to it.
		orgtest.LinkEntity(t, db, grace, w.ClientB, false, true)
		var p struct {
			Items []ueRow
			Total int
		}
		admin.Do("GET", base+path("?userIds=%d&sort=-entity", grace), nil).Want(200).Decode(&p)
		if p.Total != 2 || p.Items[0].EntityID != w.ClientB {
			t.Fatalf("admin list %+v", p)
		}
		manager.Do("GET", base+path("?userIds=%d", grace), nil).Want(200).Decode(&p)
		if p.Total != 1 || p.Items[0].EntityID != w.ClientA || len(p.Items[0].JobTitles) != 1 {
			t.Fatalf("manager list %+v", p)
		}
		manager.Do("GET", base+path("/by-entity-id/%d?canManage=true", w.ClientA), nil).Want(200).Decode(&p)
		if p.Total != 2 {
			t.Fatalf("by entity %+v", p)
		}
		// Deleting a job title tag removes it from the link.
		admin.Do("DELETE", path("/entity/job-title-tag/%d", camera), nil).Want(204)
		manager.Do("GET", path(base+"/%d", r.ID), nil).Want(200).Decode(&r)
		if len(r.JobTitles) != 0 {
			t.Fatalf("tag removed %+v", r)
		}
		manager.Do("DELETE", path(base+"/%d", r.ID), nil).Want(204)
		manager.Do("DELETE", path(base+"/%d", r.ID), nil).WantError(404, apperror.CodeNotFound)
	})
}

func TestLegalLinksAudit(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		admin := s.As(apptest.Admin)
		const base = "/associations/entity-legal-entity-refs"
		other := orgtest.LegalEntity(t, db, "")
		if _, err := db.Raw().Exec(db.Rebind(`UPDATE legal_entities SET trading_name = 'Sole Trader Sam' WHERE id = ?`), other); err != nil {
			t.Fatal(err)
		}
		var e apptest.Problem
		admin.Do("POST", base, map[string]any{}).WantError(422, apperror.CodeValidation).Decode(&e)
		if m := msgs(e); m["entityId"] != "This field is required" || m["legalEntityId"] != "This field is required" {
			t.Fatalf("validation %+v", e)
		}
		type row struct {
			ID          int64
			Version     int
			LegalEntity struct {
				ID           int64
				Name, Status string
			} `json:"legalEntity"`
			Entity struct{ Name string }
		}
		var r row
		admin.Do("POST", base, map[string]any{"entityId": w.Supplier, "legalEntityId": other}).Want(201).Decode(&r)
		if r.LegalEntity.Name != "Sole Trader Sam" || r.LegalEntity.Status != "not_validated" || r.Entity.Name != "Gamma Facilities" {
			t.Fatalf("created %+v", r)
		}
		admin.Do("POST", base, map[string]any{"entityId": w.Supplier, "legalEntityId": other}).WantError(409, apperror.CodeConflict)
		admin.Do("PATCH", path(base+"/%d", r.ID), map[string]any{"version": 1, "legalEntityId": w.LegalA}).Want(200).Decode(&r)
		if r.LegalEntity.ID != w.LegalA || r.Version != 2 {
			t.Fatalf("moved %+v", r)
		}
		admin.Do("PATCH", path(base+"/%d", r.ID), map[string]any{"version": 1}).WantError(409, apperror.CodeConflict)
		// Moving onto a pair that exists already is a duplicate.
		dup := orgtest.LinkLegal(t, db, w.Supplier, other)
		admin.Do("PATCH", path(base+"/%d", dup), map[string]any{"version": 1, "legalEntityId": w.LegalA}).WantError(409, apperror.CodeConflict)
		admin.Do("DELETE", path(base+"/%d", r.ID), nil).Want(204)

		var actions []string
		if err := db.Select(t.Context(), &actions, `SELECT hive_action FROM audit_log WHERE hive_source = 'legal_entity_ref'
			AND record_id = ? ORDER BY id`, r.ID); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(actions, []string{"INSERT", "UPDATE", "DELETE"}) {
			t.Fatalf("audit %v", actions)
		}
		var n int
		if err := db.Get(t.Context(), &n, `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'legal_entity_ref'
			AND hive_user_id = ?`, w.Users["admin"]); err != nil || n != 3 {
			t.Fatalf("audit rows by admin %d %v", n, err)
		}

		// Reading: by entity, and a manager's by-user list covers client A only.
		var p struct {
			Items []row
			Total int
		}
		s.As(apptest.Manager).Do("GET", base+path("/by-user-id/%d", w.Users["manager"]), nil).Want(200).Decode(&p)
		if p.Total != 1 || p.Items[0].LegalEntity.ID != w.LegalA {
			t.Fatalf("by user %+v", p)
		}
		admin.Do("GET", base+"?sort=-legalEntity", nil).Want(200).Decode(&p)
		if p.Total != 3 || p.Items[0].LegalEntity.Name != "Sole Trader Sam" {
			t.Fatalf("list %+v", p)
		}
	})
}
