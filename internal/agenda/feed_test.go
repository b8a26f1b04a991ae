package agenda_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/hive/hive/internal/agenda"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// fetchFeed reads url without any session, as a calendar application does.
func fetchFeed(t *testing.T, s *apptest.Server, url string, want int) *ics.Calendar {
	t.Helper()
	res := s.Client().Do("GET", url, nil)
	res.Want(want)
	if want != http.StatusOK {
		return nil
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/calendar; charset=utf-8" {
		t.Errorf("content type %q", ct)
	}
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
		t.Errorf("cache control %q", cc)
	}
	if !strings.HasPrefix(string(res.Body), "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") {
		t.Errorf("not CRLF-separated iCalendar: %q", res.Body[:min(40, len(res.Body))])
	}
	cal, err := ics.ParseCalendar(strings.NewReader(string(res.Body)))
	if err != nil {
		t.Fatalf("parse %s: %v", res.Body, err)
	}
	return cal
}

func property(e *ics.VEvent, p ics.ComponentProperty) string {
	if v := e.GetProperty(p); v != nil {
		return v.Value
	}
	return ""
}

func TestCalendarFeedLifecycle(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fran := w.Users["freelancer"]
		jt := jobTemplate(t, db, w.DeptA1, "Cup Final")
		// Forty days ago (too old for the feed), ten days ago, and in five and six days.
		ids, of := booked(t, s, apptest.DeptMgr, jt, []string{localDay(-40), localDay(-10), localDay(5), localDay(6)}, fran)
		old, recent, confirmed, rejected := ids[0], ids[1], ids[2], ids[3]
		answer(t, s, apptest.Freelancer, of[confirmed][fran], "supplierStatus", "accepted")
		answer(t, s, apptest.DeptMgr, of[confirmed][fran], "clientStatus", "accepted")
		answer(t, s, apptest.Freelancer, of[rejected][fran], "supplierStatus", "rejected")

		s.As(apptest.Anonymous).Do("GET", "/agenda/feed", nil).WantError(401, "A-100")
		s.As(apptest.Staff).Do("GET", "/agenda/feed", nil).WantError(403, "A-102")
		s.As(apptest.Admin).Do("POST", "/agenda/feed/rotate", nil).WantError(403, "A-102")

		// The first GET creates the feed and shows its address once; later GETs cannot.
		var feed, again agenda.CalendarFeed
		s.As(apptest.Freelancer).Do("GET", "/agenda/feed", nil).Want(200).Decode(&feed)
		if feed.URL == nil || !strings.HasPrefix(*feed.URL, s.URL+"/api/v1/calendar/") || !strings.HasSuffix(*feed.URL, ".ics") {
			t.Fatalf("feed %+v", feed)
		}
		s.As(apptest.Freelancer).Do("GET", "/agenda/feed", nil).Want(200).Decode(&again)
		if again.URL != nil || again.CreatedAt != feed.CreatedAt {
			t.Errorf("second read %+v, first %+v", again, feed)
		}

		cal := fetchFeed(t, s, *feed.URL, 200)
		events := cal.Events()
		if len(events) != 3 {
			t.Fatalf("%d events, want the recent, the confirmed and the rejected one:\n%s", len(events), cal.Serialize())
		}
		byUID := map[string]*ics.VEvent{}
		for _, e := range events {
			byUID[e.Id()] = e
		}
		for placement, want := range map[int64]string{recent: "TENTATIVE", confirmed: "CONFIRMED", rejected: "CANCELLED"} {
			uid := "instruction-" + itoa(of[placement][fran]) + "@hive"
			e := byUID[uid]
			if e == nil {
				t.Fatalf("no event %s", uid)
			}
			start, err := e.GetStartAt()
			if err != nil {
				t.Fatal(err)
			}
			london, _ := time.LoadLocation("Europe/London")
			if local := start.In(london); local.Format("15:04") != "09:00" {
				t.Errorf("%s starts %s, want 09:00 in London", uid, local)
			}
			end, _ := e.GetEndAt()
			if end.Sub(start) != 8*time.Hour || !strings.HasSuffix(property(e, ics.ComponentPropertyDtStart), "Z") {
				t.Errorf("%s: %s to %s", uid, start, end)
			}
			if got := property(e, ics.ComponentPropertyStatus); got != want {
				t.Errorf("%s status %s, want %s", uid, got, want)
			}
			if got := property(e, ics.ComponentPropertySummary); got != "Camera – Cup Final" {
				t.Errorf("summary %q", got)
			}
			if d := property(e, ics.ComponentPropertyDescription); !strings.Contains(d, "Alpha Broadcasting") || !strings.Contains(d, "News") {
				t.Errorf("description %q", d)
			}
		}
		// The rejected one stays, cancelled, saying why first.
		if d := property(byUID["instruction-"+itoa(of[rejected][fran])+"@hive"], ics.ComponentPropertyDescription); !strings.HasPrefix(d, "Rejected by you") {
			t.Errorf("rejected description %q", d)
		}
		// The confirmed instruction changed twice since it was granted.
		if seq := property(byUID["instruction-"+itoa(of[confirmed][fran])+"@hive"], ics.ComponentPropertySequence); seq != "2" {
			t.Errorf("sequence %s, want 2", seq)
		}
		if byUID["instruction-"+itoa(of[old][fran])+"@hive"] != nil {
			t.Error("a placement of forty days ago is in the feed")
		}

		// Rotating retires the old address at once; revoking retires the new one.
		var rotated agenda.CalendarFeed
		s.As(apptest.Freelancer).Do("POST", "/agenda/feed/rotate", nil).Want(200).Decode(&rotated)
		if rotated.URL == nil || *rotated.URL == *feed.URL {
			t.Fatalf("rotated %+v", rotated)
		}
		fetchFeed(t, s, *feed.URL, 404)
		fetchFeed(t, s, *rotated.URL, 200)
		s.As(apptest.Freelancer).Do("DELETE", "/agenda/feed", nil).Want(204)
		fetchFeed(t, s, *rotated.URL, 404)
		fetchFeed(t, s, s.URL+"/api/v1/calendar/not-a-token.ics", 404)
		// After revoking, the next GET makes a new feed.
		s.As(apptest.Freelancer).Do("GET", "/agenda/feed", nil).Want(200).Decode(&again)
		if again.URL == nil || *again.URL == *rotated.URL {
			t.Fatalf("feed after revoking %+v", again)
		}
		// A deactivated account's feed stops too.
		fetchFeed(t, s, *again.URL, 200)
		if err := db.InTx(context.Background(), func(tx *database.Tx) error {
			_, err := tx.Exec(context.Background(), `UPDATE users SET account_status = 'inactive' WHERE id = ?`, fran)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		fetchFeed(t, s, *again.URL, 404)
	})
}

