package app_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
)

// agencyRole is the demo's agency manager (agency@hive.test): the manager of an agency entity,
// given one department of a client to book for (docs/decisions.md 'Agencies').
const agencyRole = "agency"

// TestAnAgencyBooksForTheDepartmentAClientGaveIt walks what the spec's agency manager does
// (part 2 §1: create bookings for departments, invite, amend rates, cancel; part 1 §6: create
// users, follow freelancers; Financial Metrics over what they manage) through the real router,
// and refuses the same calls to another client's manager and to a freelancer. The agency manages
// the agency entity and client B's department B1 and nothing of client A, whose manager is
// manager@ and whose department A1 dept@ manages.
func TestAnAgencyBooksForTheDepartmentAClientGaveIt(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		agencyManager := orgtest.UserID(t, db, agencyRole+"@hive.test")
		agency := orgtest.Entity(t, db, "Pinnacle Talent", "agency")
		orgtest.LinkEntity(t, db, agencyManager, agency, true, true)
		orgtest.LinkDepartment(t, db, agencyManager, w.DeptB1, false, true, true)
		talent := w.Users[apptest.Freelancer]
		orgtest.Hire(t, db, w.DeptB1, talent)
		orgtest.Hire(t, db, w.DeptA1, talent)
		jobB := orgtest.JobTemplate(t, db, w.DeptB1)
		jobA := orgtest.JobTemplate(t, db, w.DeptA1)
		as := s.As(agencyRole)

		// The needs: an agency manager (and so a department manager), managing B1 but neither
		// client entity.
		var me struct{ Needs []string }
		as.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		for _, need := range []string{"agency_manager", "department_manager", fmt.Sprintf("manage_entity:%d", agency),
			fmt.Sprintf("manage_department:%d", w.DeptB1)} {
			if !strings.Contains(" "+strings.Join(me.Needs, " ")+" ", " "+need+" ") {
				t.Errorf("agency manager lacks %s: %v", need, me.Needs)
			}
		}
		for _, n := range me.Needs {
			if n == "client_manager" || n == fmt.Sprintf("manage_entity:%d", w.ClientB) || n == fmt.Sprintf("select_entity:%d", w.ClientB) {
				t.Errorf("agency manager holds %s", n)
			}
		}

		// Books for B1 and offers the freelancer every placement.
		var b orgtest.Booked
		as.Do("POST", "/booking", map[string]any{"jobTemplateId": jobB, "dates": []string{"2027-03-10", "2027-03-11"}}).
			Want(201).Decode(&b)
		placements := []int64{}
		for _, p := range b.Placements {
			placements = append(placements, p.ID)
		}
		as.Do("POST", fmt.Sprintf("/placement/%d/grant", placements[0]),
			map[string]any{"userIds": []int64{talent}, "placementIds": placements}).Want(200)
		as.Do("GET", fmt.Sprintf("/booking/%d", b.ID), nil).Want(200).Decode(&b)
		offered := []int64{}
		for _, p := range b.Placements {
			for _, i := range p.Instructions {
				offered = append(offered, i.ID)
			}
		}
		if len(offered) != 4 {
			t.Fatalf("offers: %v", b.Placements)
		}

		// The freelancer answers; the agency sees the answer, amends the sell rate (not the buy
		// rate) and cancels one offer.
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": offered[0], "supplierStatus": "accepted"}}).Want(200)
		var seen struct {
			CanManage  bool `json:"canManage"`
			Placements []struct {
				Instructions []struct {
					ID             int64
					SupplierStatus string `json:"supplierStatus"`
				}
			}
		}
		as.Do("GET", fmt.Sprintf("/booking/%d", b.ID), nil).Want(200).Decode(&seen)
		if !seen.CanManage || seen.Placements[0].Instructions[0].SupplierStatus != "accepted" {
			t.Errorf("the agency does not see the answer or may not manage: %+v", seen)
		}
		sell := map[string]any{"rate": 310, "currency": "GBP", "period": "day"}
		as.Do("PATCH", "/instruction/rate", map[string]any{"ids": offered[:1], "sellRate": sell}).Want(200)
		as.Do("PATCH", "/instruction/rate", map[string]any{"ids": offered[:1], "sellRate": sell, "buyRate": sell}).Want(403)
		as.Do("PATCH", "/instruction/status", []map[string]any{{"id": offered[3], "clientStatus": "cancelled",
			"cancellationReason": "Client - Placement Not Needed"}}).Want(200)
		as.Do("PATCH", "/instruction/status", []map[string]any{{"id": offered[0], "clientStatus": "accepted"}}).Want(200)

		// Financial Metrics: B1's rows only, at the chargeable rate; naming the department is
		// fine, naming the client (which the agency does not manage) is not found.
		report := map[string]any{"reportType": "financialMetrics", "startDate": "2027-03-01", "endDate": "2027-03-31"}
		csv := string(as.Do("POST", "/administration/report", report).Want(200).Body)
		if !strings.Contains(csv, "Beta Television,Drama,Cup Final") || !strings.Contains(csv, "310.00") ||
			strings.Contains(csv, "Buy Rate") {
			t.Errorf("the agency's Financial Metrics:\n%s", csv)
		}
		report["departmentIds"] = []int64{w.DeptB1}
		as.Do("POST", "/administration/report", report).Want(200)
		delete(report, "departmentIds")
		report["clientIds"] = []int64{w.ClientB}
		as.Do("POST", "/administration/report", report).Want(404)
		delete(report, "clientIds")

		// An agency manager creates users for the agency, invites to it and follows freelancers.
		as.Do("POST", "/account", map[string]any{"email": "new.talent@hive.test", "firstName": "New", "lastName": "Talent",
			"isFreelancer": true, "entityIds": []int64{agency}}).CreatedID()
		as.Do("POST", "/invitation", map[string]any{"entityId": agency, "email": "scout@hive.test", "purpose": "staff"}).CreatedID()
		as.Do("PATCH", fmt.Sprintf("/account/follow/%d", talent), map[string]any{"followed": true}).Want(200)

		// Nothing of client A, nor client B beyond the department it was given.
		as.Do("POST", "/booking", map[string]any{"jobTemplateId": jobA, "dates": []string{"2027-03-12"}}).Want(404)
		as.Do("GET", fmt.Sprintf("/entity/%d", w.ClientB), nil).Want(404)
		as.Do("GET", fmt.Sprintf("/entity/%d", w.ClientA), nil).Want(404)
		as.Do("POST", "/invitation", map[string]any{"entityId": w.ClientB, "email": "scout@hive.test", "purpose": "staff"}).Want(404)
		bookingA := orgtest.Book(t, s, apptest.Manager, jobA, []string{"2027-03-12"}, talent)
		as.Do("GET", fmt.Sprintf("/booking/%d", bookingA.ID), nil).Want(404)
		as.Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{bookingA.Instruction(t, 0, talent)},
			"sellRate": sell}).Want(404)

		// Another client's manager and a freelancer reach none of the agency's booking.
		report["reportType"] = "financialMetrics"
		if csv := string(s.As(apptest.Manager).Do("POST", "/administration/report", report).Want(200).Body); strings.Contains(csv, "Beta Television") {
			t.Errorf("client A's manager sees the agency's rows:\n%s", csv)
		}
		for _, role := range []string{apptest.Manager, apptest.Freelancer} {
			c := s.As(role)
			c.Do("POST", "/booking", map[string]any{"jobTemplateId": jobB, "dates": []string{"2027-03-13"}}).Want(404)
			c.Do("POST", fmt.Sprintf("/placement/%d/grant", placements[0]),
				map[string]any{"userIds": []int64{talent}, "placementIds": placements[:1]}).Want(404)
			c.Do("PATCH", "/instruction/rate", map[string]any{"ids": offered[1:2], "sellRate": sell}).Want(404)
			c.Do("POST", "/invitation", map[string]any{"entityId": agency, "email": "scout2@hive.test", "purpose": "staff"}).Want(404)
		}
		s.As(apptest.Manager).Do("GET", fmt.Sprintf("/booking/%d", b.ID), nil).Want(404)
		s.As(apptest.Manager).Do("PATCH", "/instruction/status", []map[string]any{{"id": offered[1], "clientStatus": "cancelled",
			"cancellationReason": "Client - Placement Not Needed"}}).Want(404)
		f := s.As(apptest.Freelancer)
		f.Do("PATCH", "/instruction/status", []map[string]any{{"id": offered[1], "clientStatus": "cancelled",
			"cancellationReason": "Client - Placement Not Needed"}}).Want(403)
		f.Do("POST", "/administration/report", report).Want(403)
		f.Do("PATCH", fmt.Sprintf("/account/follow/%d", talent), map[string]any{"followed": true}).Want(403)
	})
}
