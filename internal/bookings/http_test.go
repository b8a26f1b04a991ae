package bookings_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/create"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestBookingsFromCreationToAcceptance(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		body := map[string]any{"jobTemplateId": jt, "dates": []string{"2026-10-26", "2026-10-24"}, "periodType": "custom"}

		// Only managers of the department create bookings; others do not learn it exists.
		s.As(apptest.Staff).Do("POST", "/booking", body).WantError(404, "N-404")
		s.As(apptest.Freelancer).Do("POST", "/booking", body).WantError(404, "N-404")
		s.As(apptest.DeptMgr).Do("POST", "/booking", map[string]any{"jobTemplateId": jt, "dates": []string{"24/10/2026"}}).
			WantError(422, "V-422")

		b := bookingstest.Book(t, s, body)
		if b.Title != "Cup Final" || len(b.Placements) != 4 || !b.CanManage || strings.Join(b.Dates, ",") != "2026-10-24,2026-10-26" {
			t.Fatalf("created %+v", b)
		}
		first := b.Placements[0]
		if first.Date != "2026-10-24" || first.LocalPeriod.Start != "2026-10-24T09:00:00.000+01:00" || len(first.Version) != 1 {
			t.Errorf("first placement %+v", first)
		}
		night := b.Placements[1]
		if !night.Overnight || night.LocalPeriod.End != "2026-10-25T06:00:00.000+00:00" {
			t.Errorf("overnight placement over the clock change %+v", night)
		}

		// Grant the freelancer to every placement; granting again counts existing ones.
		ids := b.PlacementIDs()
		freelancer := w.Users["freelancer"]
		orgtest.Hire(t, db, w.DeptA1, freelancer)
		grant := map[string]any{"userId": freelancer, "placementIds": ids}
		path := fmt.Sprintf("/placement/%d/grant", ids[0])
		s.As(apptest.Freelancer).Do("POST", path, grant).WantError(404, "N-404")
		var res bookings.GrantResult
		s.As(apptest.DeptMgr).Do("POST", path, grant).Want(200).Decode(&res)
		if res.Inserted != 4 || res.Existing != 0 {
			t.Fatalf("grant %+v", res)
		}
		s.As(apptest.Manager).Do("POST", path, grant).Want(200).Decode(&res)
		if res.Inserted != 0 || res.Existing != 4 {
			t.Fatalf("second grant %+v", res)
		}

		// The freelancer sees the booking with their instructions and no buy rate; admins see it.
		seen := bookingstest.BookingAs(t, s, apptest.Freelancer, b.ID)
		inst := seen.Placements[0].Instructions[0]
		if seen.CanManage || inst.BuyRate != nil || inst.SellRate.Rate != 250 || inst.SupplierStatus != "awaiting_response" {
			t.Fatalf("freelancer's view %+v", inst)
		}
		// The template's name comes with the booking: the freelancer may not read the template.
		if seen.JobTemplateName != "Cup Final" {
			t.Fatalf("freelancer's view names the job template %q", seen.JobTemplateName)
		}
		seen = bookingstest.BookingAs(t, s, apptest.Admin, b.ID)
		if buy := seen.Placements[0].Instructions[0].BuyRate; buy == nil || buy.Rate != 200 {
			t.Fatalf("admin's buy rate %+v", buy)
		}
		s.As(apptest.Staff).Do("GET", fmt.Sprintf("/booking/%d", b.ID), nil).WantError(404, "N-404")

		// A second booking over the same day, offered before the first is accepted.
		other := bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{"2026-10-24"}})
		s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", other.Placements[0].ID),
			map[string]any{"userId": freelancer, "placementIds": []int64{other.Placements[0].ID}}).Want(200)

		// The freelancer accepts their side only; a stale version is refused.
		accept := []map[string]any{{"id": inst.ID, "supplierStatus": "accepted", "version": inst.Version}}
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", []map[string]any{{"id": inst.ID, "clientStatus": "accepted"}}).
			WantError(403, "A-102")
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", accept).Want(200)
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", accept).WantError(409, "C-409")

		// Accepting the second booking's overlapping placement is refused, in the freelancer's words.
		other = bookingstest.BookingAs(t, s, apptest.Admin, other.ID)
		clash := other.Placements[0].Instructions[0]
		r := s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", []map[string]any{{"id": clash.ID, "supplierStatus": "accepted"}})
		r.WantError(409, "C-409")
		if want := "You are already booked at an overlapping time: Cup Final (Shift 1), Sat 24 Oct 09:00–17:00."; !strings.Contains(string(r.Body), want) {
			t.Errorf("overlap refusal: %s, want %s", r.Body, want)
		}

		// The manager cancels with a reason (required), and confirms the accepted one.
		cancel := []map[string]any{{"id": clash.ID, "clientStatus": "cancelled"}}
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/status", cancel).WantError(422, "V-422")
		cancel[0]["cancellationReason"] = "Client - Placement Not Needed"
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/status", cancel).Want(200)
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/status", []map[string]any{{"id": inst.ID, "clientStatus": "accepted"}}).Want(200)
		seen = bookingstest.BookingAs(t, s, apptest.Admin, b.ID)
		if got := seen.Placements[0].Instructions[0]; got.SupplierStatus != "accepted" || got.ClientStatus != "accepted" {
			t.Errorf("after both accepted %+v", got)
		}

		// Every instruction change is in the history and the event log.
		audits := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'instruction'`)
		evs := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE instruction_id IS NOT NULL`)
		// 5 grants + accept + cancel + client accept.
		if audits != 8 || evs != 8 {
			t.Errorf("audit rows %d, events %d, want 8 each", audits, evs)
		}
	})
}

