// Package orgtest builds a small organisation world with direct SQL for the tests of the
// features that act on one (organisations, bookings, jobs, agenda, scheduler, people), so they
// need no other area's API. It sits beside apptest as test support, not inside a feature. Call it after
// apptest.Start (or accounts.SeedDemo), which creates the demo users it links.
package orgtest

import (
	"context"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
)

// PerRole builds one permission case per role of apptest.Roles (admin, manager, dept, staff,
// freelancer, anonymous), in that order, with the statuses in want. body, when not nil, gives
// each role its own request body (so creations do not collide).
func PerRole(name, method, path string, body func(role string) any, want ...int) []apptest.Case {
	if len(want) != len(apptest.Roles) {
		panic("orgtest.PerRole: one status per role")
	}
	cases := make([]apptest.Case, 0, len(want))
	for i, role := range apptest.Roles {
		c := apptest.Case{Name: name + " as " + role, As: role, Method: method, Path: path, Status: want[i]}
		if body != nil {
			c.Body = body(role)
		}
		cases = append(cases, c)
	}
	return cases
}

// RunInTurn runs PerRole's cases one at a time, building each role's body just before its
// request: for writes whose body carries the version the previous role's write left.
func RunInTurn(t *testing.T, s *apptest.Server, name, method, path string, body func(role string) any, want ...int) {
	t.Helper()
	for _, c := range PerRole(name, method, path, nil, want...) {
		c.Body = body(c.As)
		s.Run(t, []apptest.Case{c})
	}
}

// World is two clients with departments, a supplier, two legal entities, and the demo roles
// linked as the permission tables expect: manager manages client A, dept manages department
// A1, staff and freelancer have no links.
type World struct {
	ClientA, ClientB, Supplier int64
	DeptA1, DeptA2, DeptB1     int64
	LegalA, LegalB             int64
	// LegalLinkA and LegalLinkB connect the clients to their legal entities; ManagerLink is
	// manager's link to client A and DeptLink dept's link to department A1.
	LegalLinkA, LegalLinkB, ManagerLink, DeptLink int64
	// Users maps a demo role (admin, manager, dept, staff, freelancer) to its user id.
	Users map[string]int64
}

// Build creates the world.
func Build(t testing.TB, db *database.DB) World {
	t.Helper()
	w := World{Users: Users(t, db)}
	w.ClientA = Entity(t, db, "Alpha Broadcasting", "client")
	w.ClientB = Entity(t, db, "Beta Television", "client")
	w.Supplier = Entity(t, db, "Gamma Facilities", "supplier")
	w.DeptA1 = Department(t, db, w.ClientA, "News")
	w.DeptA2 = Department(t, db, w.ClientA, "Sport")
	w.DeptB1 = Department(t, db, w.ClientB, "Drama")
	w.LegalA = LegalEntity(t, db, "Alpha Broadcasting Ltd")
	w.LegalB = LegalEntity(t, db, "Beta Television Ltd")
	w.LegalLinkA = LinkLegal(t, db, w.ClientA, w.LegalA)
	w.LegalLinkB = LinkLegal(t, db, w.ClientB, w.LegalB)
	w.ManagerLink, w.DeptLink = linkManagers(t, db, w.Users, w.ClientA, w.DeptA1)
	return w
}

// linkManagers gives the demo managers what the permission tables expect of them, in World and
// Clients alike: manager manages client, dept manages department dept. It returns the links.
func linkManagers(t testing.TB, db *database.DB, users map[string]int64, client, dept int64) (managerLink, deptLink int64) {
	t.Helper()
	managerLink = LinkEntity(t, db, users[apptest.Manager], client, true, true)
	deptLink = LinkDepartment(t, db, users[apptest.DeptMgr], dept, false, true, true)
	return managerLink, deptLink
}

func insert(t testing.TB, db *database.DB, query string, args ...any) int64 {
	t.Helper()
	var id int64
	err := db.InTx(context.Background(), func(tx *database.Tx) error {
		return tx.Get(context.Background(), &id, query, append(args, tx.Now, tx.Now)...)
	})
	if err != nil {
		t.Fatalf("%s: %v", strings.Fields(query)[2], err)
	}
	return id
}

// Users maps each demo role (admin, manager, dept, staff, freelancer) to its user id.
func Users(t testing.TB, db *database.DB) map[string]int64 {
	t.Helper()
	ids := map[string]int64{}
	for _, role := range []string{apptest.Admin, apptest.Manager, apptest.DeptMgr, apptest.Staff, apptest.Freelancer} {
		ids[role] = UserID(t, db, role+"@hive.test")
	}
	return ids
}

