package audit_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/audit/audittest"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// want is an entry a write must leave: its source, record (0: any, for a session whose id the
// test does not know) and action.
type want struct {
	source audit.Source
	id     int64
	action audit.Action
}

// TestEveryWritePathRecordsInItsTransaction performs each audited write through the API, as the
// role that may make it, and checks it left its entries, all in one transaction (one hive_tx_id)
// and by the caller. Together with TestFailedWriteLeavesNoEntry (a failure after the record
// leaves none, a failing record leaves no change) this proves record and change commit together.
func TestEveryWritePathRecordsInItsTransaction(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		dataDir := t.TempDir() // for the profile image
		f := newWorld(t, db, func(c *config.Config) { c.DataDir = dataDir })
		s, w := f.s, f.w
		freelancer := w.Users["freelancer"]
		var newBooking bookingView
		var entityID, legalID, linkID int64
		cases := []struct {
			name string
			as   string
			// by is who the entries name (default: the as role's user; none for a visitor).
			by string
			do func(t *testing.T, c *apptest.Client) []want
		}{
			{"create booking", apptest.DeptMgr, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("POST", "/booking", map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1),
					"dates": []string{"2027-04-01"}, "periodType": "custom"}).Want(201).Decode(&newBooking)
				return []want{{audit.SourceBooking, newBooking.ID, audit.Insert},
					{audit.SourcePlacement, newBooking.Placements[0].ID, audit.Insert},
					{audit.SourcePlacement, newBooking.Placements[1].ID, audit.Insert}}
			}},
			{"grant", apptest.DeptMgr, "", func(t *testing.T, c *apptest.Client) []want {
				p := newBooking.Placements[0].ID
				c.Do("POST", fmt.Sprintf("/placement/%d/grant", p), map[string]any{"userId": freelancer,
					"placementIds": []int64{p}}).Want(200)
				id := databasetest.Get[int64](t, db, `SELECT id FROM instructions WHERE placement_id = ?`, p)
				return []want{{audit.SourceInstruction, id, audit.Insert}}
			}},
			{"update booking", apptest.DeptMgr, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("PATCH", fmt.Sprintf("/booking/%d", f.booking), map[string]any{"title": "Cup Final Replay",
					"substitutionAllowed": true, "version": version(t, db, "bookings", f.booking)}).Want(200)
				return []want{{audit.SourceBooking, f.booking, audit.Update}}
			}},
			{"amend placement", apptest.DeptMgr, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("PATCH", "/placements", []map[string]any{{"id": f.placements[0], "title": "Early shift",
					"startTime": "08:00", "endTime": "16:00", "supplierNotes": "Gate B", "unpaidBreaks": 30}}).Want(200)
				return []want{{audit.SourcePlacement, f.placements[0], audit.Update}}
			}},
			{"amend rate", apptest.DeptMgr, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{f.instructions[0]},
					"sellRate": map[string]any{"rate": 260, "currency": "GBP", "period": "day"}}).Want(200)
				return []want{{audit.SourceInstruction, f.instructions[0], audit.Update}}
			}},
			{"change status", apptest.Freelancer, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("PATCH", "/instruction/status", []map[string]any{{"id": f.instructions[0], "supplierStatus": "accepted"}}).Want(200)
				return []want{{audit.SourceInstruction, f.instructions[0], audit.Update}}
			}},
			{"substitute", apptest.DeptMgr, "", func(t *testing.T, c *apptest.Client) []want {
				sub := databasetest.InsertID(t, db, `INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer,
					created_at, updated_at) VALUES ('sub@x.test', 'sub@x.test', 'Sol', 'Sub', TRUE, ?, ?) RETURNING id`,
					time.Now().UTC(), time.Now().UTC())
				orgtest.Hire(t, db, w.DeptA1, sub)
				c.Do("POST", fmt.Sprintf("/placement/%d/grant-substitution", f.placements[0]),
					map[string]any{"id": f.instructions[0], "userIds": []int64{sub}}).Want(200)
				id := databasetest.Get[int64](t, db, `SELECT id FROM instructions WHERE user_id = ?`, sub)
				return []want{{audit.SourceInstruction, id, audit.Insert}, {audit.SourceInstruction, f.instructions[0], audit.Update}}
			}},
			{"cancel placement", apptest.DeptMgr, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("DELETE", "/placements", map[string]any{"ids": []int64{f.placements[1]},
					"cancellationReason": "Client - Placement Not Needed"}).Want(200)
				return []want{{audit.SourcePlacement, f.placements[1], audit.Delete},
					{audit.SourceInstruction, f.instructions[1], audit.Delete}}
			}},
			{"create entity", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				entityID = c.Do("POST", "/entity", map[string]any{"name": "Integrity Hire", "type": "supplier"}).CreatedID()
				return []want{{audit.SourceEntity, entityID, audit.Insert}}
			}},
			{"update entity", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("PATCH", fmt.Sprintf("/entity/%d", entityID), map[string]any{"name": "Integrity Hire Ltd", "version": 1}).Want(200)
				return []want{{audit.SourceEntity, entityID, audit.Update}}
			}},
			{"create legal entity", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				legalID = c.Do("POST", "/legal-entity", map[string]any{"entityIds": []int64{entityID},
					"type": "uk_llp", "companyName": "Integrity LLP", "companyNumber": "OC301235"}).CreatedID()
				ref := databasetest.Get[int64](t, db, `SELECT id FROM entity_legal_entity_refs WHERE legal_entity_id = ?`, legalID)
				return []want{{audit.SourceLegalEntity, legalID, audit.Insert}, {audit.SourceLegalEntityRef, ref, audit.Insert}}
			}},
			{"update legal entity", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("PATCH", fmt.Sprintf("/legal-entity/%d", legalID), map[string]any{"tradingName": "Integrity",
					"version": 1}).Want(200)
				return []want{{audit.SourceLegalEntity, legalID, audit.Update}}
			}},
			{"link legal entity", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				linkID = c.Do("POST", "/associations/entity-legal-entity-refs",
					map[string]any{"entityId": w.Supplier, "legalEntityId": legalID}).CreatedID()
				return []want{{audit.SourceLegalEntityRef, linkID, audit.Insert}}
			}},
			{"move legal link", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("PATCH", fmt.Sprintf("/associations/entity-legal-entity-refs/%d", linkID),
					map[string]any{"legalEntityId": w.LegalB, "version": version(t, db, "entity_legal_entity_refs", linkID)}).Want(200)
				return []want{{audit.SourceLegalEntityRef, linkID, audit.Update}}
			}},
			{"unlink legal entity", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				res := c.Do("DELETE", fmt.Sprintf("/associations/entity-legal-entity-refs/%d", linkID), nil)
				if res.Status != http.StatusOK && res.Status != http.StatusNoContent {
					t.Fatalf("status %d: %s", res.Status, res.Body)
				}
				return []want{{audit.SourceLegalEntityRef, linkID, audit.Delete}}
			}},
			{"create user", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				id := c.Do("POST", "/account", map[string]any{"email": "integrity@x.test", "firstName": "Ivy",
					"lastName": "Integrity", "isFreelancer": true, "entityIds": []int64{w.ClientA}}).CreatedID()
				return []want{{audit.SourceUser, id, audit.Insert}, {audit.SourceMail, 0, audit.Insert}}
			}},
			{"update user", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				staff := w.Users["staff"]
				c.Do("PATCH", fmt.Sprintf("/account/%d", staff), map[string]any{"firstName": "Stevie",
					"version": version(t, db, "users", staff)}).Want(200)
				return []want{{audit.SourceUser, staff, audit.Update}}
			}},
			{"set password", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				staff := w.Users["staff"]
				c.Do("POST", fmt.Sprintf("/account/%d/set-password", staff), map[string]any{"password": "NewPassword1"}).Want(200)
				return []want{{audit.SourceUser, staff, audit.Update}}
			}},
			{"profile image", apptest.Freelancer, "", func(t *testing.T, c *apptest.Client) []want {
				var u struct{ UploadURL string }
				c.Do("GET", fmt.Sprintf("/account/%d/profile_image", freelancer), nil).Want(200).Decode(&u)
				c.Do("PUT", u.UploadURL, string(apptest.TinyPNG(t, 2)), "Content-Type", "image/png").Want(200)
				return []want{{audit.SourceUser, freelancer, audit.Update}}
			}},
			{"onboarding moves on", apptest.Freelancer, "", func(t *testing.T, c *apptest.Client) []want {
				// Back to the first step, with what it asks for already there: reading the
				// progress moves the account on, and that is a change of the user.
				databasetest.Exec(t, db, `UPDATE users SET onboarding_state = 'freelancer_started', phone = '07700 900123',
					location_name = 'Leeds' WHERE id = ?`, freelancer)
				c.Do("GET", "/account/onboarding", nil).Want(200)
				return []want{{audit.SourceUser, freelancer, audit.Update}}
			}},
			{"change own password", apptest.Manager, "", func(t *testing.T, c *apptest.Client) []want {
				res := c.Do("POST", "/account/change-password", map[string]string{"currentPassword": accounts.DemoPassword,
					"newPassword": "Manager-chose-1"})
				if res.Status != http.StatusOK && res.Status != http.StatusNoContent {
					t.Fatalf("status %d: %s", res.Status, res.Body)
				}
				return []want{{audit.SourceUser, w.Users["manager"], audit.Update}}
			}},
			{"activate an account", apptest.Anonymous, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("POST", "/account/activate-account", map[string]any{"activationToken": mailedToken(t, db, "integrity@x.test"),
					"password": "Ivy-chose-it-1"}).Want(200)
				id := databasetest.Get[int64](t, db, `SELECT id FROM users WHERE email = 'integrity@x.test'`)
				return []want{{audit.SourceUser, id, audit.Update}}
			}},
			// Each queued mail is an entry of source mail in its request's transaction.
			{"ask for a password reset", apptest.Anonymous, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("POST", "/account/request-password-reset", map[string]any{"email": "dept@hive.test"}).Want(202)
				return []want{{audit.SourceMail, 0, audit.Insert}}
			}},
			{"reset a password", apptest.Anonymous, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("POST", "/account/reset-password", map[string]any{"token": mailedToken(t, db, "dept@hive.test"),
					"password": "Dept-chose-it-1"}).Want(200)
				return []want{{audit.SourceUser, w.Users["dept"], audit.Update}}
			}},
			{"ask for a new email address", apptest.Manager, "", func(t *testing.T, c *apptest.Client) []want {
				// The manager chose this password above.
				c.Do("POST", "/account/change-email", map[string]string{"newEmail": "morgan@x.test",
					"currentPassword": "Manager-chose-1"}).Want(202)
				return []want{{audit.SourceMail, 0, audit.Insert}}
			}},
			{"confirm a new email address", apptest.Manager, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("POST", "/account/confirm-email", map[string]string{"token": mailedToken(t, db, "morgan@x.test")}).Want(200)
				return []want{{audit.SourceUser, w.Users["manager"], audit.Update}}
			}},
			{"sign up", apptest.Anonymous, "", func(t *testing.T, c *apptest.Client) []want {
				id := c.Do("POST", "/onboard-freelancer", map[string]any{"email": "signup@x.test",
					"password": "Str0ng-enough", "firstName": "Nia", "lastName": "Cole", "termsAndConditions": true}).CreatedID()
				if id == 0 {
					id = databasetest.Get[int64](t, db, `SELECT id FROM users WHERE email = 'signup@x.test'`)
				}
				return []want{{audit.SourceUser, id, audit.Insert}}
			}},
			{"impersonate", apptest.Admin, "", func(t *testing.T, c *apptest.Client) []want {
				c.Do("POST", fmt.Sprintf("/account/impersonate/%d", freelancer), nil).Want(200)
				return []want{{audit.SourceSession, 0, audit.Update}}
			}},
			// The session is the freelancer's now, acted by the administrator: the entry names
			// the freelancer with the administrator as impersonator.
			{"stop impersonating", apptest.Admin, apptest.Freelancer, func(t *testing.T, c *apptest.Client) []want {
				c.Do("POST", "/account/cancel-impersonate", nil).Want(200)
				return []want{{audit.SourceSession, 0, audit.Update}}
			}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				client := s.As(c.as)
				before := audittest.Last(t, db)
				wants := c.do(t, client)
				rows := audittest.After(t, db, before)
				if len(rows) == 0 {
					t.Fatal("no history entry")
				}
				by := c.by
				if by == "" {
					by = c.as
				}
				actor, signed := w.Users[by]
				for _, r := range rows {
					if r.TxID != rows[0].TxID {
						t.Errorf("entries in two transactions: %+v", rows)
					}
					if signed && (r.UserID == nil || *r.UserID != actor) || !signed && r.UserID != nil {
						t.Errorf("entry %+v not by %s (%d)", r, by, actor)
					}
				}
				for _, wt := range wants {
					found := false
					for _, r := range rows {
						found = found || (r.Source == string(wt.source) && (wt.id == 0 || r.Record == wt.id) && r.Action == string(wt.action))
					}
					if !found {
						t.Errorf("no %s %s %d among %+v", wt.action, wt.source, wt.id, rows)
					}
				}
			})
		}
	})
}