// Parallel grants of the same pairs, accepts and cancellations leave the invariants whole: one
// live instruction per (placement, freelancer) and never two overlapping accepted ones.
func TestConcurrentGrantsAndAnswersKeepTheInvariants(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, _ *apptest.Server, db *database.DB, w orgtest.World) {
		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		store, creator := &bookings.Store{DB: db}, &create.Store{DB: db}
		admin := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: w.Users["admin"], CanAdmin: true,
			Needs: auth.NeedSet{auth.NeedAdmin: {}}})
		var ids [2][]int64
		for i := range ids {
			jtRow, err := creator.JobTemplate(admin, jt)
			if err != nil {
				t.Fatal(err)
			}
			id, err := creator.Create(admin, jtRow, create.NewBooking{JobTemplateID: jt, Title: "Race", Type: "default",
				PeriodType: "custom", Dates: []string{"2026-12-01"}}, w.Users["admin"])
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Select(admin, &ids[i], `SELECT id FROM placements WHERE booking_id = ? ORDER BY id`, id); err != nil {
				t.Fatal(err)
			}
		}
		freelancer := w.Users["freelancer"]
		orgtest.Hire(t, db, w.DeptA1, freelancer)
		bookingstest.AtOnce(8, func(i int) {
			placements := ids[i%2]
			b, err := store.Booking(admin, bookingstest.BookingOf(t, db, placements[0]))
			if err != nil {
				t.Error(err)
				return
			}
			if _, err := store.Grant(admin, b, placements, []int64{freelancer}); err != nil {
				t.Errorf("grant: %v", err)
			}
		})
		var live []int64
		if err := db.Select(admin, &live, `SELECT id FROM instructions WHERE deleted_at IS NULL ORDER BY id`); err != nil {
			t.Fatal(err)
		}
		if len(live) != 4 {
			t.Fatalf("%d live instructions after racing grants, want 4", len(live))
		}
		// Everyone answers at once: accepts of both day shifts overlap, so at most one day shift wins.
		// Each instruction has two answers in the race: the even ones accept, the odd ones cancel.
		bookingstest.AtOnce(2*len(live), func(i int) {
			change := bookings.StatusChange{ID: live[i/2], SupplierStatus: "accepted"}
			if i%2 == 1 {
				change = bookings.StatusChange{ID: live[i/2], ClientStatus: "cancelled", CancellationReason: "Other"}
			}
			_, _ = store.SetStatuses(admin, auth.FromContext(admin), []bookings.StatusChange{change})
		})
		if clashes := bookingstest.OverlappingAccepted(t, db); clashes != 0 {
			t.Errorf("%d overlapping accepted pairs", clashes)
		}
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}