// UserID returns the id of the account with email.
func UserID(t testing.TB, db *database.DB, email string) int64 {
	t.Helper()
	var id int64
	if err := db.Get(context.Background(), &id, `SELECT id FROM users WHERE email_lc = ?`, strings.ToLower(email)); err != nil {
		t.Fatalf("user %s: %v", email, err)
	}
	return id
}

// Entity inserts an entity of kind (base, agency, client, supplier).
func Entity(t testing.TB, db *database.DB, name, kind string) int64 {
	t.Helper()
	return insert(t, db, `INSERT INTO entities (name, name_lc, type, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`, name, strings.ToLower(name), kind)
}

// Department inserts a department of client.
func Department(t testing.TB, db *database.DB, client int64, name string) int64 {
	t.Helper()
	return insert(t, db, `INSERT INTO departments (client_id, name, name_lc, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`, client, name, strings.ToLower(name))
}

// LegalEntity inserts a company.
func LegalEntity(t testing.TB, db *database.DB, companyName string) int64 {
	t.Helper()
	return insert(t, db, `INSERT INTO legal_entities (type, company_name, created_at, updated_at)
		VALUES ('uk_private_limited', ?, ?, ?) RETURNING id`, companyName)
}

// LinkLegal connects an entity to a legal entity.
func LinkLegal(t testing.TB, db *database.DB, entity, legal int64) int64 {
	t.Helper()
	return insert(t, db, `INSERT INTO entity_legal_entity_refs (entity_id, legal_entity_id, created_at, updated_at)
		VALUES (?, ?, ?, ?) RETURNING id`, entity, legal)
}

// LinkEntity connects a user to an entity.
func LinkEntity(t testing.TB, db *database.DB, user, entity int64, manage, sel bool) int64 {
	t.Helper()
	return insert(t, db, `INSERT INTO user_entity_refs (user_id, entity_id, can_manage, can_select, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, user, entity, manage, sel)
}

// LinkDepartment connects a user to a department.
func LinkDepartment(t testing.TB, db *database.DB, user, dept int64, hire, manage, sel bool) int64 {
	t.Helper()
	return insert(t, db, `INSERT INTO user_department_refs (user_id, department_id, can_hire, can_manage, can_select,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, user, dept, hire, manage, sel)
}

// WithPaths gives each case the path path(role) returns.
func WithPaths(cases []apptest.Case, path func(role string) string) []apptest.Case {
	for i := range cases {
		cases[i].Path = path(cases[i].As)
	}
	return cases
}

// Tag inserts a tag; entity 0 makes it global.
func Tag(t testing.TB, db *database.DB, name, category string, entity int64) int64 {
	t.Helper()
	var e any
	if entity != 0 {
		e = entity
	}
	return insert(t, db, `INSERT INTO tags (name, name_lc, category, entity_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, name, strings.ToLower(name), category, e)
}

// Hire lets department hire users (can_hire on their link, made when missing): only such
// freelancers may be instructed into its placements.
func Hire(t testing.TB, db *database.DB, dept int64, users ...int64) {
	t.Helper()
	for _, user := range users {
		err := db.InTx(context.Background(), func(tx *database.Tx) error {
			_, err := tx.Exec(context.Background(), `INSERT INTO user_department_refs (user_id, department_id, can_hire,
				created_at, updated_at) VALUES (?, ?, TRUE, ?, ?)
				ON CONFLICT (user_id, department_id) DO UPDATE SET can_hire = TRUE`, user, dept, tx.Now, tx.Now)
			return err
		})
		if err != nil {
			t.Fatalf("hire %d in %d: %v", user, dept, err)
		}
	}
}

// JobTemplate inserts a job template 'Cup Final' of department with two placement templates,
// 'Shift 1' (09:00–17:00) and the overnight 'Shift 2' (22:00–06:00), each selling at 250.00 and
// buying at 200.00 a day, and returns its id: the booking tests' usual template.
func JobTemplate(t testing.TB, db *database.DB, department int64) int64 {
	t.Helper()
	return JobTemplateOf(t, db, department, "Cup Final",
		Shift{Title: "Shift 1", Start: "09:00", End: "17:00", Sell: 25000, Buy: 20000},
		Shift{Title: "Shift 2", Start: "22:00", End: "06:00", Sell: 25000, Buy: 20000})
}
