package links_test

import (
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

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

type detail struct {
	Detail []struct {
		Loc []string
		Msg string
	}
}

func msgs(d detail) map[string]string {
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

		var e detail
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

		var e detail
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
		var e detail
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
