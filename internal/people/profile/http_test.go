package profile_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/people/profile"
)

func TestReadRules(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		fl, st, so := f.Users["freelancer"], f.Users["staff"], f.staffOther
		path := func(id int64) string { return fmt.Sprintf("/account/%d", id) }
		// One row per person read, one status per role of apptest.Roles: admin, manager, dept,
		// staff, freelancer, anonymous.
		cases := orgtest.PerRole("read the freelancer", "GET", path(fl), nil, 200, 200, 200, 403, 200, 401)
		cases = append(cases, orgtest.PerRole("read a staff user of the client", "GET", path(st), nil, 200, 200, 403, 200, 403, 401)...)
		cases = append(cases, orgtest.PerRole("read a staff user of the other client", "GET", path(so), nil, 200, 403, 403, 403, 403, 401)...)
		f.S.Run(t, append(cases, apptest.Case{As: "admin", Method: "GET", Path: path(999999), Status: 404}))
		v := f.get(t, "manager", st)
		if len(v.Entities) != 1 || v.Entities[0].ID != f.Client || v.Entities[0].CanManage {
			t.Errorf("entities = %+v", v.Entities)
		}
		if v.DayRate != nil || v.ProfileImageURL != "" || v.Skills == nil || v.Version < 1 {
			t.Errorf("view = %+v", v)
		}
	})
}

