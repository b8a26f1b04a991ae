package amend_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/amend"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/overview"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestUpdateBookingChecksManagerAndVersion(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BookedWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, b bookingstest.Booking) {
		path := fmt.Sprintf("/booking/%d", b.ID)
		var v struct {
			Title, Reference, Type string
			SubstitutionAllowed    bool
			Version                int
		}
		s.As(apptest.DeptMgr).Do("GET", path, nil).Want(200).Decode(&v)
		change := map[string]any{"version": v.Version, "title": " Cup Final (replay) ", "reference": "PO-7",
			"substitutionAllowed": true}
		s.As(apptest.Freelancer).Do("PATCH", path, change).WantError(404, "N-404")
		// The booking's type cannot change on edit: it is not a field of the change.
		s.As(apptest.DeptMgr).Do("PATCH", path, map[string]any{"version": v.Version, "type": "pre_confirmed"}).WantError(422, "V-422")
		s.As(apptest.DeptMgr).Do("PATCH", path, map[string]any{"version": v.Version, "title": "  "}).WantError(422, "V-422")
		s.As(apptest.DeptMgr).Do("PATCH", path, change).Want(200).Decode(&v)
		if v.Title != "Cup Final (replay)" || v.Reference != "PO-7" || !v.SubstitutionAllowed || v.Type != "default" {
			t.Fatalf("after update %+v", v)
		}
		s.As(apptest.Manager).Do("PATCH", path, change).WantError(409, "C-409")
	})
}

func TestAmendPlacementsMovesThePeriodAndKeepsVersions(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BookedWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, b bookingstest.Booking) {
		day := b.Placements[0]
		instructionPeriodsMatch(t, db)
		amendment := []map[string]any{{"id": day.ID, "title": "Camera (early)", "startTime": "07:30:00", "endTime": "19:00:00",
			"supplierNotes": "Bring a wide lens", "unpaidBreaks": 30}}
		s.As(apptest.Freelancer).Do("PATCH", "/placements", amendment).WantError(404, "N-404")
		s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": day.ID, "title": "x", "startTime": "7.30",
			"endTime": "19:00", "unpaidBreaks": 0}}).WantError(422, "V-422")
		var res amend.PlacementsResult
		s.As(apptest.DeptMgr).Do("PATCH", "/placements", amendment).Want(200).Decode(&res)
		if res.Updated != 1 {
			t.Fatalf("updated %d", res.Updated)
		}
		after := bookingstest.BookingAs(t, s, apptest.DeptMgr, b.ID)
		got := after.Placements[0]
		if got.Title != "Camera (early)" || got.LocalPeriod.Start != "2027-03-01T07:30:00.000+00:00" ||
			got.LocalPeriod.End != "2027-03-01T19:00:00.000+00:00" || len(got.Version) != 2 || got.Version[0] < got.Version[1] {
			t.Fatalf("amended placement %+v", got)
		}
		instructionPeriodsMatch(t, db)
		// A stale revision is refused; the accepted freelancer may not be pushed into the night shift's hours.
		amendment[0]["revision"] = 1
		s.As(apptest.DeptMgr).Do("PATCH", "/placements", amendment).WantError(409, "C-409")
		night := after.Placements[1]
		// The night shift starts 3 hours after the amended day ends: the working-time guard's
		// override lets it be accepted, so the overlap check is what the amendment meets.
		s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/instruction/%d/working-time-override", night.Instructions[0].ID),
			map[string]any{"reason": "Double shift agreed"}).Want(200)
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": night.Instructions[0].ID, "supplierStatus": "accepted"}}).Want(200)
		r := s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": got.ID, "title": "Camera",
			"startTime": "09:00", "endTime": "23:00", "supplierNotes": "", "unpaidBreaks": 0}})
		r.WantError(409, "C-409")
		if !strings.Contains(string(r.Body), "At the new times: Felix Reid is already booked at an overlapping time: Cup Final (Shift 2), Mon 1 Mar 22:00 – Tue 2 Mar 06:00.") {
			t.Errorf("overlap refusal %s", r.Body)
		}
	})
}

