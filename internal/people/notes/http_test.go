package notes_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/people/notes"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func body(b any) func(string) any { return func(string) any { return b } }

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func insertNote(t *testing.T, db *database.DB, freelancer, author, entity int64, title string) int64 {
	t.Helper()
	now := db.Now()
	return databasetest.InsertID(t, db, `INSERT INTO internal_notes (freelancer_id, user_id, entity_id, title,
		description, created_at, updated_at) VALUES (?, ?, ?, ?, 'Seen on set', ?, ?) RETURNING id`,
		freelancer, author, entity, title, now, now)
}

// otherFreelancer is a demo freelancer other than freelancer@hive.test.
func otherFreelancer(t *testing.T, db *database.DB, not int64) int64 {
	t.Helper()
	return databasetest.Get[int64](t, db, `SELECT id FROM users WHERE is_freelancer = TRUE AND id <> ? ORDER BY id LIMIT 1`, not)
}

func TestNotePermissions(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fl := w.Users["freelancer"]
		noteA := insertNote(t, db, fl, w.Users["admin"], w.ClientA, "A's note")
		noteB := insertNote(t, db, fl, w.Users["admin"], w.ClientB, "B's note")

		versions := map[int64]int{noteA: 1, noteB: 1}
		update := func(id, entity int64, succeed ...string) func(string) any {
			return func(role string) any {
				body := map[string]any{"note_id": id, "freelancer_id": fl, "entity_id": entity, "title": "By " + role,
					"description": "Edited", "version": versions[id]}
				for _, r := range succeed {
					if r == role {
						versions[id]++
					}
				}
				return body
			}
		}
		create := func(entity int64) func(string) any {
			return func(role string) any {
				return map[string]any{"freelancer_id": fl, "entity_id": entity, "title": "New by " + role,
					"description": "Reliable", "created_at": "2026-01-05T09:30:00Z"}
			}
		}
		var cases []apptest.Case
		add := func(c []apptest.Case) { cases = append(cases, c...) }
		add(orgtest.PerRole("list notes", "GET", path("/account/internal-note/%d", fl), nil, 200, 200, 200, 200, 403, 401))
		add(orgtest.PerRole("list notes of staff", "GET", path("/account/internal-note/%d", w.Users["staff"]), nil, 404, 404, 404, 404, 403, 401))
		add(orgtest.PerRole("note entities", "GET", path("/account/internal-note/entities/%d", fl), nil, 200, 200, 200, 200, 403, 401))
		add(orgtest.PerRole("create for A", "PATCH", "/account/update-internal-note", create(w.ClientA), 200, 200, 422, 422, 403, 401))
		add(orgtest.PerRole("create for B", "PATCH", "/account/update-internal-note", create(w.ClientB), 200, 422, 422, 422, 403, 401))
		add(orgtest.PerRole("create about staff", "PATCH", "/account/update-internal-note",
			func(string) any {
				return map[string]any{"freelancer_id": w.Users["staff"], "entity_id": w.ClientA, "title": "x", "description": "y"}
			},
			422, 422, 422, 422, 403, 401))
		add(orgtest.PerRole("update A's note", "PATCH", "/account/update-internal-note",
			update(noteA, w.ClientA, apptest.Admin, apptest.Manager), 200, 200, 404, 404, 403, 401))
		add(orgtest.PerRole("update B's note", "PATCH", "/account/update-internal-note",
			update(noteB, w.ClientB, apptest.Admin), 200, 404, 404, 404, 403, 401))
		add(orgtest.PerRole("bookmark", "PATCH", path("/account/bookmark/%d", fl), body(map[string]any{"bookmarked": true}), 200, 200, 200, 403, 403, 401))
		add(orgtest.PerRole("follow", "PATCH", path("/account/follow/%d", fl), body(map[string]any{"followed": true}), 200, 200, 403, 403, 403, 401))
		add(orgtest.PerRole("bookmark staff", "PATCH", path("/account/bookmark/%d", w.Users["staff"]), body(map[string]any{"bookmarked": true}), 404, 404, 404, 403, 403, 401))
		add(orgtest.PerRole("follow staff", "PATCH", path("/account/follow/%d", w.Users["staff"]), body(map[string]any{"followed": true}), 404, 404, 403, 403, 403, 401))
		add(orgtest.PerRole("stats", "GET", path("/account/%d/stats", fl), nil, 200, 200, 200, 403, 200, 401))
		add(orgtest.PerRole("stats of another freelancer", "GET", path("/account/%d/stats", otherFreelancer(t, db, fl)), nil, 200, 200, 200, 403, 403, 401))
		add(orgtest.PerRole("stats of staff", "GET", path("/account/%d/stats", w.Users["staff"]), nil, 404, 404, 404, 404, 403, 401))
		add(orgtest.PerRole("onboarding", "GET", "/account/onboarding", nil, 200, 200, 200, 200, 200, 401))
		s.Run(t, cases)

		// What each role reads.
		counts := map[string]int{apptest.Admin: 5, apptest.Manager: 3, apptest.DeptMgr: 0, apptest.Staff: 0}
		for role, want := range counts {
			var got []notes.NoteView
			s.As(role).Do("GET", path("/account/internal-note/%d", fl), nil).Want(200).Decode(&got)
			if len(got) != want {
				t.Errorf("%s reads %d notes, want %d", role, len(got), want)
			}
			for _, n := range got {
				if !n.CanView || n.EntityName == "" {
					t.Errorf("%s: note %+v", role, n)
				}
				if role == apptest.Manager && (n.EntityID != w.ClientA || !n.CanEdit) {
					t.Errorf("manager reads %+v", n)
				}
			}
		}
		var ents []notes.EntityOption
		s.As(apptest.Manager).Do("GET", path("/account/internal-note/entities/%d", fl), nil).Decode(&ents)
		if len(ents) != 1 || ents[0].ID != w.ClientA || ents[0].Name != "Alpha Broadcasting" {
			t.Errorf("manager's entities %+v", ents)
		}
		s.As(apptest.Staff).Do("GET", path("/account/internal-note/entities/%d", fl), nil).Decode(&ents)
		if len(ents) != 0 {
			t.Errorf("staff's entities %+v", ents)
		}
	})
}

