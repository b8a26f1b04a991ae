package search_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
	"github.com/hive/hive/internal/search/index"
)

// globalWorld is the global search's fixed data set: orgtest's two clients (A with News and
// Sport, B with Drama) and the records below, written with direct SQL and then indexed by
// index.Rebuild. refs names each record "source:label".
type globalWorld struct {
	w     orgtest.World
	s     *apptest.Server
	store *search.Store
	refs  map[string]int64
}

func (g *globalWorld) label(r search.Result) string {
	for k, id := range g.refs {
		if src, _, _ := strings.Cut(k, ":"); src == string(r.HiveSource) && id == r.ID {
			return k
		}
	}
	return string(r.HiveSource) + ":?"
}

// buildGlobal builds the data set, serving Hive on it when serve (the HTTP tests).
func buildGlobal(t testing.TB, db *database.DB, serve bool) *globalWorld {
	t.Helper()
	ctx := context.Background()
	g := &globalWorld{store: &search.Store{DB: db}, refs: map[string]int64{}}
	if serve {
		g.s = apptest.Start(t, db)
	} else if _, err := accounts.SeedDemo(ctx, db); err != nil {
		t.Fatal(err)
	}
	g.w = orgtest.Build(t, db)
	w := g.w
	exec := func(q string, args ...any) int64 { // created_at and updated_at last
		t.Helper()
		return databasetest.InsertID(t, db, q, append(args, db.Now(), db.Now())...)
	}
	user := func(label, first, last, email string, freelancer bool, status string, titles ...string) {
		id := exec(`INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer, account_status,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			email, strings.ToLower(email), first, last, freelancer, status)
		for _, title := range titles {
			tag, ok := g.refs["tag:"+title]
			if !ok {
				tag = orgtest.Tag(t, db, title, "job_title", 0)
				g.refs["tag:"+title] = tag
			}
			databasetest.Exec(t, db, `INSERT INTO user_tags (user_id, tag_id) VALUES (?, ?)`, id, tag)
		}
		g.refs["user:"+label] = id
	}
	user("Camille", "Camille", "Durand", "camille.durand@example.com", true, "active", "Camera Operator")
	user("Zoe", "Zoë", "Müller", "zoe.mueller@example.com", true, "active", "Sound Engineer")
	user("Jose", "José", "Álvarez", "jose@example.com", true, "active", "Steadicam Operator")
	user("Campbell", "Campbell", "Reeve", "campbell@alpha.test", false, "active")
	user("Marcus", "Marcus", "Smith", "marcus@example.com", true, "active", "Gaffer")
	user("Marcia", "Marcia", "Smyth", "marcia@example.com", true, "active", "Lighting Director")
	user("Camden", "Camden", "Ghost", "camden@example.com", true, "inactive", "Camera Operator")
	user("Soren", "Søren", "Kierkegaard", "soren@example.com", true, "active", "Vision Mixer")
	user("Sarah", "Sarah", "O'Brien", "sarah@example.com", true, "active", "Production Manager")
	user("Bea", "Bea", "Bexley", "bea@beta.test", false, "active")
	orgtest.LinkEntity(t, db, g.refs["user:Campbell"], w.ClientA, false, true)
	orgtest.LinkEntity(t, db, g.refs["user:Bea"], w.ClientB, false, true)

	booking := func(label, title, ref string, dept int64) {
		g.refs["booking:"+label] = exec(`INSERT INTO bookings (department_id, title, reference, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, dept, title, ref)
	}
	booking("Champions", "Champions League Final", "BK-2024-0042", w.DeptA1)
	booking("Election", "Election Night Special", "ELEC-7", w.DeptA2)
	booking("Wimbledon", "Wimbledon Highlights", "WIM-2025", w.DeptB1)
	booking("Rehearsal", "Camera Rehearsal", "CR-1", w.DeptA1)
	job := func(label, title, legacy, agent, division, function string, dept int64) {
		g.refs["job:"+label] = exec(`INSERT INTO job_templates (department_id, title, title_lc, legacy_job_id, agent,
			division_team, job_function, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			dept, title, strings.ToLower(title), legacy, agent, division, function)
	}
	job("Evening", "Evening News Bulletin", "LEG-991", "Hartley Agency", "Current Affairs", "Broadcast", w.DeptA1)
	job("Series", "Drama Series Shoot", "LEG-555", "", "", "", w.DeptB1)
	g.refs["department:News"], g.refs["department:Sport"], g.refs["department:Drama"] = w.DeptA1, w.DeptA2, w.DeptB1
	g.refs["department:Cameras"] = orgtest.Department(t, db, w.ClientA, "Cameras")
	g.refs["entity:Alpha"], g.refs["entity:Beta"], g.refs["entity:Gamma"] = w.ClientA, w.ClientB, w.Supplier
	g.refs["entity:Zurich"] = orgtest.Entity(t, db, "Zürich Studios", "client")
	g.refs["legal_entity:Alpha"], g.refs["legal_entity:Beta"] = w.LegalA, w.LegalB
	g.refs["legal_entity:Angstrom"] = exec(`INSERT INTO legal_entities (type, company_name, trading_name, company_number,
		created_at, updated_at) VALUES ('uk_private_limited', 'Ångström Films Ltd', 'Northern Light Pictures', 'SC123456', ?, ?)
		RETURNING id`)
	orgtest.LinkLegal(t, db, g.refs["entity:Zurich"], g.refs["legal_entity:Angstrom"])
	if err := index.Rebuild(ctx, db); err != nil {
		t.Fatal(err)
	}
	return g
}
