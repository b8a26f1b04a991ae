package notifications_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

// The mail rules, driven through the bookings API and counted in the outbox: one mail per
// recipient per booking per fold window, nobody mailed of their own action, no offer mail once
// the offer is answered, Hive named for an offer in turn's moves, and changes said before → after.

// mailScene is a booking of Evening News in department A1 (Europe/London), one 09:00-17:00
// Camera placement per date, made by the department's manager, with the freelancer hireable.
type mailScene struct {
	hive
	db         *database.DB
	booking    int64
	placements []int64
}

func bookThrough(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, dates ...string) mailScene {
	t.Helper()
	jt := orgtest.JobTemplateOf(t, db, w.DeptA1, "Evening News",
		orgtest.Shift{Title: "Camera", Start: "09:00", End: "17:00", Sell: 25000, Buy: 20000})
	var b struct {
		ID         int64 `json:"id"`
		Placements []struct {
			ID int64 `json:"id"`
		} `json:"placements"`
	}
	s.As(apptest.DeptMgr).Do(http.MethodPost, "/booking", map[string]any{"jobTemplateId": jt, "dates": dates,
		"periodType": "custom"}).Want(201).Decode(&b)
	orgtest.Hire(t, db, w.DeptA1, w.Users[apptest.Freelancer])
	sc := mailScene{hive: hive{s: s, w: w}, db: db, booking: b.ID}
	for _, p := range b.Placements {
		sc.placements = append(sc.placements, p.ID)
	}
	return sc
}

// offer grants the freelancer every placement of the scene, as the department's manager.
func (sc mailScene) offer(t *testing.T) {
	t.Helper()
	sc.s.As(apptest.DeptMgr).Do(http.MethodPost, fmt.Sprintf("/placement/%d/grant", sc.placements[0]),
		map[string]any{"userId": sc.w.Users[apptest.Freelancer], "placementIds": sc.placements}).Want(200)
}

// deliver runs a round with no fold window: what is pending is one window's worth.
func (sc mailScene) deliver(t *testing.T) {
	t.Helper()
	w := sc.worker()
	w.FoldWindow = -1
	if _, err := w.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// mails are role's queued mails, newest first.
func (sc mailScene) mails(t *testing.T, role string) []mail.Stored {
	t.Helper()
	return outboxOf(t, sc.db, role+"@hive.test")
}

// instructionOf is user's instruction on placement.
func (sc mailScene) instructionOf(t *testing.T, user, placement int64) int64 {
	t.Helper()
	return databasetest.Get[int64](t, sc.db, `SELECT id FROM instructions WHERE user_id = ? AND placement_id = ?`, user, placement)
}

func nameOf(t *testing.T, db *database.DB, user int64) string {
	t.Helper()
	return databasetest.Get[string](t, db, `SELECT first_name || ' ' || last_name FROM users WHERE id = ?`, user)
}

func wantLines(t *testing.T, who string, m mail.Stored, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if !strings.Contains(m.Subject+"\n"+m.Text, l) {
			t.Errorf("%s's mail lacks %q:\n%s\n%s", who, l, m.Subject, m.Text)
		}
	}
}

func TestAFourDayOfferIsOneMailOfFourLinesAndNoneToWhoMadeIt(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		sc := bookThrough(t, s, db, w, "2027-07-05", "2027-07-06", "2027-07-07", "2027-07-08")
		sc.offer(t)
		sc.deliver(t)
		fl := sc.mails(t, apptest.Freelancer)
		if len(fl) != 1 || strings.Count(fl[0].Text, "- You are offered Camera on") != 4 {
			t.Fatalf("the freelancer's mails: %+v", fl)
		}
		wantLines(t, "the freelancer", fl[0], "4 changes: Evening News", "You are offered Camera on Mon, 05 Jul 2027 09:00 to 17:00.",
			"You are offered Camera on Thu, 08 Jul 2027 09:00 to 17:00.")
		if got := sc.mails(t, apptest.DeptMgr); len(got) != 0 {
			t.Errorf("the manager who booked and offered was mailed about it: %+v", got)
		}
		// The client's manager hears of the booking and its four offers in one mail.
		mgr := sc.mails(t, apptest.Manager)
		if len(mgr) != 1 || strings.Count(mgr[0].Text, " offered Camera on ") != 4 {
			t.Fatalf("the client manager's mails: %+v", mgr)
		}
		wantLines(t, "the client manager", mgr[0], "5 changes: Evening News", "created the booking Evening News")
		// In the app each offer is its own notification.
		if n := sc.unread(t, apptest.Freelancer); n != 4 {
			t.Errorf("the freelancer has %d unread notifications, want 4", n)
		}
	})
}

func TestAnOfferAnsweredWithinTheWindowIsNotMailed(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		sc := bookThrough(t, s, db, w, "2027-07-05")
		sc.offer(t)
		in := sc.instructionOf(t, w.Users[apptest.Freelancer], sc.placements[0])
		s.As(apptest.Freelancer).Do(http.MethodPatch, "/instruction/status",
			[]map[string]any{{"id": in, "supplierStatus": "rejected"}}).Want(200)
		sc.deliver(t)
		if got := sc.mails(t, apptest.Freelancer); len(got) != 0 {
			t.Fatalf("the freelancer who declined was asked to answer afterwards: %+v", got)
		}
		if n := sc.unread(t, apptest.Freelancer); n != 1 {
			t.Errorf("the offer is not in the freelancer's list: %d unread", n)
		}
		mgr := sc.mails(t, apptest.Manager)
		if len(mgr) != 1 {
			t.Fatalf("the client manager's mails: %+v", mgr)
		}
		wantLines(t, "the client manager", mgr[0], " offered Camera on Mon, 05 Jul 2027 09:00 to 17:00 to ", " rejected Camera on ")
	})
}

