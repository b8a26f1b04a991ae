package tags_test

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

type tag struct {
	ID           int64
	Name         string
	Category     string
	EntityID     *int64  `json:"entityId"`
	EntityName   *string `json:"entityName"`
	JobTitleName string  `json:"job_title_name"`
	SkillTagName string  `json:"skill_tag_name"`
	Version      int
}

func versioned(field string, succeed ...string) func(string) any {
	version := 1
	return func(role string) any {
		body := map[string]any{"version": version, field: "Renamed by " + role}
		if slices.Contains(succeed, role) {
			version++
		}
		return body
	}
}

func TestTagPermissions(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		global := orgtest.Tag(t, db, "Vision Mixer", "job_title", 0)
		skillA := orgtest.Tag(t, db, "Multicam", "skills", w.ClientA)
		otherB := orgtest.Tag(t, db, "Drama Unit", "other", w.ClientB)
		globals, ofA := map[string]int64{}, map[string]int64{}
		for _, role := range apptest.Roles {
			globals[role] = orgtest.Tag(t, db, "Global "+role, "job_title", 0)
			ofA[role] = orgtest.Tag(t, db, "Of A "+role, "other", w.ClientA)
		}
		named := func(field string, entity int64) func(string) any {
			return func(role string) any {
				body := map[string]any{field: "New " + role}
				if entity != 0 {
					body["entityId"] = entity
				}
				return body
			}
		}
		var cases []apptest.Case
		add := func(c []apptest.Case) { cases = append(cases, c...) }
		add(orgtest.PerRole("create global job title", "POST", "/entity/job-title-tag", named("job_title_name", 0), 201, 201, 403, 403, 403, 401))
		add(orgtest.PerRole("create global skill", "POST", "/entity/skill-tag", named("skill_tag_name", 0), 201, 201, 403, 403, 403, 401))
		add(orgtest.PerRole("create skill of A", "POST", "/entity/skill-tag", named("skill_tag_name", w.ClientA), 201, 201, 404, 404, 404, 401))
		add(orgtest.PerRole("create job title of B", "POST", "/entity/job-title-tag", named("job_title_name", w.ClientB), 201, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("create tag of A", "POST", path("/entity/%d/tag", w.ClientA),
			func(role string) any { return map[string]any{"name": "Entity tag " + role, "category": "other"} }, 201, 201, 404, 404, 404, 401))
		add(orgtest.PerRole("get global", "GET", path("/entity/tag/%d", global), nil, 200, 200, 200, 200, 200, 401))
		add(orgtest.PerRole("get A's tag", "GET", path("/entity/tag/%d", skillA), nil, 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("rename global job title", "PATCH", path("/entity/job-title-tag/%d", global), versioned("job_title_name", apptest.Admin), 200, 403, 403, 403, 403, 401))
		add(orgtest.PerRole("rename global as tag", "PATCH", path("/entity/tag/%d", global), versioned("name", apptest.Admin), 409, 403, 403, 403, 403, 401))
		add(orgtest.PerRole("rename A's skill", "PATCH", path("/entity/skill-tag/%d", skillA),
			func(role string) any {
				v := map[string]int{apptest.Admin: 1, apptest.Manager: 2}[role]
				return map[string]any{"version": max(v, 1), "skill_tag_name": "Multicam " + role}
			}, 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("rename B's tag", "PATCH", path("/entity/tag/%d", otherB), versioned("name", apptest.Admin), 200, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("skill path for a job title", "PATCH", path("/entity/skill-tag/%d", global),
			func(string) any { return map[string]any{"version": 2, "skill_tag_name": "X"} }, 404, 404, 404, 404, 404, 401))
		add(orgtest.WithPaths(orgtest.PerRole("delete global", "DELETE", "", nil, 204, 403, 403, 403, 403, 401),
			func(role string) string { return path("/entity/job-title-tag/%d", globals[role]) }))
		add(orgtest.WithPaths(orgtest.PerRole("delete A's tag", "DELETE", "", nil, 204, 204, 404, 404, 404, 401),
			func(role string) string { return path("/entity/tag/%d", ofA[role]) }))
		add(orgtest.PerRole("delete A's skill as job title", "DELETE", path("/entity/job-title-tag/%d", skillA), nil, 404, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("list", "GET", "/entity/tag", nil, 200, 200, 200, 200, 200, 401))
		add(orgtest.PerRole("list of A", "GET", path("/entity/tag?entityId=%d", w.ClientA), nil, 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("tags of A", "GET", path("/entity/%d/tags", w.ClientA), nil, 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("tags of B", "GET", path("/entity/%d/tags?category=other", w.ClientB), nil, 200, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("by department of A", "GET", path("/entity/%d/tags/by-department", w.ClientA), nil, 200, 200, 404, 404, 404, 401))
		add(orgtest.PerRole("skill picker", "GET", "/account/skill-tags", nil, 200, 200, 200, 200, 200, 401))
		add(orgtest.PerRole("job title picker", "GET", "/account/job-title-tags", nil, 200, 200, 200, 200, 200, 401))
		add(orgtest.PerRole("missing tag", "GET", "/entity/tag/999999", nil, 404, 404, 404, 404, 404, 401))
		add(orgtest.PerRole("missing entity's tags", "GET", "/entity/999999/tags", nil, 404, 404, 404, 404, 404, 401))
		s.Run(t, cases)
	})
}

func TestTags(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		admin, manager := s.As(apptest.Admin), s.As(apptest.Manager)

		var jt tag
		admin.Do("POST", "/entity/job-title-tag", map[string]any{"job_title_name": "  Camera   Operator "}).Want(201).Decode(&jt)
		if jt.Name != "Camera Operator" || jt.JobTitleName != "Camera Operator" || jt.Category != "job_title" || jt.EntityID != nil {
			t.Fatalf("created %+v", jt)
		}

		t.Run("validation", func(t *testing.T) {
			var e apptest.Problem
			for path, body := range map[string]map[string]any{
				"/entity/job-title-tag":           {"job_title_name": " "},
				"/entity/skill-tag":               {},
				path("/entity/%d/tag", w.ClientA): {"name": "", "category": "other"},
			} {
				admin.Do("POST", path, body).WantError(422, apperror.CodeValidation).Decode(&e)
				if e.Detail[0].Msg != "This field is required" {
					t.Fatalf("%s: %+v", path, e)
				}
			}
			admin.Do("POST", path("/entity/%d/tag", w.ClientA), map[string]any{"name": "X", "category": "colour"}).
				WantError(422, apperror.CodeValidation)
			admin.Do("PATCH", path("/entity/job-title-tag/%d", jt.ID), map[string]any{"version": 1, "job_title_name": ""}).
				WantError(422, apperror.CodeValidation)
		})

		t.Run("unique within category and entity, case-insensitively", func(t *testing.T) {
			res := manager.Do("POST", "/entity/job-title-tag", map[string]any{"job_title_name": "camera OPERATOR"}).WantError(409, apperror.CodeConflict)
			var e struct{ Error string }
			res.Decode(&e)
			if e.Error != "A tag with this name already exists." {
				t.Fatalf("message %q", e.Error)
			}
			manager.Do("POST", "/entity/skill-tag", map[string]any{"skill_tag_name": "Camera Operator"}).Want(201)
			var own tag
			manager.Do("POST", "/entity/job-title-tag", map[string]any{"job_title_name": "Camera Operator", "entityId": w.ClientA}).Want(201).Decode(&own)
			if own.EntityID == nil || *own.EntityID != w.ClientA || *own.EntityName != "Alpha Broadcasting" {
				t.Fatalf("entity tag %+v", own)
			}
			manager.Do("POST", path("/entity/%d/tag", w.ClientA), map[string]any{"name": "CAMERA operator", "category": "job_title"}).
				WantError(409, apperror.CodeConflict)
			var other tag
			admin.Do("POST", "/entity/job-title-tag", map[string]any{"job_title_name": "Camera Assistant"}).Want(201).Decode(&other)
			admin.Do("PATCH", path("/entity/job-title-tag/%d", other.ID), map[string]any{"version": 1, "job_title_name": "camera operator"}).
				WantError(409, apperror.CodeConflict)
		})

		t.Run("rename and stale version", func(t *testing.T) {
			var r tag
			admin.Do("PATCH", path("/entity/job-title-tag/%d", jt.ID), map[string]any{"id": jt.ID, "version": 1, "job_title_name": "Camera Op"}).
				Want(200).Decode(&r)
			if r.Name != "Camera Op" || r.Version != 2 {
				t.Fatalf("renamed %+v", r)
			}
			admin.Do("PATCH", path("/entity/job-title-tag/%d", jt.ID), map[string]any{"version": 1, "job_title_name": "Late"}).
				WantError(409, apperror.CodeConflict)
			admin.Do("PATCH", path("/entity/job-title-tag/%d", jt.ID), map[string]any{"id": 1234567, "version": 2, "job_title_name": "X"}).
				WantError(422, apperror.CodeValidation)
		})

		t.Run("by department, and deleting a tag in use removes its uses", func(t *testing.T) {
			var studio tag
			manager.Do("POST", path("/entity/%d/tag", w.ClientA), map[string]any{"name": "Studio", "category": "other"}).Want(201).Decode(&studio)
			if err := db.InTx(t.Context(), func(tx *database.Tx) error {
				for _, d := range []int64{w.DeptA1, w.DeptA2} {
					if _, err := tx.Exec(t.Context(), `INSERT INTO department_tags (department_id, tag_id) VALUES (?, ?)`, d, studio.ID); err != nil {
						return err
					}
				}
				_, err := tx.Exec(t.Context(), `INSERT INTO department_tags (department_id, tag_id) VALUES (?, ?)`, w.DeptA1, jt.ID)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			type group struct {
				DepartmentID   int64  `json:"departmentId"`
				DepartmentName string `json:"departmentName"`
				Tags           []tag
			}
			var groups []group
			manager.Do("GET", path("/entity/%d/tags/by-department", w.ClientA), nil).Want(200).Decode(&groups)
			if len(groups) != 2 || groups[0].DepartmentName != "News" || len(groups[0].Tags) != 2 || len(groups[1].Tags) != 1 {
				t.Fatalf("groups %+v", groups)
			}
			manager.Do("DELETE", path("/entity/tag/%d", studio.ID), nil).Want(204)
			manager.Do("GET", path("/entity/%d/tags/by-department", w.ClientA), nil).Want(200).Decode(&groups)
			if len(groups[0].Tags) != 1 || len(groups[1].Tags) != 0 {
				t.Fatalf("after delete %+v", groups)
			}
			manager.Do("GET", path("/entity/tag/%d", studio.ID), nil).WantError(404, apperror.CodeNotFound)
		})

		t.Run("lists and pickers", func(t *testing.T) {
			orgtest.Tag(t, db, "Secret", "other", w.ClientB)
			var p struct {
				Items []tag
				Total int
			}
			names := func() (out []string) {
				for _, t := range p.Items {
					out = append(out, t.Name)
				}
				return out
			}
			admin.Do("GET", "/entity/tag?category=other", nil).Want(200).Decode(&p)
			if !slices.Equal(names(), []string{"Secret"}) {
				t.Fatalf("admin other %v", names())
			}
			manager.Do("GET", "/entity/tag?category=other", nil).Want(200).Decode(&p)
			if p.Total != 0 {
				t.Fatalf("manager sees B's tags %v", names())
			}
			manager.Do("GET", "/entity/tag?name=CAMERA&sort=-name", nil).Want(200).Decode(&p)
			if !slices.Equal(names(), []string{"Camera Operator", "Camera Operator", "Camera Op", "Camera Assistant"}) {
				t.Fatalf("manager search %v", names())
			}
			manager.Do("GET", "/entity/tag?global=true&category=job_title&pageSize=1&page=2", nil).Want(200).Decode(&p)
			if p.Total != 2 || !slices.Equal(names(), []string{"Camera Op"}) {
				t.Fatalf("global page 2 %v %d", names(), p.Total)
			}
			var opts []struct {
				ID   int64
				Name string
			}
			s.As(apptest.Freelancer).Do("GET", "/account/job-title-tags", nil).Want(200).Decode(&opts)
			if len(opts) != 2 || opts[0].Name != "Camera Assistant" {
				t.Fatalf("picker %+v", opts)
			}
			s.As(apptest.Freelancer).Do("GET", "/account/skill-tags", nil).Want(200).Decode(&opts)
			if len(opts) != 1 || opts[0].Name != "Camera Operator" {
				t.Fatalf("skill picker %+v", opts)
			}
			var own []tag
			manager.Do("GET", path("/entity/%d/tags?category=job_title", w.ClientA), nil).Want(200).Decode(&own)
			if len(own) != 1 || own[0].JobTitleName != "Camera Operator" {
				t.Fatalf("entity tags %+v", own)
			}
		})
	})
}
