package jobs_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/database"
)

// A department manager writes templates, placement templates and rate cards of their department:
// validation, stale versions, buy rates kept from them, other clients' departments invisible.
func TestJobTemplateWrites(t *testing.T) {
	withDemo(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		var sport, felix int64
		if err := db.Get(context.Background(), &sport, `SELECT id FROM departments WHERE name = 'Sport'`); err != nil {
			t.Fatal(err)
		}
		felix = orgtest.UserID(t, db, "freelancer@hive.test")
		other := orgtest.Department(t, db, orgtest.Entity(t, db, "Other Client", "client"), "Elsewhere")
		dept := s.As(apptest.DeptMgr)

		dept.Do("POST", "/job-template", obj{"departmentId": other, "title": "X"}).WantError(404, "N-404")
		dept.Do("POST", "/job-template", obj{"departmentId": sport, "title": "  "}).Want(422)
		dept.Do("POST", "/job-template", obj{"departmentId": sport, "title": "Cup",
			"placementTemplates": []obj{{"title": "Cam", "startTime": "8:00", "endTime": "18:00"}}}).Want(422)
		dept.Do("POST", "/job-template", obj{"departmentId": sport, "title": "Cup",
			"placementTemplates": []obj{{"title": "Cam", "startTime": "08:00", "endTime": "18:00", "unpaidBreaks": -1}}}).Want(422)
		dept.Do("POST", "/job-template", obj{"departmentId": sport, "title": "Cup",
			"placementTemplates": []obj{{"title": "Cam", "startTime": "08:00", "endTime": "18:00",
				"buyRate": obj{"rate": 1, "currency": "GBP", "period": "day"}}}}).WantError(403, "A-102")

		var jt jobs.JobTemplate
		dept.Do("POST", "/job-template", obj{"departmentId": sport, "title": "Cup Final", "description": "d",
			"preferredUserIds": []int64{felix},
			"placementTemplates": []obj{
				{"title": "Camera", "startTime": "08:00:00", "endTime": "18:00", "sellRate": obj{"rate": 250.5, "currency": "EUR", "period": "day"}},
				{"title": "Night", "startTime": "22:00", "endTime": "06:00", "unpaidBreaks": 30},
			}}).Want(201).Decode(&jt)
		if jt.Title != "Cup Final" || len(jt.PlacementTemplates) != 2 || jt.PlacementTemplates[0].StartTime != "08:00" ||
			jt.PlacementTemplates[0].SellRate.Rate != 250.5 || jt.PlacementTemplates[0].BuyRate != nil ||
			!jt.PlacementTemplates[1].Overnight || jt.PlacementTemplates[1].SellRate.Currency != "GBP" ||
			len(jt.PreferredUsers) != 1 || jt.PreferredUsers[0].ID != felix {
			t.Fatalf("created %+v", jt)
		}
		path := fmt.Sprintf("/job-template/%d", jt.ID)
		dept.Do("PATCH", path, obj{"version": jt.Version, "title": "Cup Final 2026"}).Want(200)
		dept.Do("PATCH", path, obj{"version": jt.Version, "title": "Stale"}).WantError(409, "C-409")
		dept.Do("PATCH", path, obj{"version": jt.Version + 1, "title": ""}).Want(422)
		s.As(apptest.Staff).Do("PATCH", path, obj{"version": jt.Version + 1, "title": "S"}).Want(403)
		s.As(apptest.Freelancer).Do("PATCH", path, obj{"version": jt.Version + 1, "title": "S"}).Want(404)

		var list struct {
			Items []jobs.JobTemplateSummary
			Total int
		}
		dept.Do("GET", fmt.Sprintf("/job-template?departmentId=%d&search=final", sport), nil).Want(200).Decode(&list)
		if list.Total != 1 || list.Items[0].Title != "Cup Final 2026" || list.Items[0].ClientName != "Northbridge Broadcasting" {
			t.Fatalf("list %+v", list)
		}

		// Placement templates.
		var pt jobs.PlacementTemplate
		dept.Do("POST", path+"/placement-template", obj{"title": "Sound", "startTime": "07:00", "endTime": "19:00"}).Want(201).Decode(&pt)
		if pt.Position != 2 || pt.JobTemplateID != jt.ID || pt.SellRate.Period != "day" || pt.BuyRate != nil {
			t.Fatalf("added %+v", pt)
		}
		ptPath := fmt.Sprintf("/placement-template/%d", pt.ID)
		dept.Do("PATCH", ptPath, obj{"version": pt.Version, "buyRate": obj{"rate": 9, "currency": "GBP", "period": "day"}}).WantError(403, "A-102")
		dept.Do("PATCH", ptPath, obj{"version": pt.Version, "endTime": "25:00"}).Want(422)
		dept.Do("PATCH", ptPath, obj{"version": pt.Version, "endTime": "06:30", "unpaidBreaks": 15}).Want(200).Decode(&pt)
		if !pt.Overnight || pt.UnpaidBreaks != 15 || pt.Title != "Sound" {
			t.Fatalf("patched %+v", pt)
		}
		dept.Do("PATCH", ptPath, obj{"version": pt.Version - 1, "title": "Stale"}).WantError(409, "C-409")
		s.As(apptest.Admin).Do("PATCH", ptPath, obj{"version": pt.Version, "buyRate": obj{"rate": 199.99, "currency": "GBP", "period": "day"}}).
			Want(200).Decode(&pt)
		if pt.BuyRate == nil || pt.BuyRate.Rate != 199.99 {
			t.Fatalf("admin's buy rate %+v", pt)
		}

		// Rate cards: one per (template, user); buy rates admin only.
		card := obj{"placementTemplateId": pt.ID, "userId": felix, "sellRate": obj{"rate": 300, "currency": "GBP", "period": "day"}}
		dept.Do("POST", "/rate-card", obj{"placementTemplateId": pt.ID, "userId": felix,
			"buyRate": obj{"rate": 1, "currency": "GBP", "period": "day"}, "sellRate": obj{"rate": 1, "currency": "GBP", "period": "day"}}).
			WantError(403, "A-102")
		var rc jobs.RateCard
		dept.Do("POST", "/rate-card", card).Want(201).Decode(&rc)
		if rc.BuyRate != nil || rc.SellRate.Rate != 300 || rc.User.FullName != "Felix Reid" {
			t.Fatalf("card %+v", rc)
		}
		dept.Do("POST", "/rate-card", card).WantError(409, "C-409")
		buy, sell, err := jobs.RatesFor(context.Background(), db, pt.ID, felix)
		if err != nil || buy.Rate != 199.99 || sell.Rate != 300 {
			t.Fatalf("rates for %+v %+v %v", buy, sell, err)
		}
		var cards []jobs.RateCard
		dept.Do("GET", fmt.Sprintf("/rate-card/by-placement-template-id/%d", pt.ID), nil).Want(200).Decode(&cards)
		if len(cards) != 1 || cards[0].BuyRate != nil {
			t.Fatalf("cards %+v", cards)
		}
		s.As(apptest.Admin).Do("GET", fmt.Sprintf("/rate-card?placementTemplateId=%d", pt.ID), nil).Want(200).Decode(&cards)
		if len(cards) != 1 || cards[0].BuyRate == nil {
			t.Fatalf("admin's cards %+v", cards)
		}
		rcPath := fmt.Sprintf("/rate-card/%d", rc.ID)
		dept.Do("PATCH", rcPath, obj{"version": rc.Version, "sellRate": obj{"rate": 310, "currency": "USD", "period": "week"}}).Want(200).Decode(&rc)
		dept.Do("PATCH", rcPath, obj{"version": rc.Version - 1, "sellRate": obj{"rate": 1, "currency": "GBP", "period": "day"}}).WantError(409, "C-409")
		dept.Do("PATCH", rcPath, obj{"version": rc.Version, "sellRate": obj{"rate": 1, "currency": "JPY", "period": "day"}}).Want(422)
		s.As(apptest.Freelancer).Do("GET", rcPath, nil).Want(404)
		dept.Do("DELETE", rcPath, nil).Want(204)
		dept.Do("DELETE", ptPath, nil).Want(204)
		dept.Do("DELETE", path, nil).Want(204)
		dept.Do("GET", path, nil).Want(404)
	})
}

