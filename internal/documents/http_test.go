package documents_test

import (
	"github.com/hive/hive/internal/platform/database/databasetest"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/documents"
	"github.com/hive/hive/internal/platform/database"
)

type document struct {
	ID                   int64
	UserID               int64
	UserName             string
	Title, Description   string
	Status, DueDate      string
	DocumentURL          string
	RequestedBy          *int64
	RequesterName        string
	BookingID            *int64
	DocusealSubmissionID *int64
	CompletedAt          *time.Time
}

type list struct{ Items []document }

// bookWithFreelancer creates, as role, a booking of a 'Cup Final' template in department and
// instructs the demo freelancer into its placements; returns the booking's id.
func bookWithFreelancer(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, role string, department int64) int64 {
	t.Helper()
	return orgtest.Book(t, s, role, orgtest.JobTemplate(t, db, department), []string{"2027-03-01"}, w.Users["freelancer"]).ID
}

func auditCount(t *testing.T, db *database.DB, action string) int {
	t.Helper()
	return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM audit_log WHERE hive_source = ? AND hive_action = ?`,
		string(documents.SourceDocument), action)
}

func TestRequestingAndListingDocuments(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		mine := bookWithFreelancer(t, s, db, w, apptest.DeptMgr, w.DeptA1)
		// Another client's booking: neither client A's manager nor department A1's may ask on it.
		theirs := bookWithFreelancer(t, s, db, w, apptest.Admin, w.DeptB1)
		today := db.Now().UTC().Format(time.DateOnly)
		later := db.Now().UTC().AddDate(0, 1, 0).Format(time.DateOnly)
		req := func(booking int64, due string) map[string]any {
			return map[string]any{"bookingId": booking, "title": "  Location release  ", "description": "Sign before the shoot.",
				"dueDate": due, "documentUrl": "https://docs.example.com/release.pdf"}
		}

		var empty list
		s.As(apptest.Freelancer).Do("GET", "/document-signing", nil).Want(200).Decode(&empty)
		if empty.Items == nil || len(empty.Items) != 0 {
			t.Fatalf("no documents yet: %+v", empty)
		}

		// Refusals: the freelancer and staff may not even learn the booking exists; another
		// client's manager (of client A, or of department A1) neither; visitors sign in first.
		s.As(apptest.Freelancer).Do("POST", "/document-signing/request", req(mine, later)).WantError(404, "N-404")
		s.As(apptest.Staff).Do("POST", "/document-signing/request", req(mine, later)).WantError(404, "N-404")
		s.As(apptest.Manager).Do("POST", "/document-signing/request", req(theirs, later)).WantError(404, "N-404")
		s.As(apptest.DeptMgr).Do("POST", "/document-signing/request", req(theirs, later)).WantError(404, "N-404")
		s.As(apptest.Anonymous).Do("POST", "/document-signing/request", req(mine, later)).Want(401)
		s.As(apptest.DeptMgr).Do("POST", "/document-signing/request", req(9999999, later)).WantError(404, "N-404")
		if n := auditCount(t, db, "INSERT"); n != 0 {
			t.Fatalf("refused requests wrote %d documents", n)
		}

		// Bad input, each with its message.
		for _, c := range []struct {
			change map[string]any
			field  string
			msg    string
		}{
			{map[string]any{"title": "   "}, "title", documents.MsgTitle},
			{map[string]any{"dueDate": "01/03/2027"}, "dueDate", documents.MsgDueDate},
			{map[string]any{"dueDate": "2020-01-01"}, "dueDate", documents.MsgDuePast},
			{map[string]any{"documentUrl": "javascript:alert(1)"}, "documentUrl", documents.MsgURL},
			{map[string]any{"documentUrl": ""}, "documentUrl", documents.MsgSource},
			{map[string]any{"templateId": 7}, "documentUrl", documents.MsgSource},
			{map[string]any{"documentUrl": "", "templateId": 7}, "templateId", documents.MsgTemplateOff},
		} {
			body := req(mine, later)
			for k, v := range c.change {
				body[k] = v
			}
			var p apptest.Problem
			s.As(apptest.DeptMgr).Do("POST", "/document-signing/request", body).WantError(422, "V-422").Decode(&p)
			if got := p.Msg(c.field); got != c.msg {
				t.Errorf("%v: %s says %q, want %q", c.change, c.field, got, c.msg)
			}
		}

		// The department's manager asks; client A's manager too. One document per freelancer.
		var made struct{ Items []document }
		s.As(apptest.DeptMgr).Do("POST", "/document-signing/request", req(mine, today)).Want(201).Decode(&made)
		if len(made.Items) != 1 || made.Items[0].UserID != w.Users["freelancer"] || made.Items[0].Title != "Location release" ||
			made.Items[0].Status != "urgent" || made.Items[0].RequestedBy == nil || *made.Items[0].RequestedBy != w.Users["dept"] ||
			made.Items[0].BookingID == nil || *made.Items[0].BookingID != mine {
			t.Fatalf("made %+v", made.Items)
		}
		s.As(apptest.Manager).Do("POST", "/document-signing/request", req(mine, later)).Want(201)
		if n := auditCount(t, db, "INSERT"); n != 2 {
			t.Errorf("audit records of the two documents: %d", n)
		}

		// The freelancer lists them: pending ones by due date, the urgent one first.
		var seen list
		s.As(apptest.Freelancer).Do("GET", "/document-signing", nil).Want(200).Decode(&seen)
		if len(seen.Items) != 2 || seen.Items[0].Status != "urgent" || seen.Items[1].Status != "pending" ||
			seen.Items[1].DueDate != later || seen.Items[0].DocumentURL != "https://docs.example.com/release.pdf" ||
			seen.Items[0].RequesterName == "" {
			t.Fatalf("freelancer's documents %+v", seen.Items)
		}
		// Nobody else has documents to sign.
		s.As(apptest.DeptMgr).Do("GET", "/document-signing", nil).Want(200).Decode(&seen)
		if len(seen.Items) != 0 {
			t.Errorf("dept's own documents %+v", seen.Items)
		}

		// What each manager asked for; administrators see every request; others are refused.
		s.As(apptest.DeptMgr).Do("GET", "/document-signing/requested", nil).Want(200).Decode(&seen)
		if len(seen.Items) != 1 || seen.Items[0].UserName == "" || seen.Items[0].DueDate != today {
			t.Errorf("dept's requests %+v", seen.Items)
		}
		// Client A's manager sees their own request, not the department manager's.
		s.As(apptest.Manager).Do("GET", "/document-signing/requested", nil).Want(200).Decode(&seen)
		if len(seen.Items) != 1 || *seen.Items[0].RequestedBy != w.Users["manager"] || seen.Items[0].DueDate != later {
			t.Errorf("manager's requests %+v", seen.Items)
		}
		s.As(apptest.Admin).Do("GET", "/document-signing/requested", nil).Want(200).Decode(&seen)
		if len(seen.Items) != 2 {
			t.Errorf("admin sees %d requests", len(seen.Items))
		}
		s.As(apptest.Freelancer).Do("GET", "/document-signing/requested", nil).WantError(403, "A-102")
		s.As(apptest.Staff).Do("GET", "/document-signing/requested", nil).WantError(403, "A-102")

		// Without DocuSeal: no builder token, no other origin in the CSP, and no webhook delivery
		// is believed.
		res := s.As(apptest.DeptMgr).Do("GET", "/docuseal/token", nil).WantError(404, "N-404")
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self';") ||
			strings.Contains(csp, "frame-src") {
			t.Errorf("CSP without DocuSeal: %s", csp)
		}
		s.As(apptest.Freelancer).Do("GET", "/docuseal/token", nil).WantError(403, "A-102")
		s.As(apptest.Anonymous).Do("POST", "/docuseal/webhook", `{"event_type":"form.completed","data":{"id":1}}`).
			WantError(401, "A-105")
	})
}

func TestUrgentIsPendingAndDueWithinTwoDays(t *testing.T) {
	today := time.Date(2026, 11, 25, 15, 0, 0, 0, time.UTC)
	for due, want := range map[string]documents.Status{"2026-11-20": documents.Urgent, "2026-11-25": documents.Urgent,
		"2026-11-27": documents.Urgent, "2026-11-28": documents.Pending, "2027-01-01": documents.Pending} {
		if got := documents.StatusOn(documents.Pending, due, today); got != want {
			t.Errorf("pending due %s: %s, want %s", due, got, want)
		}
	}
	if got := documents.StatusOn(documents.Completed, "2026-11-20", today); got != documents.Completed {
		t.Errorf("completed overdue: %s", got)
	}
}
