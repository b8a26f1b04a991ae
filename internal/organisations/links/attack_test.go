package links_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// account is what a harvest would be after: who an id belongs to.
type account struct {
	ID                         int64
	Email, FirstName, LastName string
}

func allAccounts(t *testing.T, db *database.DB) []account {
	t.Helper()
	var rows []struct {
		ID        int64  `db:"id"`
		Email     string `db:"email"`
		FirstName string `db:"first_name"`
		LastName  string `db:"last_name"`
	}
	if err := db.Select(context.Background(), &rows, `SELECT id, email, first_name, last_name FROM users ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	out := make([]account, len(rows))
	for i, r := range rows {
		out[i] = account{ID: r.ID, Email: r.Email, FirstName: r.FirstName, LastName: r.LastName}
	}
	return out
}

// sameRefusal fails unless res is exactly the refusal an id naming nobody gets (want), and
// names none of the accounts.
func sameRefusal(t *testing.T, what string, res *apptest.Response, want []byte, accounts []account) {
	t.Helper()
	if res.Status != 422 || !jsonEqual(res.Body, want) {
		t.Fatalf("%s: %d %s, want the answer for a missing id %s", what, res.Status, res.Body, want)
	}
	body := strings.ToLower(string(res.Body))
	for _, a := range accounts {
		for _, secret := range []string{a.Email, a.LastName} {
			if len(secret) > 3 && strings.Contains(body, strings.ToLower(secret)) {
				t.Fatalf("%s discloses %q: %s", what, secret, res.Body)
			}
		}
	}
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ax, _ := json.Marshal(x)
	by, _ := json.Marshal(y)
	return bytes.Equal(ax, by)
}

// staffOf makes reset@hive.test staff (no freelancer) of client only, and returns their id.
func staffOf(t *testing.T, db *database.DB, client int64) int64 {
	t.Helper()
	id := orgtest.UserID(t, db, "reset@hive.test")
	databasetest.Exec(t, db, `UPDATE users SET is_freelancer = FALSE WHERE id = ?`, id)
	orgtest.LinkEntity(t, db, id, client, false, true)
	return id
}

// TestAttack_LinkingCannotHarvestAccounts is the linking rule: a freelancer on their own
// (sign-up lets them create their supplier entity) creates one and links every user id to it.
// No answer may carry the user's name or e-mail, nor a link open their profile: every id,
// existing or not, gets the same 422 'User not found.', and no link is made.
func TestAttack_LinkingCannotHarvestAccounts(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		me := w.Users["freelancer"]
		databasetest.Exec(t, db, `UPDATE users SET can_create_supplier_entity = TRUE WHERE id = ?`, me)
		fl := s.As(apptest.Freelancer)
		var supplier struct{ ID int64 }
		fl.Do("POST", "/entity", map[string]any{"name": "Felix Reid Camera", "type": "supplier"}).Want(201).Decode(&supplier)

		accounts := allAccounts(t, db)
		last := accounts[len(accounts)-1].ID
		link := func(user int64) *apptest.Response {
			return fl.Do("POST", "/associations/user-entity-refs", map[string]any{"userId": user, "entityId": supplier.ID, "canSelect": true})
		}
		missing := link(last + 1000)
		missing.Want(422)
		if !strings.Contains(string(missing.Body), "User not found.") {
			t.Fatalf("missing user: %s", missing.Body)
		}
		for _, a := range accounts {
			if a.ID == me {
				continue
			}
			sameRefusal(t, "link user "+a.Email, link(a.ID), missing.Body, accounts)
			// Nor did the attempt open the profile.
			fl.Do("GET", path("/account/%d", a.ID), nil).Want(403)
		}
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM user_entity_refs WHERE entity_id = ?`, supplier.ID); n != 1 {
			t.Fatalf("%d links on the supplier, want only its creator's", n)
		}

		// The analogous rule for legal entities: another client's is refused as a missing one is.
		legal := func(id int64) *apptest.Response {
			return fl.Do("POST", "/associations/entity-legal-entity-refs", map[string]any{"entityId": supplier.ID, "legalEntityId": id})
		}
		sameRefusal(t, "link client A's legal entity", legal(w.LegalA), legal(w.LegalB+1000).Want(422).Body, accounts)
	})
}

