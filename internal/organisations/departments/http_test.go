package departments_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

type department struct {
	ID               int64  `json:"id"`
	Name             string `json:"name"`
	ClientID         int64  `json:"clientId"`
	Client           struct{ Name string }
	Email            string `json:"email"`
	Timezone         string `json:"timezone"`
	CancelWindowDays int    `json:"cancelWindowDays"`
	Version          int    `json:"version"`
	Tags             []struct {
		ID   int64
		Name string
	} `json:"tags"`
}

type page struct {
	Items []department
	Total int
}

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func TestDepartmentPermissions(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		named := func(prefix string) func(string) any {
			return func(role string) any { return map[string]any{"clientId": w.ClientA, "name": prefix + " " + role} }
		}
		version := 1
		patch := func(role string) any {
			body := map[string]any{"version": version, "phone": "0207 " + role}
			if role == apptest.Admin || role == apptest.Manager || role == apptest.DeptMgr {
				version++
			}
			return body
		}
		var cases []apptest.Case
		cases = append(cases, orgtest.PerRole("list", "GET", "/department", nil, 200, 200, 200, 200, 200, 401)...)
		cases = append(cases, orgtest.PerRole("create in A", "POST", "/department", named("Desk"), 201, 201, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("create in B", "POST", "/department",
			func(role string) any { return map[string]any{"clientId": w.ClientB, "name": "Desk " + role} },
			201, 404, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("get A1", "GET", path("/department/%d", w.DeptA1), nil, 200, 200, 200, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("get A2", "GET", path("/department/%d", w.DeptA2), nil, 200, 200, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("get B1", "GET", path("/department/%d", w.DeptB1), nil, 200, 404, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("patch A1", "PATCH", path("/department/%d", w.DeptA1), patch, 200, 200, 200, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("patch B1", "PATCH", path("/department/%d", w.DeptB1),
			func(string) any { return map[string]any{"version": 99} }, 409, 404, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("job templates A1", "GET", path("/department/%d/job-templates", w.DeptA1), nil,
			200, 200, 200, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("job templates B1", "GET", path("/department/%d/job-templates", w.DeptB1), nil,
			200, 404, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("job templates missing", "GET", "/department/999999/job-templates", nil,
			404, 404, 404, 404, 404, 401)...)
		s.Run(t, cases)

		t.Run("a department manager with a selecting link sees but cannot change", func(t *testing.T) {
			orgtest.LinkDepartment(t, db, w.Users["staff"], w.DeptA2, false, false, true)
			s.As(apptest.Staff).Do("GET", path("/department/%d", w.DeptA2), nil).Want(200)
			s.As(apptest.Staff).Do("PATCH", path("/department/%d", w.DeptA2), map[string]any{"version": 1}).
				WantError(403, apperror.CodeAccessDenied)
		})
	})
}

func TestDepartmentLifecycle(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		admin, manager := s.As(apptest.Admin), s.As(apptest.Manager)

		var d department
		manager.Do("POST", "/department", map[string]any{"clientId": w.ClientA, "name": "  Outside Broadcast ",
			"email": " ob@alpha.test ", "cancelWindowDays": 2}).Want(201).Decode(&d)
		if d.Name != "Outside Broadcast" || d.Email != "ob@alpha.test" || d.Timezone != "Europe/London" ||
			d.CancelWindowDays != 2 || d.Client.Name != "Alpha Broadcasting" || d.Version != 1 {
			t.Fatalf("created %+v", d)
		}

		t.Run("validation", func(t *testing.T) {
			for _, c := range []struct {
				name  string
				body  map[string]any
				field string
				msg   string
			}{
				{"name required", map[string]any{"clientId": w.ClientA, "name": "  "}, "name", "This field is required"},
				{"name missing", map[string]any{"clientId": w.ClientA}, "name", "This field is required"},
				{"client required", map[string]any{"name": "X"}, "clientId", "This field is required"},
				{"bad email", map[string]any{"clientId": w.ClientA, "name": "X", "email": "nope"}, "email", "Invalid email address"},
				{"bad zone", map[string]any{"clientId": w.ClientA, "name": "X", "timezone": "Mars/Olympus"}, "timezone",
					"Timezone is required. It is used by the product to determine bookings."},
				{"negative window", map[string]any{"clientId": w.ClientA, "name": "X", "cancelWindowDays": -1},
					"cancelWindowDays", "Enter a whole number of days, 0 or more."},
				{"not a client", map[string]any{"clientId": w.Supplier, "name": "X"}, "clientId",
					"The client must be an entity of type client."},
				{"unknown client", map[string]any{"clientId": 999999, "name": "X"}, "clientId",
					"The client must be an entity of type client."},
			} {
				t.Run(c.name, func(t *testing.T) {
					var e apptest.Problem
					admin.Do("POST", "/department", c.body).WantError(422, apperror.CodeValidation).Decode(&e)
					if len(e.Detail) == 0 || strings.Join(e.Detail[0].Loc, ".") != "body."+c.field || e.Detail[0].Msg != c.msg {
						t.Fatalf("detail %+v", e.Detail)
					}
				})
			}
			admin.Do("POST", "/department", map[string]any{"clientId": w.ClientA, "name": "Y", "cancelWindowDays": 1.5}).
				WantError(422, apperror.CodeValidation)
		})

		t.Run("duplicate name within a client is 409, in another client fine", func(t *testing.T) {
			admin.Do("POST", "/department", map[string]any{"clientId": w.ClientA, "name": "outside BROADCAST"}).
				WantError(409, apperror.CodeConflict)
			admin.Do("POST", "/department", map[string]any{"clientId": w.ClientB, "name": "Outside Broadcast"}).Want(201)
			admin.Do("PATCH", path("/department/%d", d.ID), map[string]any{"version": 1, "name": "news"}).
				WantError(409, apperror.CodeConflict)
		})

		t.Run("update, stale version, id mismatch", func(t *testing.T) {
			var u department
			manager.Do("PATCH", path("/department/%d", d.ID), map[string]any{"id": d.ID, "version": 1,
				"timezone": "America/New_York", "email": ""}).Want(200).Decode(&u)
			if u.Version != 2 || u.Timezone != "America/New_York" || u.Email != "" || u.Name != "Outside Broadcast" {
				t.Fatalf("updated %+v", u)
			}
			manager.Do("PATCH", path("/department/%d", d.ID), map[string]any{"version": 1, "name": "Late"}).
				WantError(409, apperror.CodeConflict)
			manager.Do("PATCH", path("/department/%d", d.ID), map[string]any{"id": d.ID + 1, "version": 2}).
				WantError(422, apperror.CodeValidation)
			manager.Do("PATCH", path("/department/%d", d.ID), map[string]any{"version": 2, "name": ""}).
				WantError(422, apperror.CodeValidation)
			admin.Do("PATCH", "/department/999999", map[string]any{"version": 1}).WantError(404, apperror.CodeNotFound)
		})

		t.Run("tags: global or the client's own", func(t *testing.T) {
			global := orgtest.Tag(t, db, "Camera Operator", "job_title", 0)
			own := orgtest.Tag(t, db, "Studio", "other", w.ClientA)
			other := orgtest.Tag(t, db, "Elsewhere", "other", w.ClientB)
			var u department
			admin.Do("GET", path("/department/%d", d.ID), nil).Want(200).Decode(&u)
			manager.Do("PATCH", path("/department/%d", d.ID), map[string]any{"version": u.Version, "tagIds": []int64{own, global, own}}).
				Want(200).Decode(&u)
			if len(u.Tags) != 2 {
				t.Fatalf("tags %+v", u.Tags)
			}
			manager.Do("PATCH", path("/department/%d", d.ID), map[string]any{"version": u.Version, "tagIds": []int64{other}}).
				WantError(422, apperror.CodeValidation)
			manager.Do("PATCH", path("/department/%d", d.ID), map[string]any{"version": u.Version, "name": "OB"}).Want(200).Decode(&u)
			if len(u.Tags) != 2 {
				t.Fatalf("tags kept %+v", u.Tags)
			}
			manager.Do("PATCH", path("/department/%d", d.ID), map[string]any{"version": u.Version, "tagIds": []int64{}}).Want(200).Decode(&u)
			if len(u.Tags) != 0 {
				t.Fatalf("tags cleared %+v", u.Tags)
			}
		})
	})
}

func TestDepartmentList(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		list := func(role, query string) page {
			var p page
			s.As(role).Do("GET", "/department"+query, nil).Want(200).Decode(&p)
			return p
		}
		names := func(p page) []string {
			var out []string
			for _, d := range p.Items {
				out = append(out, d.Name)
			}
			return out
		}
		if p := list(apptest.Admin, ""); p.Total != 3 || !slices.Equal(names(p), []string{"Drama", "News", "Sport"}) {
			t.Fatalf("admin sees %v %d", names(p), p.Total)
		}
		if p := list(apptest.Manager, "?sort=-name"); !slices.Equal(names(p), []string{"Sport", "News"}) {
			t.Fatalf("manager sees %v", names(p))
		}
		if p := list(apptest.DeptMgr, ""); !slices.Equal(names(p), []string{"News"}) {
			t.Fatalf("dept sees %v", names(p))
		}
		if p := list(apptest.Staff, ""); p.Total != 0 || len(p.Items) != 0 {
			t.Fatalf("staff sees %v", names(p))
		}
		if p := list(apptest.Admin, "?sort=client"); !slices.Equal(names(p), []string{"News", "Sport", "Drama"}) {
			t.Fatalf("by client %v", names(p))
		}
		if p := list(apptest.Admin, "?name=EW"); !slices.Equal(names(p), []string{"News"}) {
			t.Fatalf("name filter %v", names(p))
		}
		if p := list(apptest.Admin, path("?clientId=%d", w.ClientB)); !slices.Equal(names(p), []string{"Drama"}) {
			t.Fatalf("client filter %v", names(p))
		}
		orgtest.LinkDepartment(t, db, w.Users["freelancer"], w.DeptB1, true, false, false)
		if p := list(apptest.Admin, path("?user_ids=%d&user_ids=%d", w.Users["dept"], w.Users["freelancer"])); !slices.Equal(names(p), []string{"Drama", "News"}) {
			t.Fatalf("user filter %v", names(p))
		}
		if p := list(apptest.Admin, "?pageSize=2&page=2"); p.Total != 3 || !slices.Equal(names(p), []string{"Sport"}) {
			t.Fatalf("page 2 %v %d", names(p), p.Total)
		}
		if p := list(apptest.Admin, "?pageSize=2&page=9"); p.Total != 3 || len(p.Items) != 0 {
			t.Fatalf("past the end %v %d", names(p), p.Total)
		}
		s.As(apptest.Admin).Do("GET", "/department?sort=bogus", nil).WantError(422, apperror.CodeValidation)
		s.As(apptest.Admin).Do("GET", "/department?pageSize=101", nil).WantError(422, apperror.CodeValidation)
	})
}