// mailedToken reads the token of the newest mail to to (the outbox keeps its text until sent).
func mailedToken(t *testing.T, db *database.DB, to string) string {
	t.Helper()
	text := databasetest.Get[string](t, db, `SELECT body_text FROM mail_outbox WHERE to_addr = ? ORDER BY id DESC LIMIT 1`, to)
	m := regexp.MustCompile(`token=([A-Za-z0-9_-]+)`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no token in %q", text)
	}
	return m[1]
}

// failTrigger installs a trigger function that raises, for the tests that force a failure.
func failTrigger(t *testing.T, db *database.DB, name, table, when string) {
	t.Helper()
	if db.Dialect == database.Postgres {
		databasetest.Exec(t, db, `CREATE OR REPLACE FUNCTION forced_failure() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN RAISE EXCEPTION 'forced failure'; END; $$`)
		cond := ""
		if when != "" {
			cond = " WHEN (" + when + ")"
		}
		databasetest.Exec(t, db, `CREATE TRIGGER `+name+` BEFORE INSERT ON `+table+` FOR EACH ROW`+cond+
			` EXECUTE FUNCTION forced_failure()`)
		return
	}
	cond := ""
	if when != "" {
		cond = " WHEN " + when
	}
	databasetest.Exec(t, db, `CREATE TRIGGER `+name+` BEFORE INSERT ON `+table+cond+
		` BEGIN SELECT RAISE(ABORT, 'forced failure'); END`)
}

