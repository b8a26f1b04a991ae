package jobs_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// preferredWorld is the orgtest world with the demo freelancer hireable by department A1 and a
// second freelancer linked to A1 without the right to be hired.
func preferredWorld(t *testing.T, db *database.DB) (s *apptest.Server, w orgtest.World, hireable, notHireable int64) {
	s = apptest.Start(t, db)
	w = orgtest.Build(t, db)
	hireable = w.Users["freelancer"]
	orgtest.Hire(t, db, w.DeptA1, hireable)
	notHireable = databasetest.Get[int64](t, db, `SELECT id FROM users
		WHERE is_freelancer = TRUE AND account_status = 'active' AND id <> ? ORDER BY id LIMIT 1`, hireable)
	orgtest.LinkDepartment(t, db, notHireable, w.DeptA1, false, false, true)
	return s, w, hireable, notHireable
}

func preferredIDs(jt jobs.JobTemplate) []int64 {
	ids := []int64{}
	for _, u := range jt.PreferredUsers {
		ids = append(ids, u.ID)
	}
	return ids
}

// The preferred picker lists the freelancers the department may hire (HireRule), to its
// managers only; a template refuses anyone else with the rule's message, and keeps the date a
// freelancer was first preferred through later saves.
func TestPreferredFreelancersAreThoseTheDepartmentMayHire(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		c := clock.At(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		db.Now = c.Now
		s, w, felix, other := preferredWorld(t, db)
		dept := s.As(apptest.DeptMgr)

		hireablePath := func(department int64, search string) string {
			return fmt.Sprintf("/department/%d/hireable-freelancers?search=%s", department, url.QueryEscape(search))
		}
		var found []jobs.PreferredUser
		dept.Do("GET", hireablePath(w.DeptA1, ""), nil).Want(200).Decode(&found)
		if len(found) != 1 || found[0].ID != felix || found[0].FullName == "" {
			t.Fatalf("hireable %+v, want only %d", found, felix)
		}
		dept.Do("GET", hireablePath(w.DeptA1, strings.ToUpper(found[0].FullName[:3])), nil).Want(200).Decode(&found)
		if len(found) != 1 {
			t.Fatalf("search by name %+v", found)
		}
		dept.Do("GET", hireablePath(w.DeptA1, "nobody-by-this-name"), nil).Want(200).Decode(&found)
		if len(found) != 0 {
			t.Fatalf("search for nobody %+v", found)
		}
		s.As(apptest.Manager).Do("GET", hireablePath(w.DeptA1, ""), nil).Want(200)
		s.As(apptest.Manager).Do("GET", hireablePath(w.DeptB1, ""), nil).Want(404) // another client's department
		s.As(apptest.Freelancer).Do("GET", hireablePath(w.DeptA1, ""), nil).Want(404)
		s.As(apptest.Staff).Do("GET", hireablePath(w.DeptA1, ""), nil).Want(404)

		// Not hireable: refused with the rule's message, on create and on update.
		var p apptest.Problem
		dept.Do("POST", "/job-template", obj{"departmentId": w.DeptA1, "title": "Gala", "preferredUserIds": []int64{other}}).
			Want(422).Decode(&p)
		if p.Msg("preferredUserIds") != jobs.MsgNotHireable {
			t.Fatalf("create with %d: %+v", other, p)
		}
		var jt jobs.JobTemplate
		dept.Do("POST", "/job-template", obj{"departmentId": w.DeptA1, "title": "Gala", "preferredUserIds": []int64{felix}}).
			Want(201).Decode(&jt)
		if ids := preferredIDs(jt); len(ids) != 1 || ids[0] != felix {
			t.Fatalf("created with %v", ids)
		}
		path := fmt.Sprintf("/job-template/%d", jt.ID)
		dept.Do("PATCH", path, obj{"version": jt.Version, "preferredUserIds": []int64{felix, other}}).Want(422).Decode(&p)
		if p.Msg("preferredUserIds") != jobs.MsgNotHireable {
			t.Fatalf("update with %d: %+v", other, p)
		}

		// Refused callers: a freelancer and another client's manager.
		admin := s.As(apptest.Admin)
		var b1 jobs.JobTemplate
		admin.Do("POST", "/job-template", obj{"departmentId": w.DeptB1, "title": "Drama"}).Want(201).Decode(&b1)
		s.As(apptest.Manager).Do("PATCH", fmt.Sprintf("/job-template/%d", b1.ID),
			obj{"version": b1.Version, "preferredUserIds": []int64{felix}}).Want(404)
		s.As(apptest.Freelancer).Do("PATCH", path, obj{"version": jt.Version, "preferredUserIds": []int64{felix}}).Want(404)

		// Once hireable, the second freelancer is accepted; felix keeps the date he was first preferred.
		added := databasetest.Get[time.Time](t, db, `SELECT created_at FROM job_template_preferred_users
			WHERE job_template_id = ? AND user_id = ?`, jt.ID, felix)
		c.Advance(time.Minute)
		orgtest.Hire(t, db, w.DeptA1, other)
		dept.Do("PATCH", path, obj{"version": jt.Version, "preferredUserIds": []int64{other, felix}}).Want(200).Decode(&jt)
		if ids := preferredIDs(jt); len(ids) != 2 {
			t.Fatalf("updated to %v", ids)
		}
		if kept := databasetest.Get[time.Time](t, db, `SELECT created_at FROM job_template_preferred_users
			WHERE job_template_id = ? AND user_id = ?`, jt.ID, felix); !kept.Equal(added) {
			t.Fatalf("felix preferred since %v, was %v", kept, added)
		}
		dept.Do("PATCH", path, obj{"version": jt.Version, "preferredUserIds": []int64{}}).Want(200).Decode(&jt)
		if len(jt.PreferredUsers) != 0 {
			t.Fatalf("cleared to %+v", jt.PreferredUsers)
		}
	})
}

