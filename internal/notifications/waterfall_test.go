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
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// An offer in turn that runs out, and later fills, tells each of the booking's managers once
// each time, in the app always and by mail per their settings: the client's manager has turned
// 'Offer in turn ran out' off, so that one reaches them in the app only.
func TestAnOfferInTurnThatRunsOutOrFillsTellsTheManagersOnce(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		ctx := context.Background()
		db.Now = clock.At(time.Date(2027, 1, 20, 9, 0, 0, 0, time.UTC)).Now
		worker := hive{s: s, w: w}.worker()
		worker.FoldWindow = -1
		deliver := func() {
			t.Helper()
			if _, err := worker.DeliverDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		off := map[string]any{"items": []map[string]any{{"identifier": notifications.ClientWaterfallRanOut, "enabled": false}}}
		s.As(apptest.Manager).Do(http.MethodPatch, "/notification/preferences", off).Want(200)

		var b struct {
			ID         int64
			Placements []struct{ ID int64 }
		}
		mgr := s.As(apptest.DeptMgr)
		mgr.Do(http.MethodPost, "/booking", map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1),
			"dates": []string{"2027-02-01"}}).Want(201).Decode(&b)
		freelancer := w.Users[apptest.Freelancer]
		second := orgtest.Freelancer(t, db, "second@hive.test", "Second")
		orgtest.Hire(t, db, w.DeptA1, freelancer, second)
		pl := b.Placements[0].ID
		var wf struct{ ID, Version int64 }
		mgr.Do(http.MethodPost, fmt.Sprintf("/booking/%d/waterfall", b.ID), map[string]any{"placementIds": []int64{pl},
			"userIds": []int64{freelancer}, "places": 1, "openAtOnce": 1, "offerLifetimeMinutes": 240}).Want(201).Decode(&wf)
		deliver()
		instruction := func(user int64) int64 {
			return databasetest.Get[int64](t, db, `SELECT id FROM instructions WHERE placement_id = ? AND user_id = ?`, pl, user)
		}
		s.As(apptest.Freelancer).Do(http.MethodPatch, "/instruction/status", []map[string]any{{"id": instruction(freelancer),
			"supplierStatus": "rejected"}}).Want(200)
		deliver()
		deliver()

		told := func(typ string) map[int64]notificationRow {
			out := map[int64]notificationRow{}
			for _, n := range notificationsOf(t, db) {
				if n.Type == typ {
					if _, twice := out[n.User]; twice {
						t.Errorf("%s told user %d twice", typ, n.User)
					}
					out[n.User] = n
				}
			}
			return out
		}
		ranOut := told(notifications.ClientWaterfallRanOut)
		deptMgr, manager := w.Users[apptest.DeptMgr], w.Users[apptest.Manager]
		if len(ranOut) != 2 || !ranOut[deptMgr].Mailed || ranOut[manager].Mailed || ranOut[manager].User == 0 {
			t.Fatalf("ran out told %+v", ranOut)
		}
		if body := ranOut[deptMgr].Body; !strings.Contains(body, "ran out: 0 of 1 filled") ||
			!strings.Contains(body, "Add candidates or start again") {
			t.Errorf("ran out reads %q", body)
		}
		mailedRanOut := func(role string) (n int) {
			for _, m := range outboxOf(t, db, role+"@hive.test") {
				if strings.Contains(m.Text, "ran out: 0 of 1 filled") {
					n++
				}
			}
			return n
		}
		if d, m := mailedRanOut(apptest.DeptMgr), mailedRanOut(apptest.Manager); d != 1 || m != 0 {
			t.Fatalf("mails telling it ran out: the department manager %d, the client's manager %d", d, m)
		}

		// More candidates: the second accepts, and the offer in turn fills.
		mgr.Do(http.MethodPost, fmt.Sprintf("/waterfall/%d/candidates", wf.ID), map[string]any{"userIds": []int64{second},
			"version": wf.Version + 1}).Want(200)
		s.As(apptest.Admin).Do(http.MethodPatch, "/instruction/status", []map[string]any{{"id": instruction(second),
			"supplierStatus": "accepted"}}).Want(200)
		deliver()
		deliver()
		filled := told(notifications.ClientWaterfallFilled)
		if len(filled) != 2 || !filled[deptMgr].Mailed || !filled[manager].Mailed ||
			!strings.Contains(filled[manager].Body, "is filled: 1 of 1 filled") {
			t.Fatalf("filled told %+v", filled)
		}
		if again := told(notifications.ClientWaterfallRanOut); len(again) != 2 {
			t.Errorf("ran out told again: %+v", again)
		}
	})
}