// TestAttack_ManagerCannotLinkUsersTheyCannotSee: a manager of client B tries to pull staff of
// client A (whom they may not see) into client B and its department; a department manager
// tries the same. Both get the answer of a missing id; freelancers (whom managers hire, and see)
// and the manager's own people still link.
func TestAttack_ManagerCannotLinkUsersTheyCannotSee(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		// staff@hive.test manages client B; reset@hive.test is staff of client A only.
		orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
		other := staffOf(t, db, w.ClientA)
		accounts := allAccounts(t, db)
		bManager, dept := s.As(apptest.Staff), s.As(apptest.DeptMgr)

		const ue, ud = "/associations/user-entity-refs", "/associations/user-department-refs"
		missingUE := bManager.Do("POST", ue, map[string]any{"userId": 999999, "entityId": w.ClientB}).Want(422).Body
		missingUD := bManager.Do("POST", ud, map[string]any{"userId": 999999, "departmentId": w.DeptB1}).Want(422).Body
		for _, id := range []int64{other, w.Users["manager"], w.Users["dept"]} {
			sameRefusal(t, "B's manager links to B", bManager.Do("POST", ue, map[string]any{"userId": id, "entityId": w.ClientB}), missingUE, accounts)
			sameRefusal(t, "B's manager links to B1", bManager.Do("POST", ud, map[string]any{"userId": id, "departmentId": w.DeptB1}), missingUD, accounts)
		}
		missingA1 := dept.Do("POST", ud, map[string]any{"userId": 999999, "departmentId": w.DeptA1}).Want(422).Body
		sameRefusal(t, "dept links staff of A", dept.Do("POST", ud, map[string]any{"userId": other, "departmentId": w.DeptA1}), missingA1, accounts)
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM user_department_refs WHERE user_id = ?`, other); n != 0 {
			t.Fatalf("%d department links made", n)
		}

		// Who they may see still links: a freelancer, and (for A's manager) A's own staff.
		grace := orgtest.UserID(t, db, "grace.adeyemi@hive.test")
		bManager.Do("POST", ud, map[string]any{"userId": grace, "departmentId": w.DeptB1}).Want(201)
		s.As(apptest.Manager).Do("POST", ud, map[string]any{"userId": other, "departmentId": w.DeptA2}).Want(201)
	})
}

// TestLinkCreationRefusedToOutsiders calls every link creation on client A as a freelancer and
// as another client's manager: neither may see A, so each is 404 and nothing is linked.
func TestLinkCreationRefusedToOutsiders(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
		grace := orgtest.UserID(t, db, "grace.adeyemi@hive.test")
		for _, role := range []string{apptest.Freelancer, apptest.Staff} {
			c := s.As(role)
			c.Do("POST", "/associations/user-entity-refs", map[string]any{"userId": grace, "entityId": w.ClientA}).Want(404)
			c.Do("POST", "/associations/user-department-refs", map[string]any{"userId": grace, "departmentId": w.DeptA1}).Want(404)
			c.Do("POST", "/associations/entity-legal-entity-refs", map[string]any{"entityId": w.ClientA, "legalEntityId": w.LegalB}).Want(404)
		}
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM user_entity_refs WHERE user_id = ?`, grace) +
			databasetest.Get[int](t, db, `SELECT COUNT(*) FROM user_department_refs WHERE user_id = ?`, grace); n != 0 {
			t.Fatalf("%d links made", n)
		}
	})
}

// TestLinkPickerOffersOnlyUsersTheCallerMaySee: the link dialogs pick users from All Users
// (GET /account). A client manager who also may view (not manage) another client must not be
// offered that client's staff, whom they may neither see nor link: every user offered opens.
func TestLinkPickerOffersOnlyUsersTheCallerMaySee(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		orgtest.LinkEntity(t, db, w.Users["manager"], w.ClientB, false, true)
		other := staffOf(t, db, w.ClientB)

		manager := s.As(apptest.Manager)
		var page struct {
			Items []struct{ ID int64 }
			Total int
		}
		manager.Do("GET", "/account?pageSize=100", nil).Want(200).Decode(&page)
		if page.Total > len(page.Items) {
			t.Fatalf("more than a page: %d", page.Total)
		}
		for _, u := range page.Items {
			if u.ID == other {
				t.Fatalf("client B's staff offered to a manager who may not see them")
			}
			manager.Do("GET", path("/account/%d", u.ID), nil).Want(200)
		}
	})
}
