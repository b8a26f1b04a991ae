package invitations_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

// fixture is a client entity with one department; manager manages the client and dept the
// department (links inserted directly, so these tests depend on no other feature's API).
type fixture struct {
	s                         *apptest.Server
	entity, otherEntity, dept int64
	ids                       map[string]int64 // role → user id
}

func setup(t *testing.T, db *database.DB) *fixture {
	f := &fixture{s: apptest.Start(t, db), ids: orgtest.Users(t, db)}
	f.entity = orgtest.Entity(t, db, "Northbridge Broadcasting", "client")
	f.otherEntity = orgtest.Entity(t, db, "Harbour Studios", "client")
	f.dept = orgtest.Department(t, db, f.entity, "Sport")
	orgtest.LinkEntity(t, db, f.ids[apptest.Manager], f.entity, true, true)
	orgtest.LinkDepartment(t, db, f.ids[apptest.DeptMgr], f.dept, false, true, true)
	return f
}

type invitation struct {
	ID     int64  `json:"id"`
	Email  string `json:"email"`
	Status string `json:"status"`
	User   *struct {
		ID       int64  `json:"id"`
		FullName string `json:"fullName"`
	} `json:"user"`
	Purpose  string `json:"purpose"`
	EntityID int64  `json:"entityId"`
	Entity   struct {
		Name string `json:"name"`
	} `json:"entity"`
	Version int `json:"version"`
}

func (f *fixture) invite(role, email, purpose string) invitation {
	f.s.T.Helper()
	var inv invitation
	f.s.As(role).Do("POST", "/invitation", map[string]any{"entityId": f.entity, "email": email, "purpose": purpose,
		"message": "Join us"}).Want(http.StatusCreated).Decode(&inv)
	return inv
}

func TestPermissions(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		staffInv := f.invite(apptest.Manager, "staff@hive.test", "staff")
		e, o := f.entity, f.otherEntity
		one := fmt.Sprintf("/invitation/%d", staffInv.ID)
		var cases []apptest.Case
		for _, c := range []struct {
			role   string
			status int
		}{{apptest.Admin, 201}, {apptest.Manager, 201}, {apptest.DeptMgr, 404}, {apptest.Staff, 404},
			{apptest.Freelancer, 404}, {apptest.Anonymous, 401}} {
			cases = append(cases, apptest.Case{As: c.role, Method: "POST", Path: "/invitation", Status: c.status,
				Body: map[string]any{"entityId": e, "email": c.role + ".new@example.com", "purpose": "freelancer"}})
		}
		cases = append(cases,
			apptest.Case{Name: "manager of another entity", As: apptest.Manager, Method: "POST", Path: "/invitation", Status: 404,
				Body: map[string]any{"entityId": o, "email": "x@example.com"}},
			apptest.Case{Name: "admin, unknown entity", As: apptest.Admin, Method: "POST", Path: "/invitation", Status: 404,
				Body: map[string]any{"entityId": 99999, "email": "x@example.com"}},
			apptest.Case{Name: "admin, to another entity", As: apptest.Admin, Method: "POST", Path: "/invitation", Status: 201,
				Body: map[string]any{"entityId": o, "email": "x@example.com"}},
		)
		table := func(method, path string, body any, statuses ...int) {
			for i, role := range apptest.Roles {
				cases = append(cases, apptest.Case{As: role, Method: method, Path: path, Body: body, Status: statuses[i]})
			}
		}
		// Roles in order: admin, manager, dept, staff, freelancer, anonymous.
		table("GET", "/invitation", nil, 200, 200, 200, 200, 200, 401)
		table("GET", fmt.Sprintf("/invitation/by-entity/%d", e), nil, 200, 200, 404, 404, 404, 401)
		table("GET", fmt.Sprintf("/invitation/by-entity/%d", o), nil, 200, 404, 404, 404, 404, 401)
		table("GET", one, nil, 200, 200, 404, 200, 404, 401)
		table("GET", fmt.Sprintf("/invitation/by-user/%d", f.ids[apptest.Staff]), nil, 200, 403, 403, 200, 403, 401)
		table("GET", "/invitation/token/not-a-token", nil, 404, 404, 404, 404, 404, 404)
		// Only the invited user answers; staff goes last, so the others meet a pending one.
		table("PATCH", one, map[string]any{"status": "accepted", "version": 1}, 403, 403, 404, 200, 404, 401)
		f.s.Run(t, cases)
	})
}

func TestValidation(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		m := f.s.As(apptest.Manager)
		for _, c := range []struct {
			body  map[string]any
			field string
			msg   string
		}{
			{map[string]any{"email": "a@example.com"}, "entityId", "This field is required"},
			{map[string]any{"entityId": f.entity}, "email", "Email is required"},
			{map[string]any{"entityId": f.entity, "email": "nobody"}, "email", "Invalid email address"},
		} {
			var e apptest.Problem
			m.Do("POST", "/invitation", c.body).Want(422).Decode(&e)
			if len(e.Detail) == 0 || e.Detail[0].Loc[1] != c.field || e.Detail[0].Msg != c.msg {
				t.Errorf("%v: %+v, want %s %q", c.body, e.Detail, c.field, c.msg)
			}
		}
		m.Do("POST", "/invitation", map[string]any{"entityId": f.entity, "email": "a@example.com", "purpose": "boss"}).Want(422)
		f.invite(apptest.Manager, "dup@example.com", "staff")
		m.Do("POST", "/invitation", map[string]any{"entityId": f.entity, "email": "DUP@example.com"}).WantError(409, "C-409")
		m.Do("GET", "/invitation?sort=password", nil).Want(422)
		var page struct {
			Items []invitation `json:"items"`
			Total int          `json:"total"`
		}
		m.Do("GET", fmt.Sprintf("/invitation/by-entity/%d?status=pending&sort=-email&pageSize=1", f.entity), nil).Want(200).Decode(&page)
		if page.Total != 1 || len(page.Items) != 1 || page.Items[0].Email != "dup@example.com" {
			t.Errorf("page %+v", page)
		}
	})
}

var signUpLink = regexp.MustCompile(`(/sign-up(?:-staff)?)\?invitation=([A-Za-z0-9_-]+)`)

func mailed(t *testing.T, db *database.DB, to string) string {
	t.Helper()
	msgs, err := mail.Outbox(context.Background(), db, to)
	if err != nil || len(msgs) == 0 {
		t.Fatalf("no mail to %s: %v", to, err)
	}
	return msgs[0].Text
}

type link struct {
	CanExternal bool `db:"can_external"`
	CanManage   bool `db:"can_manage"`
	CanSelect   bool `db:"can_select"`
}

func linkOf(t *testing.T, db *database.DB, email string, entity int64) []link {
	t.Helper()
	var l []link
	if err := db.Select(context.Background(), &l, `SELECT r.can_external, r.can_manage, r.can_select
		FROM user_entity_refs r JOIN users u ON u.id = r.user_id WHERE u.email_lc = ? AND r.entity_id = ?`,
		strings.ToLower(email), entity); err != nil {
		t.Fatal(err)
	}
	return l
}
