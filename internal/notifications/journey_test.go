package notifications_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/database"
)

// TestTheBookingsOwnWritesTellTheRightPeople drives the bookings API (not events written by
// hand): an offer, its acceptance and its cancellation, each delivered and read back through
// the notification list of each person concerned.
func TestTheBookingsOwnWritesTellTheRightPeople(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		worker := hive{s: s, w: w}.worker()
		worker.FoldWindow = -1
		deliver := func() {
			t.Helper()
			if _, err := worker.DeliverDue(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		newest := func(role string) []string {
			t.Helper()
			var l list
			s.As(role).Do(http.MethodGet, "/notification", nil).Want(200).Decode(&l)
			var types []string
			for _, n := range l.Items {
				types = append(types, n.Type)
			}
			return types
		}

		var b struct {
			ID         int64 `json:"id"`
			Placements []struct {
				ID int64 `json:"id"`
			} `json:"placements"`
		}
		s.As(apptest.DeptMgr).Do(http.MethodPost, "/booking", map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1),
			"dates": []string{"2016-07-04"}, "periodType": "custom"}).Want(201).Decode(&b)
		orgtest.Hire(t, db, w.DeptA1, w.Users[apptest.Freelancer])
		pl := b.Placements[0].ID
		s.As(apptest.DeptMgr).Do(http.MethodPost, fmt.Sprintf("/placement/%d/grant", pl),
			map[string]any{"userId": w.Users[apptest.Freelancer], "placementIds": []int64{pl}}).Want(200)
		deliver()
		if got := newest(apptest.Freelancer); !slices.Equal(got, []string{notifications.SupplierOffered}) {
			t.Fatalf("freelancer after the offer: %v", got)
		}
		if got := newest(apptest.Manager); !slices.Equal(got, []string{notifications.BookingOfferSent, notifications.BookingCreated}) {
			t.Fatalf("client manager after the offer: %v", got)
		}
		if got := newest(apptest.DeptMgr); len(got) != 0 {
			t.Fatalf("the department manager was told of their own changes: %v", got)
		}
		if got := newest(apptest.Staff); len(got) != 0 {
			t.Fatalf("staff were told: %v", got)
		}

		var booking struct {
			Placements []struct {
				Instructions []struct {
					ID      int64 `json:"id"`
					Version int   `json:"version"`
				} `json:"instructions"`
			} `json:"placements"`
		}
		s.As(apptest.Freelancer).Do(http.MethodGet, fmt.Sprintf("/booking/%d", b.ID), nil).Want(200).Decode(&booking)
		inst := booking.Placements[0].Instructions[0]
		s.As(apptest.Freelancer).Do(http.MethodPatch, "/instruction/status",
			[]map[string]any{{"id": inst.ID, "supplierStatus": "accepted"}}).Want(200)
		deliver()
		for _, role := range []string{apptest.Manager, apptest.DeptMgr} {
			if got := newest(role); len(got) == 0 || got[0] != notifications.ClientAccepted {
				t.Fatalf("%s after the acceptance: %v", role, got)
			}
		}

		s.As(apptest.DeptMgr).Do(http.MethodPatch, "/instruction/status", []map[string]any{{"id": inst.ID,
			"clientStatus": "cancelled", "cancellationReason": "Client - Placement Not Needed"}}).Want(200)
		deliver()
		var l list
		s.As(apptest.Freelancer).Do(http.MethodGet, "/notification", nil).Want(200).Decode(&l)
		if l.Items[0].Type != notifications.SupplierCancelled ||
			l.Items[0].BodyText == "" || l.Items[0].Link != fmt.Sprintf("/bookings/%d/edit?placementId=%d", b.ID, pl) {
			t.Fatalf("freelancer after the cancellation: %+v", l.Items[0])
		}
		if got := newest(apptest.Manager); got[0] != notifications.BookingInstructionCancelled {
			t.Fatalf("client manager after the cancellation: %v", got)
		}
		if pending(t, db, "booking_events") != 0 {
			t.Fatal("events left undelivered")
		}
	})
}