func TestUpdateRules(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		fl := f.Users["freelancer"]
		path := fmt.Sprintf("/account/%d", fl)
		v := f.get(t, "freelancer", fl)

		// Permissions: the user and admins edit; managers read only.
		f.S.Run(t, []apptest.Case{
			{As: "manager", Method: "PATCH", Path: path, Body: map[string]any{"version": v.Version, "phone": "1"}, Status: 403},
			{As: "dept", Method: "PATCH", Path: path, Body: map[string]any{"version": v.Version, "phone": "1"}, Status: 403},
			{As: "staff", Method: "PATCH", Path: path, Body: map[string]any{"version": v.Version, "phone": "1"}, Status: 403},
			{As: "anonymous", Method: "PATCH", Path: path, Body: map[string]any{"version": v.Version}, Status: 401},
			{As: "freelancer", Method: "PATCH", Path: path, Body: map[string]any{"version": v.Version, "canAdmin": true}, Status: 403},
			{As: "freelancer", Method: "PATCH", Path: path, Body: map[string]any{"version": v.Version, "accountStatus": "inactive"}, Status: 403},
		})

		// Validation messages of §5.
		res := f.S.As("freelancer").Do("PATCH", path, map[string]any{"version": v.Version, "email": "not an email",
			"linkedin": "javascript:alert(1)", "imdb": "ftp://x", "personalWebsite": "https://me.example",
			"dayRate": map[string]any{"currency": "GBP", "period": "day", "rate": "12.345"},
			"country": "GB", "timezone": "Europe/Paris"})
		res.Want(422)
		for _, want := range []string{"Invalid email address", "Invalid URL", "Invalid amount", "Choose a timezone"} {
			if !strings.Contains(string(res.Body), want) {
				t.Errorf("missing %q in %s", want, res.Body)
			}
		}
		res = f.S.As("freelancer").Do("PATCH", path, map[string]any{"version": v.Version, "country": "", "timezone": ""})
		res.Want(422)
		if !strings.Contains(string(res.Body), "Country is required.") || !strings.Contains(string(res.Body), "Timezone is required.") {
			t.Errorf("body %s", res.Body)
		}

		// A good update, with tags, email stripped and the rate forced to a day.
		var got profile.ProfileView
		f.S.As("freelancer").Do("PATCH", path, map[string]any{"version": v.Version, "email": " freelancer@hive.test ",
			"gender": "other", "genderOther": "Non-binary", "country": "FR", "timezone": "UTC",
			"location": map[string]any{"location_name": "Lyon", "latitude": 45.76, "longitude": 4.83},
			"cv":       "# CV", "linkedin": "https://linkedin.com/in/x",
			"dayRate": map[string]any{"currency": "EUR", "period": "day", "rate": "350.5"},
			"skills":  []int64{f.skillA, f.skillB}, "job_titles": []int64{f.jobA}}).Want(200).Decode(&got)
		if got.DayRate == nil || got.DayRate.Rate != "350.50" || got.DayRate.Currency != "EUR" || got.DayRate.Period != "day" ||
			len(got.Skills) != 2 || len(got.JobTitles) != 1 || got.GenderOther != "Non-binary" || got.Location.LocationName != "Lyon" ||
			got.Email != "freelancer@hive.test" || got.Version != v.Version+1 {
			t.Fatalf("updated = %+v", got)
		}
		// Stale version.
		f.S.As("freelancer").Do("PATCH", path, map[string]any{"version": v.Version, "phone": "2"}).Want(409)
		// deleted_skills removes; an unknown tag is refused.
		f.S.As("freelancer").Do("PATCH", path, map[string]any{"version": got.Version, "deleted_skills": []int64{f.skillA}}).Want(200).Decode(&got)
		if len(got.Skills) != 1 || got.Skills[0].SkillID != f.skillB {
			t.Errorf("skills = %+v", got.Skills)
		}
		f.S.As("freelancer").Do("PATCH", path, map[string]any{"version": got.Version, "skills": []int64{f.jobA}}).Want(422)

		// Admin section.
		f.S.As("admin").Do("PATCH", path, map[string]any{"version": got.Version, "accountStatus": "",
			"preferredSupplierId": 0}).Want(422)
		f.S.As("admin").Do("PATCH", path, map[string]any{"version": got.Version, "accountStatus": "active",
			"preferredSupplierId": f.Client, "canCreateClientEntity": true}).Want(200).Decode(&got)
		if got.PreferredSupplierID == nil || *got.PreferredSupplierID != f.Client || got.CanCreateClientEntity == nil || !*got.CanCreateClientEntity {
			t.Errorf("admin update = %+v", got)
		}

		// Audit rows: one per update, source user.
		var n int
		if err := f.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'user' AND record_id = ? AND hive_action = 'UPDATE'`, fl); err != nil {
			t.Fatal(err)
		}
		if n < 3 {
			t.Errorf("audit rows = %d", n)
		}
	})
}

func TestSystemAccount(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		if _, err := f.DB.Raw().Exec(f.DB.Rebind(`UPDATE users SET account_status = 'system' WHERE id = ?`), f.staffOther); err != nil {
			t.Fatal(err)
		}
		v := f.get(t, "admin", f.staffOther)
		res := f.S.As("admin").Do("PATCH", fmt.Sprintf("/account/%d", f.staffOther), map[string]any{"version": v.Version, "accountStatus": "active"})
		res.Want(422)
		if !strings.Contains(string(res.Body), "A system account cannot be changed.") {
			t.Errorf("body %s", res.Body)
		}
		f.S.As("admin").Do("PATCH", fmt.Sprintf("/account/%d", f.staffOther), map[string]any{"version": v.Version, "accountStatus": "system", "phone": "5"}).Want(200)
	})
}

func TestCreate(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		body := func(email string, entities ...int64) map[string]any {
			return map[string]any{"email": email, "firstName": "New", "lastName": "Person", "isFreelancer": true, "entityIds": entities}
		}
		f.S.Run(t, []apptest.Case{
			{As: "dept", Method: "POST", Path: "/account", Body: body("a@x.test", f.Client), Status: 403},
			{As: "staff", Method: "POST", Path: "/account", Body: body("a@x.test", f.Client), Status: 403},
			{As: "freelancer", Method: "POST", Path: "/account", Body: body("a@x.test", f.Client), Status: 403},
			{As: "anonymous", Method: "POST", Path: "/account", Body: body("a@x.test", f.Client), Status: 401},
			{As: "manager", Method: "POST", Path: "/account", Body: body("a@x.test", f.Other), Status: 403},
			// A missing entity gets the same answer, so the 403 confirms no other client's id.
			{As: "manager", Method: "POST", Path: "/account", Body: body("a@x.test", 999999), Status: 403},
			{As: "manager", Method: "POST", Path: "/account", Body: body("a@x.test"), Status: 422},
			{As: "manager", Method: "POST", Path: "/account", Body: body(" bad", f.Client), Status: 422},
		})
		var v profile.ProfileView
		f.S.As("manager").Do("POST", "/account", body(" new@x.test ", f.Client)).Want(201).Decode(&v)
		if v.Email != "new@x.test" || v.Label != "Contractor" || v.AccountStatus != nil || !v.IsFreelancer ||
			len(v.Entities) != 1 || v.Entities[0].ID != f.Client || v.Country != "GB" {
			t.Errorf("created = %+v", v)
		}
		f.S.As("manager").Do("POST", "/account", body("NEW@x.test", f.Client)).Want(409)
		withAdmin := body("flags@x.test", f.Client)
		withAdmin["canAdmin"] = true
		f.S.As("manager").Do("POST", "/account", withAdmin).Want(403)
		withAdmin["preferredSupplierId"] = f.Other
		var made profile.ProfileView
		f.S.As("admin").Do("POST", "/account", withAdmin).Want(201).Decode(&made)
		if made.CanAdmin == nil || !*made.CanAdmin || made.PreferredSupplierID == nil || *made.PreferredSupplierID != f.Other {
			t.Errorf("admin-made = %+v", made)
		}
		f.S.As("admin").Do("POST", "/account", body("admin-made@x.test", f.Other)).Want(201)
		var mails int
		if err := f.DB.Get(context.Background(), &mails, `SELECT COUNT(*) FROM account_tokens WHERE user_id = ? AND purpose = 'activation'`, v.ID); err != nil {
			t.Fatal(err)
		}
		if mails != 1 {
			t.Errorf("activation tokens = %d", mails)
		}
	})
}

// A manager reading a freelancer's profile sees only the links to their own
// entities and departments, and none of the account flags; administrators and the user see all.
func TestAttack_ProfileShowsViewerOnlyTheirOwnLinks(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		fl := f.Users["freelancer"]
		if _, err := f.DB.Raw().Exec(f.DB.Rebind(`INSERT INTO user_entity_refs (user_id, entity_id, can_external, created_at, updated_at)
			VALUES (?, ?, TRUE, ?, ?), (?, ?, TRUE, ?, ?)`), fl, f.Client, f.DB.Now(), f.DB.Now(), fl, f.Other, f.DB.Now(), f.DB.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := f.DB.Raw().Exec(f.DB.Rebind(`INSERT INTO user_department_refs (user_id, department_id, can_select, created_at, updated_at)
			VALUES (?, ?, TRUE, ?, ?)`), fl, f.Dept, f.DB.Now(), f.DB.Now()); err != nil {
			t.Fatal(err)
		}
		path := fmt.Sprintf("/account/%d", fl)
		raw := func(role string) (profile.ProfileView, string) {
			res := f.S.As(role).Do("GET", path, nil).Want(200)
			var v profile.ProfileView
			res.Decode(&v)
			return v, string(res.Body)
		}
		ids := func(links []profile.ProfileLink) []int64 {
			var out []int64
			for _, l := range links {
				out = append(out, l.ID)
			}
			return out
		}
		flags := []string{`"accountStatus"`, `"canAdmin"`, `"canCreateSupplierEntity"`, `"canCreateAgencyEntity"`,
			`"canCreateClientEntity"`, `"defaultPermissions"`}

		// The manager of the first client: its entity and its department, not the other client.
		v, body := raw("manager")
		// The manager reads the documents of a freelancer linked to their client, and changes none;
		// the freelancer changes their own; a department manager (no client) sees none.
		if !v.CanSeeDocuments || v.CanChangeDocuments {
			t.Errorf("manager: canSeeDocuments %v, canChangeDocuments %v", v.CanSeeDocuments, v.CanChangeDocuments)
		}
		if own, _ := raw("freelancer"); !own.CanSeeDocuments || !own.CanChangeDocuments {
			t.Errorf("the freelancer's own documents: %v %v", own.CanSeeDocuments, own.CanChangeDocuments)
		}
		if d, _ := raw("dept"); d.CanSeeDocuments || d.CanChangeDocuments {
			t.Errorf("dept: canSeeDocuments %v, canChangeDocuments %v", d.CanSeeDocuments, d.CanChangeDocuments)
		}
		if fmt.Sprint(ids(v.Entities)) != fmt.Sprint([]int64{f.Client}) || fmt.Sprint(ids(v.Departments)) != fmt.Sprint([]int64{f.Dept}) {
			t.Errorf("manager sees entities %v departments %v", ids(v.Entities), ids(v.Departments))
		}
		// The department manager: the department only.
		v, dbody := raw("dept")
		if len(v.Entities) != 0 || fmt.Sprint(ids(v.Departments)) != fmt.Sprint([]int64{f.Dept}) {
			t.Errorf("dept manager sees entities %v departments %v", ids(v.Entities), ids(v.Departments))
		}
		for _, flag := range flags {
			if strings.Contains(body, flag) || strings.Contains(dbody, flag) {
				t.Errorf("a manager sees %s", flag)
			}
		}
		// Administrators and the freelancer themself see every link and the flags.
		for _, role := range []string{"admin", "freelancer"} {
			v, body := raw(role)
			if len(v.Entities) != 2 || len(v.Departments) != 1 || v.AccountStatus == nil || *v.AccountStatus != "active" {
				t.Errorf("%s sees %+v", role, v)
			}
			for _, flag := range flags {
				if !strings.Contains(body, flag) {
					t.Errorf("%s does not see %s", role, flag)
				}
			}
		}
	})
}

// defaultPermissions is set by administrators only, on update and create.
func TestAttack_DefaultPermissionsAdminOnly(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		fl := f.Users["freelancer"]
		path := fmt.Sprintf("/account/%d", fl)
		v := f.get(t, "freelancer", fl)
		f.S.As("freelancer").Do("PATCH", path, map[string]any{"version": v.Version, "defaultPermissions": "staff"}).Want(403)
		f.S.As("manager").Do("PATCH", path, map[string]any{"version": v.Version, "defaultPermissions": "staff"}).Want(403)
		// Sending the value unchanged (a whole form) is no change.
		f.S.As("freelancer").Do("PATCH", path, map[string]any{"version": v.Version, "defaultPermissions": ""}).Want(200)
		var got profile.ProfileView
		f.S.As("admin").Do("PATCH", path, map[string]any{"version": v.Version + 1, "defaultPermissions": "staff"}).Want(200).Decode(&got)
		if got.DefaultPermissions == nil || *got.DefaultPermissions != "staff" {
			t.Errorf("admin set %+v", got.DefaultPermissions)
		}
		body := map[string]any{"email": "perm@x.test", "firstName": "P", "lastName": "Q", "entityIds": []int64{f.Client},
			"defaultPermissions": "staff"}
		f.S.As("manager").Do("POST", "/account", body).Want(403)
		f.S.As("admin").Do("POST", "/account", body).Want(201)
	})
}
