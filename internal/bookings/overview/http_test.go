package overview_test

import (
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/overview"
	"github.com/hive/hive/internal/platform/database"
)

// booked creates a booking of two dates in DeptA1 (four placements).
func booked(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) bookingstest.Booking {
	t.Helper()
	return bookingstest.Book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1),
		"dates": []string{"2027-03-01", "2027-03-02"}})
}

func TestListBookingsShowsVisibleDepartmentsOnly(t *testing.T) {
	bookingstest.WithScene(t, booked, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, b bookingstest.Booking) {
		var list overview.BookingList
		s.As(apptest.DeptMgr).Do("GET", "/booking?search=cup", nil).Want(200).Decode(&list)
		if list.Total != 1 || list.Items[0].ID != b.ID || list.Items[0].StartDate != "2027-03-01" ||
			list.Items[0].EndDate != "2027-03-02" || list.Items[0].Placements != 4 {
			t.Fatalf("department manager's list %+v", list)
		}
		s.As(apptest.Freelancer).Do("GET", "/booking", nil).Want(200).Decode(&list)
		if list.Total != 0 {
			t.Fatalf("freelancer's list %+v", list)
		}
	})
}