// instructionPeriodsMatch checks that every instruction carries its placement's period: the
// copies migration 00012's triggers keep, which available suppliers read.
func instructionPeriodsMatch(t *testing.T, db *database.DB) {
	t.Helper()
	var n int
	if err := db.Get(context.Background(), &n, `SELECT COUNT(*) FROM instructions`); err != nil || n == 0 {
		t.Fatalf("%d instructions: %v", n, err)
	}
	wrong := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions i JOIN placements p ON p.id = i.placement_id
		WHERE i.placement_start_at IS NULL OR i.placement_end_at IS NULL OR i.placement_local_date IS NULL
		OR i.placement_start_at <> p.start_at OR i.placement_end_at <> p.end_at OR i.placement_local_date <> p.local_date`)
	if wrong != 0 {
		t.Errorf("%d of %d instructions do not carry their placement's period", wrong, n)
	}
}

func TestCancelPlacementsCancelsTheirInstructions(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BookedWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, b bookingstest.Booking) {
		ids := []int64{b.Placements[0].ID, b.Placements[1].ID}
		body := map[string]any{"ids": ids, "cancellationReason": "Client - Placement Not Needed"}
		s.As(apptest.Freelancer).Do("DELETE", "/placements", body).WantError(404, "N-404")
		s.As(apptest.DeptMgr).Do("DELETE", "/placements", map[string]any{"ids": ids, "cancellationReason": ""}).WantError(422, "V-422")
		var res amend.PlacementsResult
		s.As(apptest.DeptMgr).Do("DELETE", "/placements", body).Want(200).Decode(&res)
		if res.Updated != 2 {
			t.Fatalf("cancelled %d", res.Updated)
		}
		s.As(apptest.DeptMgr).Do("DELETE", "/placements", body).Want(200).Decode(&res)
		if res.Updated != 0 {
			t.Fatalf("cancelled again %d", res.Updated)
		}
		var st overview.BookingStats
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/booking/stats/%d", b.ID), nil).Want(200).Decode(&st)
		if st.Placements != 2 || st.CancelledPlacements != 2 || st.ByColour["gray"] != 2 || st.ByColour["orange"] != 2 ||
			st.Colour != "orange" || st.Unfilled != 2 {
			t.Fatalf("stats after cancelling %+v", st)
		}
		s.As(apptest.Staff).Do("GET", fmt.Sprintf("/booking/stats/%d", b.ID), nil).WantError(404, "N-404")
		ctx := context.Background()
		var cancelled []struct {
			Client string  `db:"client_status"`
			Prev   *string `db:"previous_client_status"`
			Reason string  `db:"cancellation_reason"`
		}
		marks, args := database.In(ids)
		if err := db.Select(ctx, &cancelled, `SELECT client_status, previous_client_status, cancellation_reason
			FROM instructions WHERE deleted_at IS NOT NULL AND placement_id IN (`+marks+`)`, args...); err != nil {
			t.Fatal(err)
		}
		if len(cancelled) != 2 || cancelled[0].Client != "cancelled" || cancelled[0].Prev == nil ||
			cancelled[0].Reason != "Client - Placement Not Needed" {
			t.Fatalf("instructions of the cancelled placements %+v", cancelled)
		}
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

func TestAmendRatesBuyRateIsForAdministrators(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BookedWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, b bookingstest.Booking) {
		id := b.Placements[0].Instructions[0].ID
		sell := map[string]any{"rate": 300.5, "currency": "EUR", "period": "day"}
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{id}}).WantError(422, "V-422")
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{id},
			"sellRate": sell, "buyRate": sell}).WantError(403, "A-102")
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{id}, "sellRate": sell}).
			WantError(404, "N-404")
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{id},
			"sellRate": map[string]any{"rate": -1, "currency": "EUR", "period": "day"}}).WantError(422, "V-422")
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{id, id}, "sellRate": sell}).Want(200)
		s.As(apptest.Admin).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{id},
			"buyRate": map[string]any{"rate": 210, "currency": "EUR", "period": "day"}}).Want(200)
		after := bookingstest.BookingAs(t, s, apptest.Admin, b.ID)
		got := after.Placements[0].Instructions[0]
		if got.SellRate.Rate != 300.5 || got.BuyRate == nil || got.BuyRate.Rate != 210 {
			t.Fatalf("rates after amending %+v %+v", got.SellRate, got.BuyRate)
		}
	})
}
