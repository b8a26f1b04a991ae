package agenda_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/hive/hive/internal/agenda"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
)

// localDay is today plus days in London, the departments' default zone.
func localDay(days int) string {
	london, _ := time.LoadLocation("Europe/London")
	return time.Now().In(london).AddDate(0, 0, days).Format(time.DateOnly)
}

// jobTemplate inserts a job template of department with one 09:00–17:00 placement template.
func jobTemplate(t *testing.T, db *database.DB, department int64, title string) int64 {
	return orgtest.JobTemplateOf(t, db, department, title, orgtest.Shift{Title: "Camera", Start: "09:00", End: "17:00",
		Sell: 25000, Buy: 20000})
}

// booked creates a booking of the dates as role and grants users every placement
// (orgtest.Book); it returns the placement ids and each user's instruction id per placement.
func booked(t *testing.T, s *apptest.Server, role string, jt int64, dates []string, users ...int64) ([]int64, map[int64]map[int64]int64) {
	t.Helper()
	var ids []int64
	of := map[int64]map[int64]int64{}
	for _, p := range orgtest.Book(t, s, role, jt, dates, users...).Placements {
		ids = append(ids, p.ID)
		of[p.ID] = map[int64]int64{}
		for _, i := range p.Instructions {
			of[p.ID][i.UserID] = i.ID
		}
	}
	return ids, of
}

func answer(t *testing.T, s *apptest.Server, role string, id int64, side, to string) {
	t.Helper()
	s.As(role).Do("PATCH", "/instruction/status", []map[string]any{{"id": id, side: to}}).Want(200)
}

func agendaOf(t *testing.T, s *apptest.Server, role, query string) agenda.AgendaList {
	t.Helper()
	var l agenda.AgendaList
	s.As(role).Do("GET", "/agenda"+query, nil).Want(200).Decode(&l)
	return l
}

func placementIDs(l agenda.AgendaList) []int64 {
	ids := []int64{}
	for _, c := range l.Items {
		ids = append(ids, c.Placement.ID)
	}
	return ids
}

