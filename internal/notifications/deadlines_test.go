package notifications_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/acknowledge"
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
)

// An offer with an answer-by time reaches its freelancer as a reminder before the time and, left
// unanswered, as a withdrawn offer with the reason "Offer expired"; every manager of the
// department, the one who offered included, hears that Hive cancelled it.
func TestAnExpiringOfferRemindsThenTellsItsExpiry(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		start := time.Date(2027, 1, 20, 9, 0, 0, 0, time.UTC)
		clk := clock.At(start)
		db.Now = clk.Now
		worker := hive{s: s, w: w}.worker()
		worker.FoldWindow = -1
		run := func(sweep deadlines.Sweep) {
			t.Helper()
			if _, err := sweep(context.Background(), db); err != nil {
				t.Fatal(err)
			}
			if _, err := worker.DeliverDue(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		var b struct {
			Placements []struct{ ID int64 }
		}
		s.As(apptest.DeptMgr).Do(http.MethodPost, "/booking", map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1),
			"dates": []string{"2027-02-01"}}).Want(201).Decode(&b)
		orgtest.Hire(t, db, w.DeptA1, w.Users[apptest.Freelancer])
		pl := b.Placements[0].ID
		s.As(apptest.DeptMgr).Do(http.MethodPost, fmt.Sprintf("/placement/%d/grant", pl), map[string]any{
			"userId": w.Users[apptest.Freelancer], "placementIds": []int64{pl}, "answerBy": start.Add(3 * time.Hour)}).Want(200)
		run(deadlines.ExpireDue) // delivers the offer
		before := len(notificationsOf(t, db))

		clk.Advance(time.Hour + time.Minute)
		run(deadlines.RemindDue)
		clk.Advance(2 * time.Hour)
		run(deadlines.ExpireDue)
		got := map[string]string{}
		for _, n := range notificationsOf(t, db)[before:] {
			got[fmt.Sprintf("%d %s", n.User, n.Type)] = n.Body
		}
		reminder := got[fmt.Sprintf("%d %s", w.Users[apptest.Freelancer], notifications.SupplierAnswerReminder)]
		if !strings.Contains(reminder, "Please answer the offer of") || !strings.Contains(reminder, "by Wed, 20 Jan 2027 12:00") {
			t.Errorf("reminder %q (all: %v)", reminder, got)
		}
		withdrawn := got[fmt.Sprintf("%d %s", w.Users[apptest.Freelancer], notifications.SupplierOfferWithdrawn)]
		if !strings.Contains(withdrawn, "Reason: Offer expired.") {
			t.Errorf("withdrawn %q (all: %v)", withdrawn, got)
		}
		for _, m := range []string{apptest.DeptMgr, apptest.Manager} {
			if c := got[fmt.Sprintf("%d %s", w.Users[m], notifications.BookingInstructionCancelled)]; !strings.Contains(c, "Hive cancelled") ||
				!strings.Contains(c, "Reason: Offer expired.") {
				t.Errorf("%s told %q (all: %v)", m, c, got)
			}
		}
		if len(got) != 4 {
			t.Errorf("%d notifications, want 4: %v", len(got), got)
		}
	})
}

// A change to an accepted placement left unacknowledged reaches its freelancer as a reminder
// after the client's reminder time, and every manager of the department after its escalation
// time.
func TestAChangeNotAcknowledgedRemindsThenTellsTheManagers(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		start := time.Date(2027, 1, 20, 9, 0, 0, 0, time.UTC)
		clk := clock.At(start)
		db.Now = clk.Now
		worker := hive{s: s, w: w}.worker()
		worker.FoldWindow = -1
		deliver := func() {
			t.Helper()
			if _, err := worker.DeliverDue(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		fran := w.Users[apptest.Freelancer]
		b := orgtest.Book(t, s, apptest.DeptMgr, orgtest.JobTemplate(t, db, w.DeptA1), []string{"2027-02-01"}, fran)
		s.As(apptest.Freelancer).Do(http.MethodPatch, "/instruction/status", []map[string]any{{"id": b.Instruction(t, 0, fran),
			"supplierStatus": "accepted"}}).Want(200)
		s.As(apptest.DeptMgr).Do(http.MethodPatch, "/placements", []map[string]any{{"id": b.Placements[0].ID, "title": "Camera",
			"startTime": "07:00", "endTime": "15:00", "supplierNotes": "", "unpaidBreaks": 0}}).Want(200)
		deliver()
		before := len(notificationsOf(t, db))

		clk.Advance(2 * time.Hour)
		if _, err := acknowledge.RemindDue(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		deliver()
		clk.Advance(10 * time.Hour)
		if _, err := acknowledge.EscalateDue(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		deliver()
		got := map[string]string{}
		for _, n := range notificationsOf(t, db)[before:] {
			got[fmt.Sprintf("%d %s", n.User, n.Type)] = n.Body
		}
		reminder := got[fmt.Sprintf("%d %s", fran, notifications.SupplierChangeReminder)]
		if !strings.Contains(reminder, "changed after you accepted it") {
			t.Errorf("reminder %q (all: %v)", reminder, got)
		}
		for _, m := range []string{apptest.DeptMgr, apptest.Manager} {
			if c := got[fmt.Sprintf("%d %s", w.Users[m], notifications.ClientChangeUnacknowledged)]; !strings.Contains(c, "has not acknowledged the change") {
				t.Errorf("%s told %q (all: %v)", m, c, got)
			}
		}
		if len(got) != 3 {
			t.Errorf("%d notifications, want 3: %v", len(got), got)
		}
	})
}
