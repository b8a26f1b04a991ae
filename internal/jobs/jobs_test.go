package jobs_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/database"
)

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