func TestAgendaTabsStatsAndPermissions(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fran := w.Users["freelancer"]
		ola := orgtest.Freelancer(t, db, "ola@hive.test", "Ola")
		jt := jobTemplate(t, db, w.DeptA1, "Cup Final")
		// Tomorrow (critical: within 48 hours) and in ten days, both freelancers granted.
		soon, of := booked(t, s, apptest.DeptMgr, jt, []string{localDay(1), localDay(10)}, fran, ola)
		tomorrow, later := soon[0], soon[1]
		// Ten days ago, done and dusted.
		past, pastOf := booked(t, s, apptest.DeptMgr, jt, []string{localDay(-10)}, fran)
		answer(t, s, apptest.Freelancer, pastOf[past[0]][fran], "supplierStatus", "accepted")
		answer(t, s, apptest.DeptMgr, pastOf[past[0]][fran], "clientStatus", "accepted")
		// Another client's department: neither dept nor manager sees it.
		other, _ := booked(t, s, apptest.Admin, jobTemplate(t, db, w.DeptB1, "Drama"), []string{localDay(3)})

		// The freelancer's default tab is Outstanding: their own rows only, soonest first.
		l := agendaOf(t, s, apptest.Freelancer, "")
		if l.View != agenda.FreelancerView || l.Tab != agenda.Outstanding || l.Total != 2 ||
			fmt.Sprint(placementIDs(l)) != fmt.Sprint([]int64{tomorrow, later}) {
			t.Fatalf("freelancer's outstanding %+v", l)
		}
		card := l.Items[0]
		if len(card.Instructions) != 1 || card.Instructions[0].UserID != fran || !card.CanOpen || card.Colour != "orange" ||
			!card.Instructions[0].IsCritical || card.IsCritical || card.ClientName != "Alpha Broadcasting" ||
			card.DepartmentName != "News" || card.Placement.StartTime != "09:00" || card.Instructions[0].BuyRate != nil {
			t.Errorf("freelancer's card %+v", card)
		}

		// Fran accepts the later one: Awaiting Confirmation, then Confirmed when the client accepts.
		answer(t, s, apptest.Freelancer, of[later][fran], "supplierStatus", "accepted")
		if l := agendaOf(t, s, apptest.Freelancer, "?tab=awaiting_confirmation"); fmt.Sprint(placementIDs(l)) != fmt.Sprint([]int64{later}) {
			t.Errorf("awaiting confirmation %+v", l)
		}
		answer(t, s, apptest.DeptMgr, of[later][fran], "clientStatus", "accepted")
		if l := agendaOf(t, s, apptest.Freelancer, "?tab=confirmed"); fmt.Sprint(placementIDs(l)) != fmt.Sprint([]int64{later}) ||
			l.Items[0].Colour != "green" {
			t.Errorf("confirmed %+v", l)
		}
		if l := agendaOf(t, s, apptest.Freelancer, "?tab=archived"); fmt.Sprint(placementIDs(l)) != fmt.Sprint([]int64{past[0]}) {
			t.Errorf("archived %+v", l)
		}
		if l := agendaOf(t, s, apptest.Freelancer, "?tab=critical"); l.Total != 0 {
			t.Errorf("a freelancer's critical tab %+v", l)
		}
		var st agenda.AgendaStats
		s.As(apptest.Freelancer).Do("GET", "/agenda/stats", nil).Want(200).Decode(&st)
		if st != (agenda.AgendaStats{Outstanding: 1, Confirmed: 1, Archived: 1, View: agenda.FreelancerView}) {
			t.Errorf("freelancer's stats %+v", st)
		}

		// The department manager defaults to Awaiting Confirmation and sees every instruction.
		l = agendaOf(t, s, apptest.DeptMgr, "")
		if l.View != agenda.ManagerView || l.Tab != agenda.AwaitingConfirmation || l.Total != 0 {
			t.Errorf("manager's default tab %+v", l)
		}
		l = agendaOf(t, s, apptest.DeptMgr, "?tab=outstanding")
		if fmt.Sprint(placementIDs(l)) != fmt.Sprint([]int64{tomorrow, later}) || len(l.Items[1].Instructions) != 2 ||
			l.Items[1].Instructions[0].UserID != fran || !l.Items[0].IsCritical {
			t.Errorf("manager's outstanding %+v", l)
		}
		s.As(apptest.DeptMgr).Do("GET", "/agenda/stats", nil).Want(200).Decode(&st)
		if st != (agenda.AgendaStats{Outstanding: 2, Confirmed: 1, Critical: 1, Archived: 3, View: agenda.ManagerView}) {
			t.Errorf("manager's stats %+v", st)
		}
		// Both accept tomorrow's: it is no longer critical.
		answer(t, s, apptest.Freelancer, of[tomorrow][fran], "supplierStatus", "accepted")
		answer(t, s, apptest.DeptMgr, of[tomorrow][fran], "clientStatus", "accepted")
		if l := agendaOf(t, s, apptest.DeptMgr, "?tab=critical"); l.Total != 0 {
			t.Errorf("critical after both accepted %+v", l)
		}
		// The administrator sees the other client's placement, which nobody staffs yet; the
		// manager of client A does not.
		if l := agendaOf(t, s, apptest.Admin, "?tab=outstanding&startDate="+localDay(3)+"&endDate="+localDay(3)); l.Total != 1 ||
			l.Items[0].Placement.ID != other[0] || !l.Items[0].Unassigned || len(l.Items[0].Instructions) != 0 {
			t.Errorf("admin's outstanding on day 3 %+v", l)
		}
		if l := agendaOf(t, s, apptest.Manager, "?tab=archived"); l.Total != 3 {
			t.Errorf("client manager's archive %+v", l)
		}
		// Staff without links see nothing; a manager asking for their own agenda has none.
		if l := agendaOf(t, s, apptest.Staff, "?tab=archived"); l.Total != 0 {
			t.Errorf("staff %+v", l)
		}
		s.As(apptest.Staff).Do("GET", "/agenda/stats", nil).Want(200).Decode(&st)
		if st != (agenda.AgendaStats{View: agenda.ManagerView}) {
			t.Errorf("staff's stats %+v", st)
		}
		if l := agendaOf(t, s, apptest.DeptMgr, "?as=freelancer&tab=archived"); l.View != agenda.FreelancerView || l.Total != 0 {
			t.Errorf("dept as freelancer %+v", l)
		}

		s.As(apptest.Anonymous).Do("GET", "/agenda", nil).WantError(401, "A-100")
		s.As(apptest.Freelancer).Do("GET", "/agenda?tab=everything", nil).WantError(422, "V-422")
		s.As(apptest.Freelancer).Do("GET", "/agenda?startDate=01/03/2027", nil).WantError(422, "V-422")
		s.As(apptest.Freelancer).Do("GET", "/agenda?startDate=2027-03-02&endDate=2027-03-01", nil).WantError(422, "V-422")
		s.As(apptest.Freelancer).Do("GET", "/agenda?pageSize=201", nil).WantError(422, "V-422")
	})
}
