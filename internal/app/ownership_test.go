package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Table ownership (docs/architecture.md, "Tables"): each table is read and written by the
// feature that owns it. tableOwners declares the owner of every table the migrations create;
// the tests below read the tables from the migrations, so a new table must be given an owner
// here, and no package outside the bookings tree may name a table bookings owns in its SQL: it
// calls bookings' read interface (internal/bookings/reads) instead.
//
// Test files and test-support packages (a directory named *test or *bench: fixtures and
// benchmark data sets) outside bookings may still set up their worlds with SQL on bookings'
// tables: a test states its world directly, and a fixture helper per table would only hide the
// same SQL. The check reads the other non-test files.
var tableOwners = map[string]string{
	// accounts
	"users": "accounts", "passkeys": "accounts", "passkey_users": "accounts", "passkey_ceremonies": "accounts",
	"user_totp": "accounts", "recovery_codes": "accounts", "pending_logins": "accounts", "sessions": "accounts", "account_tokens": "accounts", "user_identities": "accounts",
	"login_failures": "accounts", "change_counters": "accounts", "user_tab_counts": "people",
	"users_contains": "people",
	// platform
	"mail_outbox": "platform", "idempotency_keys": "platform", "rate_limits": "platform",
	// notifications' web push
	"push_vapid_keys": "notifications", "push_subscriptions": "notifications", "push_subscription_types": "notifications",
	"push_outbox": "notifications", "push_action_uses": "notifications",
	// audit
	"audit_log": "audit",
	// organisations
	"entities": "organisations", "legal_entities": "organisations", "entity_legal_entity_refs": "organisations",
	"departments": "organisations", "user_entity_refs": "organisations", "user_department_refs": "organisations",
	"tags": "organisations", "department_tags": "organisations", "user_entity_ref_tags": "organisations",
	"user_tags": "organisations", "invitations": "organisations", "invitation_events": "organisations",
	// people
	"user_bookmarks": "people", "user_follows": "people", "internal_notes": "people", "user_documents": "people",
	// jobs
	"job_templates": "jobs", "placement_templates": "jobs", "job_template_preferred_users": "jobs", "rate_cards": "jobs",
	// bookings and its sub-packages (unavailability, bookingrules, the read models its triggers keep)
	"bookings": "bookings", "placements": "bookings", "instructions": "bookings", "booking_events": "bookings",
	"unavailability": "bookings", "placement_states": "bookings", "placement_day_counts": "bookings",
	"placement_day_groups": "bookings", "entity_booking_rules": "bookings", "working_time_overrides": "bookings",
	"instruction_acknowledgements": "bookings", "hold_challenges": "bookings", "offer_waterfalls": "bookings", "waterfall_placements": "bookings",
	"waterfall_candidates": "bookings",
	// the other features
	"booking_bookmarks": "scheduler", "calendar_feeds": "agenda",
	"calendar_connections": "calendarsync", "calendar_read_objects": "calendarsync", "calendar_busy_blocks": "calendarsync",
	"calendar_written_events": "calendarsync",
	"notifications":           "notifications", "notification_preferences": "notifications", "notification_counts": "notifications",
	"search_terms": "search", "search_variants": "search", "search_state": "search",
	"documents":  "documents",
	"timesheets": "timesheets", "timesheet_expenses": "timesheets", "entity_billing_rules": "timesheets",
	"self_billing_agreements": "invoices", "invoices": "invoices", "invoice_lines": "invoices",
	"invoice_sequences":    "invoices",
	"dashboard_placements": "dashboard", "dashboard_instructions": "dashboard", "dashboard_state": "dashboard",
}

// repoRoot is the repository's root, two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// createdTable finds the table a migration statement creates.
var createdTable = regexp.MustCompile(`(?i)\bCREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)`)

// migrationTables lists the tables the migrations of both engines create.
func migrationTables(t *testing.T) []string {
	t.Helper()
	var tables []string
	for _, engine := range []string{"sqlite", "postgres"} {
		files, err := filepath.Glob(filepath.Join(repoRoot(t), "migrations", engine, "*.sql"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no %s migrations (%v)", engine, err)
		}
		for _, f := range files {
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range createdTable.FindAllStringSubmatch(string(text), -1) {
				if name := strings.ToLower(m[1]); !slices.Contains(tables, name) {
					tables = append(tables, name)
				}
			}
		}
	}
	slices.Sort(tables)
	return tables
}

// ownedBy lists the tables the migrations create that owner owns.
func ownedBy(t *testing.T, owner string) []string {
	t.Helper()
	var out []string
	for _, table := range migrationTables(t) {
		if tableOwners[table] == owner {
			out = append(out, table)
		}
	}
	return out
}

func TestEveryTableHasAnOwner(t *testing.T) {
	tables := migrationTables(t)
	for _, table := range tables {
		if tableOwners[table] == "" {
			t.Errorf("migrations create table %s, which tableOwners does not give an owner", table)
		}
	}
	for table := range tableOwners {
		if !slices.Contains(tables, table) {
			t.Errorf("tableOwners names %s, which no migration creates", table)
		}
	}
}

// namedTable finds a table a SQL string reads or writes: the name after FROM, JOIN, INTO or
// UPDATE, or a string that is only a table's name with an underscore (a constant spliced into
// SQL; one-word strings such as a report type "bookings" are words, not tables).
var namedTable = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_][a-z0-9_]*)|^\s*([a-z]+_[a-z0-9_]+)\s*$`)

// sqlTablesIn lists, per line, the tables in owned that the string literals of Go file path name.
func sqlTablesIn(t *testing.T, path string, owned []string) []string {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	ast.Inspect(file, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		text, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		for _, m := range namedTable.FindAllStringSubmatch(text, -1) {
			if table := strings.ToLower(m[1] + m[2]); slices.Contains(owned, table) {
				found = append(found, fset.Position(lit.Pos()).String()+": "+table)
			}
		}
		return true
	})
	return found
}

func TestNoFeatureOutsideBookingsNamesItsTables(t *testing.T) {
	owned := ownedBy(t, "bookings")
	if !slices.Contains(owned, "instructions") {
		t.Fatalf("bookings' tables %v lack instructions: the migrations were not read", owned)
	}
	root := repoRoot(t)
	bookingsTree := filepath.Join(root, "internal", "bookings")
	for _, dir := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path == bookingsTree || strings.HasSuffix(d.Name(), "test") || strings.HasSuffix(d.Name(), "bench") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			for _, hit := range sqlTablesIn(t, path, owned) {
				hit, _ = filepath.Rel(root, hit)
				t.Errorf("%s names a table of bookings in SQL; read it through internal/bookings/reads", hit)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
