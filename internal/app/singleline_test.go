package app_test

import (
	"fmt"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestSingleLineFieldsAreStoredOnOneLine: a title, reference or name sent with line breaks is
// stored on one line (so a mail's "Booking: ..." line cannot grow a "Bcc:" line), on creation and
// on change, while text that is multi-line by nature (a profile's CV) keeps its breaks.
func TestSingleLineFieldsAreStoredOnOneLine(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		var b struct {
			ID      int64
			Version int
		}
		s.As(apptest.DeptMgr).Do("POST", "/booking", map[string]any{"jobTemplateId": jt, "dates": []string{"2026-10-26"},
			"title": "Line1\r\nBcc: evil@x.test", "reference": "PO\r42\n7"}).Want(201).Decode(&b)
		type texts struct{ Title, Reference string }
		got := databasetest.Get[texts](t, db, `SELECT title, reference FROM bookings WHERE id = ?`, b.ID)
		if got != (texts{"Line1 Bcc: evil@x.test", "PO 42 7"}) {
			t.Errorf("created booking stored %q", got)
		}
		s.As(apptest.DeptMgr).Do("PATCH", fmt.Sprintf("/booking/%d", b.ID), map[string]any{"version": b.Version,
			"title": "Final\u2028Day", "reference": "R\r\n1"}).Want(200)
		got = databasetest.Get[texts](t, db, `SELECT title, reference FROM bookings WHERE id = ?`, b.ID)
		if got != (texts{"Final Day", "R 1"}) {
			t.Errorf("changed booking stored %q", got)
		}

		var u struct {
			ID      int64
			Version int
		}
		s.As(apptest.Manager).Do("POST", "/account", map[string]any{"email": "lines@x.test", "firstName": "Ann\r\nBcc: x",
			"lastName": "Lee\n", "isFreelancer": true, "entityIds": []int64{w.ClientA}}).Want(201).Decode(&u)
		type name struct{ First, Last string }
		stored := databasetest.Get[name](t, db, `SELECT first_name AS first, last_name AS last FROM users WHERE id = ?`, u.ID)
		if stored != (name{"Ann Bcc: x", "Lee"}) {
			t.Errorf("created user stored %q", stored)
		}
		s.As(apptest.Admin).Do("PATCH", fmt.Sprintf("/account/%d", u.ID), map[string]any{"version": u.Version,
			"lastName": "Lee\r\nJones", "cv": "Line one\nLine two"}).Want(200)
		stored = databasetest.Get[name](t, db, `SELECT first_name AS first, last_name AS last FROM users WHERE id = ?`, u.ID)
		if stored != (name{"Ann Bcc: x", "Lee Jones"}) {
			t.Errorf("changed user stored %q", stored)
		}
		if cv := databasetest.Get[string](t, db, `SELECT cv FROM users WHERE id = ?`, u.ID); cv != "Line one\nLine two" {
			t.Errorf("the CV, Markdown, lost its lines: %q", cv)
		}
	})
}
