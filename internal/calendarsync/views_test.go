package calendarsync_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/suppliers"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
)

// A busy time of the freelancer's own calendar makes them unavailable in a manager's available
// suppliers, told as 'Busy (own calendar)' with its times and never its title; an offer of that
// time is still allowed.
func TestOwnCalendarBusyInAvailableSuppliers(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		org := orgtest.Build(t, db)
		w.dav.Put(davUser, davPass, w.read+"dentist.ics", vevent("dentist", "SUMMARY:Dentist appointment\nLOCATION:High Street\nDTSTART;TZID=Europe/London:20270310T100000\nDTEND;TZID=Europe/London:20270310T120000"))
		w.syncNow(t)
		jt := orgtest.JobTemplate(t, db, org.DeptA1)
		b := orgtest.Book(t, w.s, apptest.DeptMgr, jt, []string{"2027-03-10", "2027-03-11"})
		orgtest.Hire(t, db, org.DeptA1, w.freelancer)
		shift1 := databasetest.Get[int64](t, db, `SELECT id FROM placement_templates WHERE job_template_id = ? AND title = 'Shift 1'`, jt)
		res := w.s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers", b.ID, shift1), nil).Want(200)
		if strings.Contains(string(res.Body), "Dentist") || strings.Contains(string(res.Body), "High Street") {
			t.Fatalf("the event's details leaked: %s", res.Body)
		}
		var list suppliers.AvailableSuppliersList
		res.Decode(&list)
		var row *suppliers.AvailableSupplier
		for i := range list.Items {
			if list.Items[i].User.ID == w.freelancer {
				row = &list.Items[i]
			}
		}
		if row == nil {
			t.Fatalf("freelancer not listed: %s", res.Body)
		}
		if len(row.BusyOwnCalendarPlacementIDs) != 1 || len(row.PlacementIDs) != 1 || row.Availability != 0.5 {
			t.Fatalf("row: %+v", row)
		}
		if want := calendarsync.BusyOwnCalendar + " Wed 10 Mar 2027 10:00–12:00"; row.BusyOwnCalendar != want {
			t.Errorf("warning %q, want %q", row.BusyOwnCalendar, want)
		}
		// The offer of the busy day is allowed (the warning is the manager's to weigh).
		w.s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", row.BusyOwnCalendarPlacementIDs[0]),
			map[string]any{"userIds": []int64{w.freelancer}, "placementIds": row.BusyOwnCalendarPlacementIDs}).Want(200)
	})
}

// The freelancer search's free-on-these-days filter leaves out a freelancer with a busy time of
// their own calendar on one of the days, counted in their zone.
func TestOwnCalendarBusyInFreeOnDaysSearch(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		org := orgtest.Build(t, db)
		orgtest.Hire(t, db, org.DeptA1, w.freelancer)
		// 23:30–00:30 London on the night of 11 to 12 March: busy on both days.
		w.dav.Put(davUser, davPass, w.read+"late.ics", vevent("late", "SUMMARY:Late\nDTSTART;TZID=Europe/London:20270311T233000\nDTEND;TZID=Europe/London:20270312T003000"))
		found := func(from, to string) bool {
			var out struct{ Data []search.Result }
			w.s.As(apptest.DeptMgr).Do("POST", "/search", map[string]any{"data": map[string]any{"startDate": from, "endDate": to}}).
				Want(200).Decode(&out)
			for _, r := range out.Data {
				if r.ID == w.freelancer {
					return true
				}
			}
			return false
		}
		if !found("2027-03-11", "2027-03-11") {
			t.Fatal("the freelancer is not found before any busy time is known")
		}
		w.syncNow(t)
		for day, want := range map[string]bool{"2027-03-10": true, "2027-03-11": false, "2027-03-12": false, "2027-03-13": true} {
			if got := found(day, day); got != want {
				t.Errorf("free on %s: found %v, want %v", day, got, want)
			}
		}
	})
}

// The scheduler's month reads busy dates of the freelancer's own calendar beside their
// unavailable days, for the managers who may read their days; another client's manager
// (staff@, who manages client B) gets nothing of them.
func TestOwnCalendarBusyDatesInTheScheduler(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		org := orgtest.Build(t, db)
		orgtest.Hire(t, db, org.DeptA1, w.freelancer)
		w.dav.Put(davUser, davPass, w.read+"late.ics", vevent("late", "SUMMARY:Late\nDTSTART;TZID=Europe/London:20270311T233000\nDTEND;TZID=Europe/London:20270312T003000"))
		w.syncNow(t)
		path := fmt.Sprintf("/unavailability/by-user-ids?userIds=%d&startDate=2027-03-01&endDate=2027-03-31", w.freelancer)
		var got []struct {
			UserID               int64
			BusyOwnCalendarDates []string
		}
		w.s.As(apptest.DeptMgr).Do("GET", path, nil).Want(200).Decode(&got)
		if len(got) != 1 || strings.Join(got[0].BusyOwnCalendarDates, ",") != "2027-03-11,2027-03-12" {
			t.Fatalf("department manager reads %+v", got)
		}
		res := w.s.As(apptest.Staff).Do("GET", path, nil).Want(200)
		if strings.Contains(string(res.Body), "2027-03-11") {
			t.Fatalf("another client's manager reads the busy dates: %s", res.Body)
		}
	})
}
