package jobs_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/database"
)

// TestAttack_PreferredUsersAndRateCardsFindNoAccounts is the linking rule (only users the
// caller may see) on the other places a manager names a user: a job template's preferred users
// and a rate card answer with the user's name. The Sport department's manager names people they
// may not see (another client's manager, the administrator): each answer is the one a missing id
// gets, and nothing is written; a freelancer (whom managers see) is still accepted.
func TestAttack_PreferredUsersAndRateCardsFindNoAccounts(t *testing.T) {
	withDemo(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		var sport int64
		if err := db.Get(context.Background(), &sport, `SELECT id FROM departments WHERE name = 'Sport'`); err != nil {
			t.Fatal(err)
		}
		dept := s.As(apptest.DeptMgr)
		hidden := []int64{orgtest.UserID(t, db, "manager@hive.test"), orgtest.UserID(t, db, "admin@hive.test")}
		template := func(user int64) *apptest.Response {
			return dept.Do("POST", "/job-template", obj{"departmentId": sport, "title": "Probe",
				"preferredUserIds":   []int64{user},
				"placementTemplates": []obj{{"title": "Camera", "startTime": "08:00", "endTime": "18:00"}}})
		}
		missing := template(999999)
		for _, u := range hidden {
			if res := template(u); res.Status != missing.Status || string(res.Body) != string(missing.Body) ||
				strings.Contains(string(res.Body), "@hive.test") {
				t.Fatalf("preferred user %d: %d %s, want %d %s", u, res.Status, res.Body, missing.Status, missing.Body)
			}
		}
		if missing.Status != 422 || !strings.Contains(string(missing.Body), jobs.MsgNotHireable) {
			t.Fatalf("missing user: %d %s", missing.Status, missing.Body)
		}

		var jt jobs.JobTemplate
		felix := orgtest.UserID(t, db, "freelancer@hive.test")
		template(felix).Want(201).Decode(&jt)
		card := func(user int64) *apptest.Response {
			return dept.Do("POST", "/rate-card", obj{"placementTemplateId": jt.PlacementTemplates[0].ID, "userId": user,
				"sellRate": obj{"rate": 300, "currency": "GBP", "period": "day"}})
		}
		missingCard := card(999999)
		for _, u := range hidden {
			if res := card(u); res.Status != missingCard.Status || string(res.Body) != string(missingCard.Body) {
				t.Fatalf("rate card for %d: %d %s, want %d %s", u, res.Status, res.Body, missingCard.Status, missingCard.Body)
			}
		}
		var n int
		if err := db.Get(context.Background(), &n, `SELECT (SELECT COUNT(*) FROM rate_cards WHERE user_id IN (?, ?)) +
			(SELECT COUNT(*) FROM job_template_preferred_users WHERE user_id IN (?, ?))`, hidden[0], hidden[1], hidden[0], hidden[1]); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("%d rows name hidden users", n)
		}
	})
}