func TestCalendarFeedIsDocumentedAsICalendar(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t))
	item := s.App.API.OpenAPI().Paths[agenda.FeedPath]
	if item == nil || item.Get == nil {
		t.Fatal("no feed operation")
	}
	ok := item.Get.Responses["200"]
	if ok == nil || ok.Content["text/calendar"] == nil || ok.Content["application/json"] != nil {
		t.Errorf("200 response %+v", ok)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestAttack_FeedTextCannotInjectEvents: a manager who puts a bare CR (or any other line break)
// and a whole VEVENT into a booking title, placement title or notes does not add events to the
// freelancer's calendar: each placement stays exactly one VEVENT, its text kept as text.
func TestAttack_FeedTextCannotInjectEvents(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fran := w.Users["freelancer"]
		inject := "BEGIN:VEVENT\rUID:evil@x\rSUMMARY:Fake call at 3am\rDTSTART:20300101T030000Z\rEND:VEVENT"
		jt := jobTemplate(t, db, w.DeptA1, "Final\r"+inject)
		ids, _ := booked(t, s, apptest.DeptMgr, jt, []string{localDay(3), localDay(4)}, fran)
		for i, sep := range []string{"\r", "\u2028"} {
			if err := db.InTx(context.Background(), func(tx *database.Tx) error {
				_, err := tx.Exec(context.Background(), `UPDATE placements SET title = ?, supplier_notes = ? WHERE id = ?`,
					"Camera"+sep+inject, "Bring a tripod"+sep+"END:VEVENT"+sep+inject+"\r\n", ids[i])
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		var feed agenda.CalendarFeed
		s.As(apptest.Freelancer).Do("GET", "/agenda/feed", nil).Want(200).Decode(&feed)
		res := s.Client().Do("GET", *feed.URL, nil).Want(200)
		body := string(res.Body)
		// The text may say BEGIN:VEVENT (escaped, inside a property); no line may be one.
		if n := strings.Count(body, "\r\nBEGIN:VEVENT\r\n"); n != 2 {
			t.Fatalf("%d BEGIN:VEVENT lines for 2 placements:\n%s", n, body)
		}
		for _, line := range strings.SplitAfter(body, "\r\n") {
			if strings.ContainsAny(strings.TrimSuffix(line, "\r\n"), "\r\n\u2028\u2029") {
				t.Errorf("line with a raw break: %q", line)
			}
		}
		cal := fetchFeed(t, s, *feed.URL, 200)
		if n := len(cal.Events()); n != 2 {
			t.Fatalf("%d events for 2 placements", n)
		}
		for _, e := range cal.Events() {
			if uid := property(e, ics.ComponentPropertyUniqueId); !strings.HasPrefix(uid, "instruction-") {
				t.Errorf("injected event %q", uid)
			}
			if !strings.Contains(property(e, ics.ComponentPropertySummary), "Camera BEGIN:VEVENT UID:evil@x") {
				t.Errorf("summary %q lost the title's text", property(e, ics.ComponentPropertySummary))
			}
		}
	})
}

// TestAttack_FeedStopsForAccountsThatAreNotActive: a feed address outlives sessions, so it must
// stop when the account is flagged for a password reset (or otherwise not active).
func TestAttack_FeedStopsForAccountsThatAreNotActive(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fran := w.Users["freelancer"]
		var feed agenda.CalendarFeed
		s.As(apptest.Freelancer).Do("GET", "/agenda/feed", nil).Want(200).Decode(&feed)
		for _, status := range []string{"reset_required", "unknown", "require_email_change", "inactive", "active"} {
			if err := db.InTx(context.Background(), func(tx *database.Tx) error {
				_, err := tx.Exec(context.Background(), `UPDATE users SET account_status = ? WHERE id = ?`, status, fran)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			want := http.StatusNotFound
			if status == "active" {
				want = http.StatusOK
			}
			if res := s.Client().Do("GET", *feed.URL, nil); res.Status != want {
				t.Errorf("feed of a %s account: %d, want %d", status, res.Status, want)
			}
		}
	})
}

// TestFeedTellsChangesAndCancellations: an accepted event whose placement moved says in its
// summary that the change awaits acknowledgement until the freelancer acknowledges it; a
// cancelled placement stays in the feed as CANCELLED with its reason, its SEQUENCE raised at
// each step.
func TestFeedTellsChangesAndCancellations(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fran := w.Users["freelancer"]
		ids, of := booked(t, s, apptest.DeptMgr, jobTemplate(t, db, w.DeptA1, "Cup Final"), []string{localDay(5)}, fran)
		placement, instruction := ids[0], of[ids[0]][fran]
		answer(t, s, apptest.Freelancer, instruction, "supplierStatus", "accepted")
		var feed agenda.CalendarFeed
		s.As(apptest.Freelancer).Do("GET", "/agenda/feed", nil).Want(200).Decode(&feed)
		uid := "instruction-" + itoa(instruction) + "@hive"
		event := func() (summary, status, description string, sequence int) {
			t.Helper()
			for _, e := range fetchFeed(t, s, *feed.URL, 200).Events() {
				if e.Id() == uid {
					seq, _ := strconv.Atoi(property(e, ics.ComponentPropertySequence))
					return property(e, ics.ComponentPropertySummary), property(e, ics.ComponentPropertyStatus),
						property(e, ics.ComponentPropertyDescription), seq
				}
			}
			t.Fatalf("no event %s", uid)
			return
		}
		summary, _, _, seq0 := event()
		if summary != "Camera – Cup Final" {
			t.Fatalf("summary %q", summary)
		}

		s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": placement, "title": "Camera",
			"startTime": "08:00", "endTime": "17:00", "supplierNotes": "", "unpaidBreaks": 0}}).Want(200)
		summary, status, _, seq1 := event()
		if summary != agenda.AwaitingAcknowledgementMark+"Camera – Cup Final" || status != "TENTATIVE" || seq1 <= seq0 {
			t.Errorf("after the change: %q %s sequence %d (was %d)", summary, status, seq1, seq0)
		}

		s.As(apptest.Freelancer).Do("POST", "/instruction/acknowledge", map[string]any{"ids": []int64{instruction}}).Want(200)
		summary, _, _, seq2 := event()
		if summary != "Camera – Cup Final" || seq2 <= seq1 {
			t.Errorf("after the acknowledgement: %q sequence %d (was %d)", summary, seq2, seq1)
		}

		s.As(apptest.DeptMgr).Do("DELETE", "/placements", map[string]any{"ids": []int64{placement},
			"cancellationReason": "Match postponed"}).Want(200)
		_, status, description, seq3 := event()
		if status != "CANCELLED" || !strings.HasPrefix(description, "Cancelled: Match postponed") || seq3 <= seq2 {
			t.Errorf("after the cancellation: %s %q sequence %d (was %d)", status, description, seq3, seq2)
		}
	})
}