func TestNoteRules(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fl := w.Users["freelancer"]
		mgr := s.As(apptest.Manager)

		var e struct {
			Errors []struct {
				Loc []string
				Msg string
			} `json:"detail"`
		}
		res := mgr.Do("PATCH", "/account/update-internal-note", map[string]any{"freelancer_id": fl, "title": " ", "description": ""})
		res.Want(422)
		res.Decode(&e)
		if len(e.Errors) != 3 {
			t.Fatalf("errors %s", res.Body)
		}
		for _, f := range e.Errors {
			if f.Msg != notes.Required {
				t.Errorf("%v: %q", f.Loc, f.Msg)
			}
		}

		var n notes.NoteView
		mgr.Do("PATCH", "/account/update-internal-note", map[string]any{"freelancer_id": fl, "entity_id": w.ClientA,
			"title": " Great ", "description": "Reliable", "user_id": w.Users["admin"]}).Want(200).Decode(&n)
		if n.Title != "Great" || n.UserID == nil || *n.UserID != w.Users["manager"] || n.UserName == "" || !n.CanEdit || n.Version != 1 {
			t.Fatalf("created %+v", n)
		}
		upd := map[string]any{"note_id": n.ID, "freelancer_id": fl, "entity_id": w.ClientA, "title": "Better", "description": "Still", "version": 1}
		mgr.Do("PATCH", "/account/update-internal-note", upd).Want(200).Decode(&n)
		if n.Title != "Better" || n.Version != 2 {
			t.Fatalf("updated %+v", n)
		}
		mgr.Do("PATCH", "/account/update-internal-note", upd).WantError(http.StatusConflict, "C-409")
		delete(upd, "version")
		mgr.Do("PATCH", "/account/update-internal-note", upd).Want(422)
		upd["version"], upd["freelancer_id"] = 2, otherFreelancer(t, db, fl)
		mgr.Do("PATCH", "/account/update-internal-note", upd).Want(404)

		// A member of A who only selects it reads A's notes and edits only their own.
		viewer := orgtest.UserID(t, db, "staff@hive.test")
		orgtest.LinkEntity(t, db, viewer, w.ClientA, false, true)
		var got []notes.NoteView
		s.As(apptest.Staff).Do("GET", path("/account/internal-note/%d", fl), nil).Want(200).Decode(&got)
		if len(got) != 1 || got[0].CanEdit || !got[0].CanView {
			t.Fatalf("viewer reads %+v", got)
		}
		s.As(apptest.Staff).Do("PATCH", "/account/update-internal-note", map[string]any{"note_id": n.ID, "freelancer_id": fl,
			"entity_id": w.ClientA, "title": "X", "description": "Y", "version": 2}).Want(403)
		var own notes.NoteView
		s.As(apptest.Staff).Do("PATCH", "/account/update-internal-note", map[string]any{"freelancer_id": fl,
			"entity_id": w.ClientA, "title": "Mine", "description": "Y"}).Want(200).Decode(&own)
		if !own.CanEdit {
			t.Errorf("author cannot edit %+v", own)
		}
	})
}