func TestFailedWriteLeavesNoEntry(t *testing.T) {
	engines(t, func(t *testing.T, f world) {
		ctx := context.Background()

		// A failure after the record (the domain event comes after it) rolls the record back.
		failTrigger(t, f.db, "fail_events", "booking_events", "")
		before := audittest.Last(t, f.db)
		f.s.As(apptest.DeptMgr).Do("PATCH", fmt.Sprintf("/booking/%d", f.booking), map[string]any{"title": "Never",
			"version": version(t, f.db, "bookings", f.booking)}).Want(500)
		if rows := audittest.After(t, f.db, before); len(rows) != 0 {
			t.Fatalf("entries of a failed write: %+v", rows)
		}
		if title := databasetest.Get[string](t, f.db, `SELECT title FROM bookings WHERE id = ?`, f.booking); title == "Never" {
			t.Fatal("the failed change was kept")
		}

		// A record that cannot be written takes its change with it.
		failTrigger(t, f.db, "fail_entity_record", "audit_log", "NEW.hive_source = 'entity'")
		var e struct {
			ID      int64
			Name    string
			Version int
		}
		f.s.As(apptest.Admin).Do("GET", fmt.Sprintf("/entity/%d", f.w.ClientA), nil).Want(200).Decode(&e)
		f.s.As(apptest.Admin).Do("PATCH", fmt.Sprintf("/entity/%d", e.ID), map[string]any{"name": "Unrecorded",
			"version": e.Version}).Want(500)
		if name := databasetest.Get[string](t, f.db, `SELECT name FROM entities WHERE id = ?`, e.ID); name != e.Name {
			t.Fatalf("change without its record: %q", name)
		}

		// Record itself joins the caller's transaction: an error after it leaves nothing.
		before = audittest.Last(t, f.db)
		boom := errors.New("boom")
		err := f.db.InTx(ctx, func(tx *database.Tx) error {
			if err := audit.Record(ctx, tx, audit.Update, audit.SourceUser, 1, map[string]any{"firstName": "x"}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if rows := audittest.After(t, f.db, before); len(rows) != 0 {
			t.Fatalf("entries of a rolled-back transaction: %+v", rows)
		}
	})
}

// TestHistoryIsAppendOnly: the database refuses to change or remove an entry, whoever asks
// (the application has no such statement; this is the guard against one), and the API offers
// nothing but reads of the history.
func TestHistoryIsAppendOnly(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: 1, FirstName: "Ada", CanAdmin: true})
		if err := db.InTx(ctx, func(tx *database.Tx) error {
			return audit.Record(ctx, tx, audit.Update, audit.SourceUser, 1, map[string]any{"firstName": "Ada"})
		}); err != nil {
			t.Fatal(err)
		}
		n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM audit_log`)
		statements := []string{
			`UPDATE audit_log SET hive_user_name = 'someone else'`,
			`UPDATE audit_log SET row_json = '{}' WHERE id = (SELECT MAX(id) FROM audit_log)`,
			`DELETE FROM audit_log WHERE id = (SELECT MAX(id) FROM audit_log)`,
			`DELETE FROM audit_log`,
		}
		if db.Dialect == database.Postgres {
			statements = append(statements, `TRUNCATE audit_log`)
		}
		for _, q := range statements {
			err := db.InTx(ctx, func(tx *database.Tx) error { _, err := tx.Exec(ctx, q); return err })
			if err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: %v", q, err)
			}
			if _, err := db.Raw().ExecContext(ctx, q); err == nil {
				t.Errorf("%s outside a transaction succeeded", q)
			}
		}
		if got := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM audit_log`); got != n {
			t.Fatalf("%d entries, had %d", got, n)
		}
		if names := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM audit_log WHERE hive_user_name = 'someone else'`); names != 0 {
			t.Fatal("an entry was changed")
		}
		// Only GET operations under /history, for administrators too.
		for path, item := range s.App.API.OpenAPI().Paths {
			if !strings.HasPrefix(path, "/history") {
				continue
			}
			if item.Get == nil || item.Post != nil || item.Put != nil || item.Patch != nil || item.Delete != nil {
				t.Errorf("%s offers more than a read", path)
			}
		}
		s.As(apptest.Admin).Do("DELETE", "/history/1", nil).Want(http.StatusMethodNotAllowed)
	})
}