func TestAnOfferInTurnPassingOnNamesHiveAndWhoDeclined(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		sc := bookThrough(t, s, db, w, "2027-07-05")
		first := w.Users[apptest.Freelancer]
		second := orgtest.Freelancer(t, db, "second@hive.test", "Sam")
		orgtest.Hire(t, db, w.DeptA1, second)
		s.As(apptest.DeptMgr).Do(http.MethodPost, fmt.Sprintf("/booking/%d/waterfall", sc.booking), map[string]any{
			"placementIds": sc.placements, "userIds": []int64{first, second}, "places": 1, "openAtOnce": 1,
			"offerLifetimeMinutes": 240}).Want(201)
		sc.deliver(t)
		if got := sc.mails(t, apptest.Freelancer); len(got) != 1 {
			t.Fatalf("the first candidate's mails: %+v", got)
		}
		s.As(apptest.Freelancer).Do(http.MethodPatch, "/instruction/status",
			[]map[string]any{{"id": sc.instructionOf(t, first, sc.placements[0]), "supplierStatus": "rejected"}}).Want(200)
		sc.deliver(t)
		declined := nameOf(t, db, first)
		mgr := sc.mails(t, apptest.Manager)
		if len(mgr) != 2 {
			t.Fatalf("the client manager's mails: %+v", mgr)
		}
		wantLines(t, "the client manager", mgr[0], declined+" rejected Camera",
			"Hive offered Camera on Mon, 05 Jul 2027 09:00 to 17:00 to Sam Other after "+declined+" declined.")
		if strings.Contains(mgr[0].Text, declined+" offered") {
			t.Errorf("the mail says the freelancer who declined made the offer:\n%s", mgr[0].Text)
		}
		// The department manager did not act this time: they hear it too, from Hive.
		dept := sc.mails(t, apptest.DeptMgr)
		if len(dept) != 1 {
			t.Fatalf("the department manager's mails: %+v", dept)
		}
		wantLines(t, "the department manager", dept[0], "Hive offered Camera")
		if got := outboxOf(t, db, "second@hive.test"); len(got) != 1 || !strings.Contains(got[0].Text, "You are offered Camera") {
			t.Errorf("the next candidate's mails: %+v", got)
		}
		if got := sc.mails(t, apptest.Freelancer); len(got) != 1 {
			t.Errorf("the freelancer who declined was mailed about it: %+v", got[0])
		}
	})
}

func TestChangesAreMailedBeforeAndAfterInTheDepartmentsZone(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		sc := bookThrough(t, s, db, w, "2027-07-05")
		sc.offer(t)
		sc.deliver(t)
		in := sc.instructionOf(t, w.Users[apptest.Freelancer], sc.placements[0])
		mgr := s.As(apptest.DeptMgr)
		mgr.Do(http.MethodPatch, "/instruction/rate", map[string]any{"ids": []int64{in},
			"sellRate": map[string]any{"rate": 300, "currency": "GBP", "period": "day"}}).Want(200)
		var b struct{ Version int }
		path := fmt.Sprintf("/booking/%d", sc.booking)
		mgr.Do(http.MethodGet, path, nil).Want(200).Decode(&b)
		mgr.Do(http.MethodPatch, path, map[string]any{"version": b.Version, "title": "Late News", "reference": "",
			"ir35": true, "substitutionAllowed": false}).Want(200)
		mgr.Do(http.MethodPatch, "/placements", []map[string]any{{"id": sc.placements[0], "title": "Camera",
			"startTime": "10:00", "endTime": "18:00", "supplierNotes": "Bring a wide lens", "unpaidBreaks": 0}}).Want(200)
		sc.deliver(t)
		fl := sc.mails(t, apptest.Freelancer)
		if len(fl) != 2 {
			t.Fatalf("the freelancer's mails: %+v", fl)
		}
		// 09:00 in London is 08:00 UTC: the times are the department's.
		wantLines(t, "the freelancer", fl[0], "3 changes: Late News",
			"The rate of Camera on Mon, 05 Jul 2027 10:00 to 18:00 was amended: 250.00 GBP / day → 300.00 GBP / day.",
			"The details of the booking Late News changed: title 'Evening News' → 'Late News', IR35 No → Yes.",
			"Camera is now on Mon, 05 Jul 2027 10:00 to 18:00 (was Mon, 05 Jul 2027 09:00 to 17:00). Also changed: notes none → 'Bring a wide lens'.",
			"(Europe/London)")
		cm := sc.mails(t, apptest.Manager)
		wantLines(t, "the client manager", cm[0], "amended "+nameOf(t, db, w.Users[apptest.Freelancer])+
			"'s rate for Camera on Mon, 05 Jul 2027 10:00 to 18:00: 250.00 GBP / day → 300.00 GBP / day.",
			"moved Camera from Mon, 05 Jul 2027 09:00 to 17:00 to Mon, 05 Jul 2027 10:00 to 18:00.")
		if n := len(sc.mails(t, apptest.DeptMgr)); n != 0 {
			t.Errorf("the manager who made the changes has %d mails", n)
		}
	})
}