func TestBookmarkAndFollowRecorded(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fl := w.Users["freelancer"]
		store := &notes.Store{DB: db}
		mgr := s.As(apptest.Manager)
		var m struct{ Message string }
		mgr.Do("PATCH", path("/account/bookmark/%d", fl), map[string]any{"bookmarked": true}).Want(200).Decode(&m)
		mgr.Do("PATCH", path("/account/bookmark/%d", fl), map[string]any{"bookmarked": true}).Want(200)
		mgr.Do("PATCH", path("/account/follow/%d", fl), map[string]any{"followed": true}).Want(200)
		if b, f, err := store.Marks(context.Background(), w.Users["manager"], fl); err != nil || !b || !f || m.Message == "" {
			t.Fatalf("marks %v %v %v %q", b, f, err, m.Message)
		}
		if b, _, _ := store.Marks(context.Background(), w.Users["admin"], fl); b {
			t.Error("bookmarks are not per user")
		}
		mgr.Do("PATCH", path("/account/bookmark/%d", fl), map[string]any{"bookmarked": false}).Want(200)
		mgr.Do("PATCH", path("/account/follow/%d", fl), map[string]any{"followed": false}).Want(200)
		if b, f, _ := store.Marks(context.Background(), w.Users["manager"], fl); b || f {
			t.Error("not removed")
		}
		var st notes.Stats
		s.As(apptest.Freelancer).Do("GET", path("/account/%d/stats", fl), nil).Want(200).Decode(&st)
		if st != (notes.Stats{}) {
			t.Errorf("stats %+v", st)
		}
	})
}

