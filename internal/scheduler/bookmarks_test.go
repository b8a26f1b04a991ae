package scheduler_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/scheduler"
)

func TestBookmarksBelongToTheirDepartmentManager(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		filters := map[string]any{"departmentIds": []int64{w.DeptA1}, "placementStatuses": []string{"red", "orange"},
			"userIds": []int64{w.Users["freelancer"]}}

		// The filter panel is for department managers (and administrators).
		s.Run(t, orgtest.PerRole("create bookmark", "POST", "/booking/bookmark", func(role string) any {
			return map[string]any{"description": "Mine as " + role, "query": filters}
		}, 201, 201, 201, 403, 403, 401))
		s.Run(t, orgtest.PerRole("list bookmarks", "GET", "/booking/bookmark", nil, 200, 200, 200, 403, 403, 401))

		type bookmark struct {
			ID          int64
			Description string
			Query       struct {
				ClientIDs, DepartmentIDs, UserIDs, JobTemplateIDs []int64
				PlacementStatuses                                 []string
			}
		}
		dept := s.As(apptest.DeptMgr)
		var b bookmark
		dept.Do("POST", "/booking/bookmark", map[string]any{"description": "  Red news  ", "query": filters}).Want(201).Decode(&b)
		if b.Description != "Red news" || fmt.Sprint(b.Query.DepartmentIDs) != fmt.Sprint([]int64{w.DeptA1}) ||
			strings.Join(b.Query.PlacementStatuses, ",") != "red,orange" || b.Query.ClientIDs == nil || len(b.Query.ClientIDs) != 0 {
			t.Fatalf("created %+v", b)
		}
		var read bookmark
		dept.Do("GET", fmt.Sprintf("/booking/bookmark/%d", b.ID), nil).Want(200).Decode(&read)
		if fmt.Sprint(read) != fmt.Sprint(b) {
			t.Errorf("read back %+v, created %+v", read, b)
		}
		var list struct{ Items []bookmark }
		dept.Do("GET", "/booking/bookmark", nil).Want(200).Decode(&list)
		if len(list.Items) != 2 || list.Items[0].Description != "Mine as dept" || list.Items[1].ID != b.ID {
			t.Errorf("dept's bookmarks %+v", list.Items)
		}

		// Someone else's bookmark does not exist for them, even for an administrator.
		for _, role := range []string{apptest.Manager, apptest.Admin} {
			s.As(role).Do("GET", fmt.Sprintf("/booking/bookmark/%d", b.ID), nil).WantError(404, "N-404")
			s.As(role).Do("DELETE", fmt.Sprintf("/booking/%d/bookmark", b.ID), nil).WantError(404, "N-404")
		}
		s.As(apptest.Staff).Do("DELETE", fmt.Sprintf("/booking/%d/bookmark", b.ID), nil).WantError(403, "A-102")

		// A description is required, at most 200 characters once trimmed; the statuses are colours.
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"description": "   ", "query": filters}, scheduler.MsgBookmarkDescription},
			{map[string]any{"query": filters}, "description"},
			{map[string]any{"description": strings.Repeat("x", 201)}, scheduler.MsgBookmarkTooLong},
			{map[string]any{"description": "Blue", "query": map[string]any{"placementStatuses": []string{"blue"}}}, ""},
		} {
			r := dept.Do("POST", "/booking/bookmark", c.body).WantError(422, "V-422")
			if !strings.Contains(string(r.Body), c.msg) {
				t.Errorf("%v: %s", c.body, r.Body)
			}
		}
		var short bookmark
		dept.Do("POST", "/booking/bookmark", map[string]any{"description": " " + strings.Repeat("x", 200) + " "}).
			Want(201).Decode(&short)
		if len(short.Description) != 200 || short.Query.PlacementStatuses == nil {
			t.Errorf("200 characters with spaces around: %+v", short)
		}

		dept.Do("DELETE", fmt.Sprintf("/booking/%d/bookmark", b.ID), nil).Want(204)
		dept.Do("DELETE", fmt.Sprintf("/booking/%d/bookmark", b.ID), nil).WantError(404, "N-404")
		dept.Do("GET", fmt.Sprintf("/booking/bookmark/%d", b.ID), nil).WantError(404, "N-404")
		dept.Do("GET", "/booking/bookmark", nil).Want(200).Decode(&list)
		if len(list.Items) != 2 {
			t.Errorf("after delete %+v", list.Items)
		}
	})
}
