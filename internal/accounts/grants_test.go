package accounts_test

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
)

// TestLinksBecomeNeeds links users to entities and departments directly in the tables and
// checks what whoami reports.
func TestLinksBecomeNeeds(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		ctx := context.Background()
		id := func(email string) int64 {
			var id int64
			if err := db.Get(ctx, &id, `SELECT id FROM users WHERE email_lc = ?`, email); err != nil {
				t.Fatal(err)
			}
			return id
		}
		var client, dept, other int64
		err := db.InTx(ctx, func(tx *database.Tx) error {
			if err := tx.Get(ctx, &client, `INSERT INTO entities (name, name_lc, type, created_at, updated_at) VALUES ('BBC', 'bbc', 'client', ?, ?) RETURNING id`, tx.Now, tx.Now); err != nil {
				return err
			}
			if err := tx.Get(ctx, &dept, `INSERT INTO departments (client_id, name, name_lc, created_at, updated_at) VALUES (?, 'Sport', 'sport', ?, ?) RETURNING id`, client, tx.Now, tx.Now); err != nil {
				return err
			}
			if err := tx.Get(ctx, &other, `INSERT INTO departments (client_id, name, name_lc, created_at, updated_at) VALUES (?, 'News', 'news', ?, ?) RETURNING id`, client, tx.Now, tx.Now); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO user_entity_refs (user_id, entity_id, can_manage, can_select, created_at, updated_at) VALUES (?, ?, TRUE, TRUE, ?, ?)`, id("manager@hive.test"), client, tx.Now, tx.Now); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO user_department_refs (user_id, department_id, can_manage, can_select, can_hire, created_at, updated_at) VALUES (?, ?, TRUE, TRUE, FALSE, ?, ?)`, id("dept@hive.test"), dept, tx.Now, tx.Now)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		var manager, deptManager whoami
		s.Login("manager@hive.test").Do("GET", "/account/whoami", nil).Want(200).Decode(&manager)
		s.Login("dept@hive.test").Do("GET", "/account/whoami", nil).Want(200).Decode(&deptManager)
		for _, n := range []string{"client_manager", "department_manager", "manage_entity:" + itoa(client), "manage_department:" + itoa(dept), "manage_department:" + itoa(other)} {
			if !contains(manager.Needs, n) {
				t.Errorf("manager lacks %s: %v", n, manager.Needs)
			}
		}
		if manager.UserLevel != "Entity Admin" {
			t.Errorf("manager level %q", manager.UserLevel)
		}
		if !contains(deptManager.Needs, "manage_department:"+itoa(dept)) || contains(deptManager.Needs, "manage_department:"+itoa(other)) ||
			contains(deptManager.Needs, "client_manager") || deptManager.UserLevel != "Department Admin" {
			t.Errorf("department manager %+v", deptManager)
		}
	})
}

// TestManagersSearchAccounts: a manager finds freelancers and the people of their own
// organisations, not everyone; staff cannot list accounts.
func TestManagersSearchAccounts(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		ctx := context.Background()
		var client int64
		err := db.InTx(ctx, func(tx *database.Tx) error {
			if err := tx.Get(ctx, &client, `INSERT INTO entities (name, name_lc, type, created_at, updated_at) VALUES ('BBC', 'bbc', 'client', ?, ?) RETURNING id`, tx.Now, tx.Now); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO user_entity_refs (user_id, entity_id, can_manage, can_select, created_at, updated_at)
				SELECT id, ?, email_lc = 'manager@hive.test', TRUE, ?, ? FROM users WHERE email_lc IN ('manager@hive.test', 'staff@hive.test')`,
				client, tx.Now, tx.Now)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		search := func(role, term string) []string {
			var page struct{ Items []struct{ Email string } }
			s.As(role).Do("GET", "/account?search="+term, nil).Want(200).Decode(&page)
			var emails []string
			for _, u := range page.Items {
				emails = append(emails, u.Email)
			}
			return emails
		}
		if got := search(apptest.Manager, "felix"); len(got) != 1 || got[0] != "freelancer@hive.test" {
			t.Errorf("manager finds freelancer: %v", got)
		}
		if got := search(apptest.Manager, "sam"); len(got) != 1 || got[0] != "staff@hive.test" {
			t.Errorf("manager finds own colleague: %v", got)
		}
		if got := search(apptest.Manager, "ada"); len(got) != 0 {
			t.Errorf("manager finds an unrelated administrator: %v", got)
		}
		if got := search(apptest.Admin, "HIVE.TEST"); len(got) < 19 {
			t.Errorf("admin search: %d", len(got))
		}
		// Read-only staff search too, among the people of what they view (issue 15 item 2); the
		// demo staff member views nothing that hires Felix.
		if got := search(apptest.Staff, "felix"); len(got) != 0 {
			t.Errorf("staff find a freelancer of no department they view: %v", got)
		}
	})
}