func TestOnboardingCompletesWithLegalEntity(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fl := w.Users["freelancer"]
		databasetest.Exec(t, db, `UPDATE users SET onboarding_state = 'freelancer_needs_legal_entity' WHERE id = ?`, fl)
		c := s.As(apptest.Freelancer)
		var v notes.OnboardingView
		c.Do("GET", "/account/onboarding", nil).Want(200).Decode(&v)
		if v.OnboardingState != "freelancer_needs_legal_entity" || v.Progress != 80 || !v.ShowSetupCard || v.ManagedEntityID != nil {
			t.Fatalf("before: %+v", v)
		}
		if len(v.Steps) != 3 || !v.Steps[0].Done || !v.Steps[1].Done || v.Steps[2].Done || v.Steps[2].Key != "legal_entity" {
			t.Fatalf("the checklist: %+v", v.Steps)
		}
		own := orgtest.Entity(t, db, "Freelance Co", "supplier")
		orgtest.LinkEntity(t, db, fl, own, true, true)
		c.Do("GET", "/account/onboarding", nil).Want(200).Decode(&v)
		if v.OnboardingState != "freelancer_needs_legal_entity" || v.ManagedEntityID == nil || *v.ManagedEntityID != own {
			t.Fatalf("with entity: %+v", v)
		}
		audits := func() int {
			return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'user' AND record_id = ?`, fl)
		}
		before := audits()
		orgtest.LinkLegal(t, db, own, orgtest.LegalEntity(t, db, "Freelance Co Ltd"))
		c.Do("GET", "/account/onboarding", nil).Want(200).Decode(&v)
		if v.OnboardingState != "complete" || v.Progress != 100 || v.ShowSetupCard {
			t.Fatalf("after: %+v", v)
		}
		c.Do("GET", "/account/onboarding", nil).Want(200)
		if n := audits(); n != before+1 {
			t.Fatalf("audit rows %d, want %d", n, before+1)
		}
		var m notes.OnboardingView
		s.As(apptest.Manager).Do("GET", "/account/onboarding", nil).Want(200).Decode(&m)
		if m.ShowSetupCard || m.ManagedEntityID == nil || *m.ManagedEntityID != w.ClientA {
			t.Errorf("manager: %+v", m)
		}
	})
}

// A freelancer who signed up on their own walks every step: personal details, an entity, a
// legal entity; each is read from what the account holds, and several steps may pass at once.
func TestOnboardingSteps(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fl := w.Users["freelancer"]
		databasetest.Exec(t, db, `UPDATE users SET onboarding_state = 'freelancer_started', phone = '', location_name = '' WHERE id = ?`, fl)
		c := s.As(apptest.Freelancer)
		want := func(state string, progress int) {
			t.Helper()
			var v notes.OnboardingView
			c.Do("GET", "/account/onboarding", nil).Want(200).Decode(&v)
			if v.OnboardingState != state || v.Progress != progress {
				t.Fatalf("got %+v, want %s %d", v, state, progress)
			}
			var stored string
			if err := db.Get(context.Background(), &stored, `SELECT onboarding_state FROM users WHERE id = ?`, fl); err != nil || stored != state {
				t.Fatalf("stored %q (%v), want %s", stored, err, state)
			}
		}
		want("freelancer_started", 20)
		databasetest.Exec(t, db, `UPDATE users SET phone = '+44 7700 900123' WHERE id = ?`, fl)
		want("freelancer_started", 20) // a location is part of the personal details too
		databasetest.Exec(t, db, `UPDATE users SET location_name = 'Leeds' WHERE id = ?`, fl)
		want("freelancer_needs_entity", 40)
		own := orgtest.Entity(t, db, "Solo Camera", "supplier")
		orgtest.LinkEntity(t, db, fl, own, true, true)
		want("freelancer_needs_legal_entity", 80)
		orgtest.LinkLegal(t, db, own, orgtest.LegalEntity(t, db, "Solo Camera Ltd"))
		want("complete", 100)

		// Everything in place at once: one update, one audit row.
		databasetest.Exec(t, db, `UPDATE users SET onboarding_state = 'freelancer_started' WHERE id = ?`, fl)
		var before, after int
		count := `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'user' AND record_id = ?`
		if err := db.Get(context.Background(), &before, count, fl); err != nil {
			t.Fatal(err)
		}
		want("complete", 100)
		if err := db.Get(context.Background(), &after, count, fl); err != nil || after != before+1 {
			t.Fatalf("audit rows %d, want %d (%v)", after, before+1, err)
		}
	})
}

// 'Jobs as the Preferred Supplier' counts the job templates that made the freelancer a preferred
// supplier in the last 30 days by the clock (StatsWindow), as 'Completed Jobs' counts its 30
// days: a fixed clock moves the window over the rows.
func TestStatsCountPreferredJobsOfTheLast30Days(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		now := time.Date(2026, 4, 30, 12, 0, 0, 0, time.UTC)
		c := clock.At(now)
		db.Now = c.Now
		s := apptest.Start(t, db)
		w := orgtest.Build(t, db)
		fl := w.Users["freelancer"]
		for i, added := range []time.Time{now.Add(-time.Hour), now.Add(-29 * 24 * time.Hour), now.Add(-31 * 24 * time.Hour)} {
			jt := databasetest.InsertID(t, db, `INSERT INTO job_templates (department_id, title, title_lc, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?) RETURNING id`, w.DeptA1, path("T%d", i), path("t%d", i), added, added)
			databasetest.Exec(t, db, `INSERT INTO job_template_preferred_users (job_template_id, user_id, created_at)
				VALUES (?, ?, ?)`, jt, fl, added)
		}
		var st notes.Stats
		s.As(apptest.Freelancer).Do("GET", path("/account/%d/stats", fl), nil).Want(200).Decode(&st)
		if st.DistinctJobs != 2 {
			t.Fatalf("stats %+v, want 2 jobs as preferred supplier", st)
		}
		s.As(apptest.Manager).Do("GET", path("/account/%d/stats", fl), nil).Want(200)
		s.As(apptest.Staff).Do("GET", path("/account/%d/stats", fl), nil).Want(403)
		other := otherFreelancer(t, db, fl)
		s.As(apptest.Freelancer).Do("GET", path("/account/%d/stats", other), nil).Want(403)

		store := &notes.Store{DB: db}
		for _, step := range []struct {
			advance time.Duration
			want    int
		}{{24 * time.Hour, 1}, {29 * 24 * time.Hour, 0}} {
			c.Advance(step.advance)
			if st, err := store.Stats(context.Background(), fl); err != nil || st.DistinctJobs != step.want {
				t.Fatalf("at %v: %+v %v, want %d", c.Now(), st, err, step.want)
			}
		}
	})
}
