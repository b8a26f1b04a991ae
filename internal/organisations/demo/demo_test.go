package demo_test

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/people/directory"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

var tables = []string{"entities", "departments", "legal_entities", "entity_legal_entity_refs", "user_entity_refs",
	"user_department_refs", "tags", "department_tags", "user_entity_ref_tags", "user_tags", "invitations", "mail_outbox",
	"audit_log"}

func counts(t *testing.T, db *database.DB) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, table := range tables {
		var n int
		if err := db.Get(context.Background(), &n, `SELECT COUNT(*) FROM `+table); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

func TestSeedTwice(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		if _, err := accounts.SeedDemo(ctx, db); err != nil {
			t.Fatal(err)
		}
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		first := counts(t, db)
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		second := counts(t, db)
		for _, table := range tables {
			if first[table] != second[table] {
				t.Errorf("%s: %d rows after the first seed, %d after the second", table, first[table], second[table])
			}
		}
		var n int
		check := func(what string, want int, query string, args ...any) {
			t.Helper()
			if err := db.Get(ctx, &n, query, args...); err != nil {
				t.Fatal(err)
			}
			if n < want {
				t.Errorf("%s: %d, want at least %d", what, n, want)
			}
		}
		check("entities", 5, `SELECT COUNT(*) FROM entities`)
		check("departments", 5, `SELECT COUNT(*) FROM departments`)
		check("job titles", 30, `SELECT COUNT(*) FROM tags WHERE category = 'job_title'`)
		check("skills", 60, `SELECT COUNT(*) FROM tags WHERE category = 'skills'`)
		check("pending invitations", 2, `SELECT COUNT(*) FROM invitations WHERE status = 'pending'`)
		check("validated legal entities", 3, `SELECT COUNT(*) FROM legal_entities WHERE status = 'validated'`)
		check("freelancer hire links", 13, `SELECT COUNT(*) FROM user_department_refs WHERE can_hire = TRUE`)
		check("manager manages Northbridge", 1, `SELECT COUNT(*) FROM user_entity_refs r JOIN users u ON u.id = r.user_id
			JOIN entities e ON e.id = r.entity_id WHERE u.email_lc = 'manager@hive.test' AND e.name = ? AND r.can_manage = TRUE`,
			demo.Northbridge)
		check("dept manages Sport", 1, `SELECT COUNT(*) FROM user_department_refs r JOIN users u ON u.id = r.user_id
			JOIN departments d ON d.id = r.department_id WHERE u.email_lc = 'dept@hive.test' AND d.name = 'Sport'
			AND r.can_manage = TRUE AND r.can_hire = FALSE`)
		check("invitation mails", 2, `SELECT COUNT(*) FROM mail_outbox WHERE to_addr LIKE 'new.%@hive.test'`)
		check("entity history", 5, `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'entity'`)
	})
}

// The demo's accounts pass the profile form's own rules (spec part 1 §5), so an administrator can
// save any of them unchanged: names, e-mail, country, timezone and account status are set, and
// every freelancer has a preferred supplier, a supplier entity.
func TestDemoProfilesPassTheFormRules(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		if _, err := accounts.SeedDemo(ctx, db); err != nil {
			t.Fatal(err)
		}
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		if err := directory.SeedDemo(ctx, db); err != nil {
			t.Fatal(err)
		}
		for range 2 { // it can run again
			if err := demo.SetPreferredSuppliers(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		var bad []string
		if err := db.Select(ctx, &bad, `SELECT u.email FROM users u LEFT JOIN entities e ON e.id = u.preferred_supplier_id
			WHERE TRIM(u.first_name) = '' OR TRIM(u.last_name) = '' OR TRIM(u.email) = '' OR u.country = ''
			OR u.timezone = '' OR u.account_status = ''
			OR (u.is_freelancer = TRUE AND (e.id IS NULL OR e.type <> 'supplier')) ORDER BY u.email`); err != nil {
			t.Fatal(err)
		}
		if len(bad) > 0 {
			t.Errorf("%d demo accounts break the profile form's rules, e.g. %v", len(bad), bad[:min(5, len(bad))])
		}
		var felix string
		if err := db.Get(ctx, &felix, `SELECT e.name FROM users u JOIN entities e ON e.id = u.preferred_supplier_id
			WHERE u.email_lc = 'freelancer@hive.test'`); err != nil || felix != demo.FelixReid {
			t.Errorf("the demo freelancer's preferred supplier: %q %v, want their own company", felix, err)
		}
	})
}