// The demo job templates are readable by the managers of their client, in brief and in full,
// with buy rates for administrators only.
func TestDemoJobTemplatesAsEachRoleSeesThem(t *testing.T) {
	withDemo(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		ctx := context.Background()
		for range 2 { // seeding twice changes nothing
			if err := jobs.SeedDemo(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		var briefs []jobs.JobBrief
		s.As(apptest.Manager).Do("GET", "/job/brief", nil).Want(200).Decode(&briefs)
		if len(briefs) != 2 || briefs[0].Title != "Evening News" || briefs[0].EntityName != "Northbridge Broadcasting" {
			t.Fatalf("manager's briefs %+v", briefs)
		}
		s.As(apptest.DeptMgr).Do("GET", "/job/brief", nil).Want(200).Decode(&briefs)
		if len(briefs) != 1 || briefs[0].Title != "Premier League Football" {
			t.Fatalf("department manager's briefs %+v", briefs)
		}
		s.As(apptest.Freelancer).Do("GET", "/job/brief", nil).Want(200).Decode(&briefs)
		if len(briefs) != 0 {
			t.Fatalf("a freelancer sees %+v", briefs)
		}
		football := briefs
		s.As(apptest.DeptMgr).Do("GET", "/job/brief", nil).Decode(&football)
		path := fmt.Sprintf("/job-template/%d", football[0].ID)
		var jt jobs.JobTemplate
		s.As(apptest.DeptMgr).Do("GET", path, nil).Want(200).Decode(&jt)
		if len(jt.PlacementTemplates) != 4 || jt.PlacementTemplates[0].BuyRate != nil || jt.PlacementTemplates[0].SellRate.Rate != 350 ||
			!jt.PlacementTemplates[3].Overnight || jt.Department.Timezone != "Europe/London" || len(jt.PreferredUsers) == 0 {
			t.Fatalf("department manager's template %+v", jt)
		}
		s.As(apptest.Admin).Do("GET", path, nil).Want(200).Decode(&jt)
		if jt.PlacementTemplates[0].BuyRate == nil || jt.PlacementTemplates[0].BuyRate.Rate != 280 {
			t.Fatalf("admin's buy rate %+v", jt.PlacementTemplates[0])
		}
		s.As(apptest.Freelancer).Do("GET", path, nil).WantError(404, "N-404")
		var list []jobs.JobTemplateSummary
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/department/%d/job-templates", jt.DepartmentID), nil).Want(200).Decode(&list)
		if len(list) != 1 || list[0].PlacementTemplateCount != 4 {
			t.Fatalf("department's templates %+v", list)
		}
	})
}
