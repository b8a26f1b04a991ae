package bookings_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/suppliers"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
)

// A client's manager learns of another client's work for the same freelancer only that they are
// busy, and when: commitment.OtherWork with the times, in every read and refusal that tells of
// it, and nowhere the other client's name, department, booking title, placement title or
// reference. Alpha's manager asks about the namingScene's freelancer, booked by Beta.
func TestAttack_AnotherClientsWorkReadsOnlyAsBusy(t *testing.T) {
	bookingstest.WithScene(t, buildNamingScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc namingScene) {
		databasetest.Exec(t, db, `UPDATE bookings SET reference = 'BETA-REF-77' WHERE id = ?`, sc.beta.ID)
		secret := []string{"Saturday Highlights", "Camera Operator", "Beta Television", "Drama", "BETA-REF-77"}
		private := func(what string, body []byte) {
			t.Helper()
			for _, word := range secret {
				if strings.Contains(string(body), word) {
					t.Errorf("%s tells Alpha's manager %q: %s", what, word, body)
				}
			}
		}
		busy := func(what, got, times string) {
			t.Helper()
			if !strings.Contains(got, commitment.OtherWork) || !strings.Contains(got, times) {
				t.Errorf("%s: %q, want %q and %q", what, got, commitment.OtherWork, times)
			}
		}
		const wednesday, monday = "Wed 3 Mar 09:00–17:00", "on Mon 1 Mar"

		// Available suppliers: the booked mark and its text.
		midweek := bookingstest.Book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplateOf(t, db, w.DeptA1, "Midweek Match",
			orgtest.Shift{Title: "Crew", Start: "12:00", End: "20:00"}), "dates": []string{"2027-03-03", "2027-03-08"}})
		res := s.As(apptest.Manager).Do("GET", fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers",
			midweek.ID, placementTemplateOf(t, db, midweek.Placements[0].ID)), nil).Want(200)
		private("available suppliers", res.Body)
		var list suppliers.AvailableSuppliersList
		res.Decode(&list)
		found := false
		for _, it := range list.Items {
			if it.User.ID == sc.freelancer {
				found = true
				busy("the booked mark", it.BookedWarning, wednesday)
			}
		}
		if !found {
			t.Fatal("the freelancer is not among Alpha's available suppliers")
		}

		// Advanced search with a date: its rest warning.
		res = s.As(apptest.Manager).Do("POST", "/search", map[string]any{"data": map[string]any{"startDate": "2027-03-07",
			"endDate": "2027-03-07"}}).Want(200)
		private("advanced search", res.Body)
		var found2 struct{ Data []search.Result }
		res.Decode(&found2)
		warned := ""
		for _, r := range found2.Data {
			if r.ID == sc.freelancer {
				warned = r.RestWarning
			}
		}
		busy("the search's rest warning", warned, monday)

		// The scheduler's days of the freelancer.
		res = s.As(apptest.Manager).Do("GET", fmt.Sprintf("/unavailability/by-user-ids?userIds=%d&startDate=2027-03-01&endDate=2027-03-31",
			sc.freelancer), nil).Want(200)
		private("the scheduler's unavailability", res.Body)

		// Refusals: an offer over Beta's work, and a pencil's confirmation.
		grant := s.As(apptest.Manager).Do("POST", fmt.Sprintf("/placement/%d/grant", midweek.Placements[0].ID), map[string]any{
			"userIds": []int64{sc.freelancer}, "placementIds": midweek.PlacementIDs()}).Want(200)
		private("the grant", grant.Body)
		var granted bookings.GrantResult
		grant.Decode(&granted)
		if len(granted.Refused) != 1 {
			t.Fatalf("grant refusals %+v", granted.Refused)
		}
		busy("the offer's refusal", granted.Refused[0].Reason, wednesday)
		s.As(apptest.Manager).Do("POST", fmt.Sprintf("/placement/%d/grant", midweek.Placements[0].ID), map[string]any{
			"userIds": []int64{sc.freelancer}, "placementIds": []int64{midweek.Placements[0].ID}, "kind": "hold"}).Want(200)
		confirm := s.As(apptest.Manager).Do("POST", bookingstest.HoldPath(bookingstest.InstructionID(t, db, midweek.Placements[0].ID, sc.freelancer), "confirm"), nil)
		confirm.WantError(409, "C-409")
		private("the pencil's confirmation", confirm.Body)
		busy("the pencil's confirmation", bookingstest.ErrorText(t, confirm), wednesday)

		// What Alpha's manager is told afterwards.
		private("Alpha's manager's notifications", s.As(apptest.Manager).Do("GET", "/notification", nil).Want(200).Body)
	})
}
