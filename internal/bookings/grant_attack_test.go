package bookings_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/platform/database"
)

// wantSameRefusal fails unless res is the refusal want (what an id naming nobody gets) and
// names nobody.
func wantSameRefusal(t *testing.T, what string, res *apptest.Response, want *apptest.Response, secrets ...string) {
	t.Helper()
	if res.Status != want.Status || string(res.Body) != string(want.Body) {
		t.Fatalf("%s: %d %s, want the answer for a missing id: %d %s", what, res.Status, res.Body, want.Status, want.Body)
	}
	for _, s := range secrets {
		if strings.Contains(strings.ToLower(string(res.Body)), strings.ToLower(s)) {
			t.Fatalf("%s names %q: %s", what, s, res.Body)
		}
	}
}

// TestAttack_GrantInstructsOnlyHireableFreelancers is the hire rule: a department's managers
// instruct themselves, a fellow manager, an account not yet activated and freelancers their
// department may not hire. Each is the 422 on userIds that an id naming nobody gets, nothing is
// written, and a hireable freelancer still is.
func TestAttack_GrantInstructsOnlyHireableFreelancers(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		inactive := orgtest.UserID(t, db, "inactive@hive.test")
		grace := orgtest.UserID(t, db, "grace.adeyemi@hive.test")
		elsewhere := orgtest.UserID(t, db, "amelia.hughes@hive.test")
		// Even a can_hire link does not make a manager or an unactivated account hireable.
		orgtest.Hire(t, db, w.DeptA1, w.Users["freelancer"], w.Users["dept"], w.Users["manager"], inactive)
		orgtest.Hire(t, db, w.DeptB1, elsewhere)

		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		placement := bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{"2027-02-01"}}).Placements[0].ID
		grantAs := func(role string, users ...int64) *apptest.Response {
			return s.As(role).Do("POST", fmt.Sprintf("/placement/%d/grant", placement),
				map[string]any{"userIds": users, "placementIds": []int64{placement}})
		}
		missing := grantAs(apptest.DeptMgr, 999999)
		secrets := []string{"dept@hive.test", "manager@hive.test", "inactive@hive.test", "grace.adeyemi", "amelia.hughes",
			"Patel", "Mills", "Quinn", "Adeyemi", "Hughes"}
		for _, c := range []struct {
			name string
			as   string
			user int64
		}{
			{"the department's manager instructs herself", apptest.DeptMgr, w.Users["dept"]},
			{"the client's manager instructs himself", apptest.Manager, w.Users["manager"]},
			{"a manager instructs another manager", apptest.Manager, w.Users["dept"]},
			{"an account not yet activated", apptest.DeptMgr, inactive},
			{"a freelancer the department does not hire", apptest.DeptMgr, grace},
			{"another client's freelancer", apptest.Manager, elsewhere},
		} {
			wantSameRefusal(t, c.name, grantAs(c.as, c.user), missing, secrets...)
		}
		if missing.Status != 422 || !strings.Contains(string(missing.Body), bookings.MsgNotHireable) ||
			!strings.Contains(string(missing.Body), "userIds") {
			t.Fatalf("refusal: %d %s", missing.Status, missing.Body)
		}
		// One ineligible user refuses the whole grant.
		wantSameRefusal(t, "a hireable and an unactivated freelancer", grantAs(apptest.DeptMgr, w.Users["freelancer"], inactive), missing, secrets...)
		for _, u := range []int64{w.Users["dept"], w.Users["manager"], inactive, grace, elsewhere, w.Users["freelancer"]} {
			if n := bookingstest.LiveInstructionsOf(t, db, u); n != 0 {
				t.Fatalf("user %d holds %d instructions after refused grants", u, n)
			}
		}

		var res bookings.GrantResult
		grantAs(apptest.DeptMgr, w.Users["freelancer"]).Want(200).Decode(&res)
		if res.Inserted != 1 {
			t.Fatalf("hireable freelancer: %+v", res)
		}
	})
}

// TestAttack_SubstituteMustBeHireable: the same rule for substitutes. The department's manager
// (who has a can_hire link) substitutes herself for the incumbent, and an unactivated account;
// each is refused as an id naming nobody is, and the incumbent keeps the placement.
func TestAttack_SubstituteMustBeHireable(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		inactive := orgtest.UserID(t, db, "inactive@hive.test")
		orgtest.Hire(t, db, w.DeptA1, w.Users["freelancer"], w.Users["dept"], inactive)
		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		day, _ := bookingstest.SubBook(t, s, jt, true)
		bookingstest.Grant(t, s, day, w.Users["freelancer"])
		bookingstest.AnswerAsSupplier(t, s, db, day, w.Users["freelancer"], "accepted")

		substitute := func(user int64) *apptest.Response {
			return s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant-substitution", day),
				map[string]any{"userIds": []int64{user}})
		}
		missing := substitute(999999).Want(409)
		wantSameRefusal(t, "the manager substitutes herself", substitute(w.Users["dept"]), missing, "Patel", "dept@hive.test")
		wantSameRefusal(t, "an unactivated substitute", substitute(inactive), missing, "Quinn", "inactive@hive.test")
		if n := bookingstest.LiveInstructionsOf(t, db, w.Users["dept"]) + bookingstest.LiveInstructionsOf(t, db, inactive); n != 0 {
			t.Fatalf("%d substitute instructions made", n)
		}
	})
}

// TestGrantRefusedToOutsiders calls the grant as a freelancer and as another client's manager:
// neither may see the department, so both get 404 and nothing is instructed.
func TestGrantRefusedToOutsiders(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
		orgtest.Hire(t, db, w.DeptA1, w.Users["freelancer"])
		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		placement := bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{"2027-02-01"}}).Placements[0].ID
		for _, role := range []string{apptest.Freelancer, apptest.Staff} {
			s.As(role).Do("POST", fmt.Sprintf("/placement/%d/grant", placement),
				map[string]any{"userIds": []int64{w.Users["freelancer"]}, "placementIds": []int64{placement}}).WantError(404, "N-404")
		}
		if n := bookingstest.LiveInstructionsOf(t, db, w.Users["freelancer"]); n != 0 {
			t.Fatalf("%d instructions made", n)
		}
	})
}
