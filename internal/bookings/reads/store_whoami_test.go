package reads_test

import (
	"context"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// whoamiActions is what whoami says the user has to do.
type whoamiActions struct {
	ActionsRequired      int `json:"actionsRequired"`
	OffersAwaitingAnswer int `json:"offersAwaitingAnswer"`
}

func actionsOf(t *testing.T, s *apptest.Server, role string) whoamiActions {
	t.Helper()
	var w whoamiActions
	s.As(role).Do("GET", "/account/whoami", nil).Want(200).Decode(&w)
	return w
}

// whoami counts the offers awaiting the freelancer's answer (the agenda's
// Outstanding tab, on both engines), in actionsRequired too, and the count drops as the offers
// are answered, cancelled or end. Nobody else's whoami counts them.
func TestOffersAwaitingAnswerInWhoami(t *testing.T) {
	// The 24th has ended, the 26th and 27th have not.
	bookingstest.EnginesAt(t, time.Date(2026, 10, 25, 12, 0, 0, 0, time.UTC), func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		// staff manages another client (B): not the booking's, nor the freelancer's.
		orgtest.LinkEntity(t, db, w.Users[apptest.Staff], w.ClientB, true, true)
		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		freelancer := w.Users[apptest.Freelancer]
		orgtest.Hire(t, db, w.DeptA1, freelancer)
		base := actionsOf(t, s, apptest.Freelancer)
		if base.OffersAwaitingAnswer != 0 {
			t.Fatalf("before any offer %+v", base)
		}

		b := bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt,
			"dates": []string{"2026-10-24", "2026-10-26", "2026-10-27"}, "periodType": "custom"})
		bookingstest.GrantEvery(t, s, freelancer, b.PlacementIDs()...)
		b = bookingstest.BookingAs(t, s, apptest.Admin, b.ID)
		inst := map[string]int64{} // date and shift → instruction id
		for _, p := range b.Placements {
			inst[p.Date+" "+p.Title] = p.Instructions[0].ID
		}

		expect := func(step string, want int) {
			t.Helper()
			got := actionsOf(t, s, apptest.Freelancer)
			if got.OffersAwaitingAnswer != want || got.ActionsRequired != base.ActionsRequired+want {
				t.Errorf("%s: whoami %+v, want %d offers over %d actions", step, got, want, base.ActionsRequired)
			}
			n, err := reads.OffersAwaitingAnswer(context.Background(), db, freelancer)
			if err != nil {
				t.Fatal(err)
			}
			var stats struct{ Outstanding int }
			s.As(apptest.Freelancer).Do("GET", "/agenda/stats?as=freelancer", nil).Want(200).Decode(&stats)
			if n != want || stats.Outstanding != want {
				t.Errorf("%s: query %d, agenda's Outstanding %d, want %d", step, n, stats.Outstanding, want)
			}
			for _, other := range []string{apptest.Manager, apptest.DeptMgr, apptest.Staff, apptest.Admin} {
				if got := actionsOf(t, s, other); got.OffersAwaitingAnswer != 0 {
					t.Errorf("%s: %s's whoami counts the freelancer's offers: %+v", step, other, got)
				}
			}
		}
		patch := func(role string, body map[string]any) {
			t.Helper()
			s.As(role).Do("PATCH", "/instruction/status", []map[string]any{body}).Want(200)
		}

		expect("offered six, two of them ended", 4)
		patch(apptest.Freelancer, map[string]any{"id": inst["2026-10-26 Shift 1"], "supplierStatus": "accepted"})
		expect("one accepted", 3)
		patch(apptest.Freelancer, map[string]any{"id": inst["2026-10-26 Shift 2"], "supplierStatus": "rejected"})
		expect("one rejected", 2)
		patch(apptest.DeptMgr, map[string]any{"id": inst["2026-10-27 Shift 1"], "clientStatus": "cancelled",
			"cancellationReason": "Client - Placement Not Needed"})
		expect("one cancelled by the client", 1)
		patch(apptest.DeptMgr, map[string]any{"id": inst["2026-10-27 Shift 2"], "clientStatus": "accepted"})
		expect("the client accepting first still awaits the freelancer", 1)

		// The freelancer cannot answer for the client, nor another client's manager for anyone:
		// refused, and the count stays.
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": inst["2026-10-27 Shift 2"], "clientStatus": "rejected"}}).WantError(403, "A-102")
		s.As(apptest.Staff).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": inst["2026-10-27 Shift 2"], "supplierStatus": "accepted"}}).WantError(404, "N-404")
		expect("after refused answers", 1)
	})
}