// The administrative job fields are set and seen by administrators only: a manager who sends one
// is refused (403, as for a buy rate) and gets templates without them.
func TestJobTemplateAdminFieldsAreForAdministrators(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		s, w, _, _ := preferredWorld(t, db)
		dept, admin := s.As(apptest.DeptMgr), s.As(apptest.Admin)
		fields := obj{"legacyJobId": " L-77 ", "agent": "Acme Agency", "divisionTeam": "Live Events", "function": "Camera"}

		create := obj{"departmentId": w.DeptA1, "title": "Derby", "agent": "Mine"}
		dept.Do("POST", "/job-template", create).WantError(403, "A-102")
		var jt jobs.JobTemplate
		dept.Do("POST", "/job-template", obj{"departmentId": w.DeptA1, "title": "Derby"}).Want(201).Decode(&jt)
		path := fmt.Sprintf("/job-template/%d", jt.ID)
		for name, v := range fields {
			dept.Do("PATCH", path, obj{"version": jt.Version, name: v}).WantError(403, "A-102")
		}
		s.As(apptest.Freelancer).Do("PATCH", path, obj{"version": jt.Version, "agent": "X"}).Want(404)
		s.As(apptest.Staff).Do("PATCH", path, obj{"version": jt.Version, "agent": "X"}).Want(404)
		var b1 jobs.JobTemplate // another client's template, refused to client A's manager as if absent
		admin.Do("POST", "/job-template", obj{"departmentId": w.DeptB1, "title": "Drama"}).Want(201).Decode(&b1)
		s.As(apptest.Manager).Do("PATCH", fmt.Sprintf("/job-template/%d", b1.ID), obj{"version": b1.Version, "agent": "X"}).Want(404)

		patch := obj{"version": jt.Version}
		for k, v := range fields {
			patch[k] = v
		}
		admin.Do("PATCH", path, patch).Want(200).Decode(&jt)
		if jt.LegacyJobID == nil || *jt.LegacyJobID != "L-77" || *jt.Agent != "Acme Agency" || *jt.DivisionTeam != "Live Events" ||
			*jt.Function != "Camera" {
			t.Fatalf("admin's fields %+v", jt.AdminFields)
		}
		// A save without them (the manager's form) keeps them.
		var saved jobs.JobTemplate
		dept.Do("PATCH", path, obj{"version": jt.Version, "title": "Derby Day"}).Want(200).Decode(&saved)
		if saved.AdminFields != (jobs.AdminFields{}) {
			t.Fatalf("a manager sees %+v", saved.AdminFields)
		}
		for _, who := range []string{apptest.DeptMgr, apptest.Manager} {
			res := s.As(who).Do("GET", path, nil).Want(200)
			for name := range fields {
				if strings.Contains(string(res.Body), `"`+name+`"`) {
					t.Fatalf("%s reads %s: %s", who, name, res.Body)
				}
			}
		}
		jt = jobs.JobTemplate{}
		admin.Do("GET", path, nil).Want(200).Decode(&jt)
		if jt.Title != "Derby Day" || jt.Agent == nil || *jt.Agent != "Acme Agency" || *jt.Function != "Camera" {
			t.Fatalf("kept %+v %+v", jt.Title, jt.AdminFields)
		}
		jt = jobs.JobTemplate{}
		admin.Do("POST", "/job-template", obj{"departmentId": w.DeptA1, "title": "Cup", "legacyJobId": "L-1"}).Want(201).Decode(&jt)
		if jt.LegacyJobID == nil || *jt.LegacyJobID != "L-1" || jt.Agent == nil || *jt.Agent != "" {
			t.Fatalf("admin's new template %+v", jt.AdminFields)
		}
	})
}
