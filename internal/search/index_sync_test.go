package search_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search/index"
)

// snapshot is the whole index as sorted lines: each word of each record with its scope.
func snapshot(t *testing.T, db *database.DB) []string {
	t.Helper()
	var terms []struct {
		Source       string `db:"source"`
		Term         string `db:"term"`
		ID           int64  `db:"record_id"`
		Weight       int    `db:"weight"`
		ScopeID      *int64 `db:"scope_id"`
		IsFreelancer bool   `db:"is_freelancer"`
		Status       string `db:"status"`
	}
	if err := db.Select(context.Background(), &terms, `SELECT source, term, record_id, weight, scope_id, is_freelancer, status
		FROM search_terms`); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, x := range terms {
		out = append(out, fmt.Sprintf("term %s %s %d %d scope=%v freelancer=%v %s", x.Term, x.Source, x.ID, x.Weight,
			databasetest.Nullable(x.ScopeID), x.IsFreelancer, x.Status))
	}
	slices.Sort(out)
	return out
}

// TestIndexKeptInStep makes writes of every kind that changes indexed text or scope through
// the API (the real stores, each in its transaction), then checks that the index kept by those
// writes equals the index Rebuild computes from scratch, and that a failed write leaves the
// index as it was.
func TestIndexKeptInStep(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		ctx := context.Background()
		cupFinal := orgtest.JobTemplate(t, db, w.DeptA1)
		// orgtest writes with direct SQL: index its world first, as the start-up build would.
		if err := index.Rebuild(ctx, db); err != nil {
			t.Fatal(err)
		}
		admin := s.As(apptest.Admin)
		id := (*apptest.Response).CreatedID
		ok := func(res *apptest.Response) {
			t.Helper()
			if res.Status >= 300 {
				t.Fatalf("status %d: %s", res.Status, res.Body)
			}
		}
		version := func(table string, id int64) int {
			return databasetest.Get[int](t, db, `SELECT version FROM `+table+` WHERE id = ?`, id)
		}
		// Organisations.
		entity := id(admin.Do("POST", "/entity", map[string]any{"name": "Quantum Crew Hire", "type": "client"}))
		ok(admin.Do("PATCH", fmt.Sprintf("/entity/%d", entity), map[string]any{"name": "Quantum Crew Ltd", "version": 1}))
		legal := id(admin.Do("POST", "/legal-entity", map[string]any{"entityIds": []int64{entity}, "type": "uk_llp",
			"companyName": "Quantum LLP", "companyNumber": "OC301235"}))
		ok(admin.Do("PATCH", fmt.Sprintf("/legal-entity/%d", legal), map[string]any{"companyName": "Quantum Pictures LLP", "version": 1}))
		dept := id(admin.Do("POST", "/department", map[string]any{"clientId": entity, "name": "Outside Broadcast"}))
		ok(admin.Do("PATCH", fmt.Sprintf("/department/%d", dept), map[string]any{"name": "Outside Broadcasts",
			"version": version("departments", dept)}))
		// Job templates.
		job := id(admin.Do("POST", "/job-template", map[string]any{"departmentId": w.DeptA1, "title": "Regional Derby"}))
		ok(admin.Do("PATCH", fmt.Sprintf("/job-template/%d", job), map[string]any{"title": "Regional Derby Live",
			"legacyJobId": "LJ-77", "agent": "Northern Agents", "version": version("job_templates", job)}))
		gone := id(admin.Do("POST", "/job-template", map[string]any{"departmentId": w.DeptA1, "title": "Short Lived"}))
		ok(admin.Do("DELETE", fmt.Sprintf("/job-template/%d", gone), nil))
		// Bookings.
		booking := id(admin.Do("POST", "/booking", map[string]any{"jobTemplateId": cupFinal,
			"title": "Cup Final", "reference": "CUP-1", "dates": []string{"2027-04-01"}, "periodType": "custom"}))
		ok(admin.Do("PATCH", fmt.Sprintf("/booking/%d", booking), map[string]any{"title": "Cup Final Replay",
			"reference": "CUP-2", "version": version("bookings", booking)}))
		// Users: assisted create, profile (names and job titles), activation, sign-up.
		user := id(admin.Do("POST", "/account", map[string]any{"email": "ivy@x.test", "firstName": "Ivy",
			"lastName": "Integrity", "isFreelancer": true, "entityIds": []int64{w.ClientA}}))
		camera := id(admin.Do("POST", "/entity/job-title-tag", map[string]any{"job_title_name": "Jib Operator"}))
		grip := id(admin.Do("POST", "/entity/job-title-tag", map[string]any{"job_title_name": "Key Grip"}))
		ok(admin.Do("PATCH", fmt.Sprintf("/account/%d", user), map[string]any{"firstName": "Ivie", "lastName": "Ingram",
			"job_titles": []int64{camera, grip}, "version": version("users", user)}))
		ok(admin.Do("POST", fmt.Sprintf("/account/%d/set-password", user), map[string]any{"password": "NewPassword1"}))
		ok(admin.Do("PATCH", fmt.Sprintf("/entity/job-title-tag/%d", camera), map[string]any{"job_title_name": "Crane Operator",
			"version": 1}))
		ok(admin.Do("DELETE", fmt.Sprintf("/entity/job-title-tag/%d", grip), nil))
		ok(s.Client().Do("POST", "/onboard-freelancer", map[string]any{"email": "signup@x.test", "password": "Str0ng-enough",
			"firstName": "Nia", "lastName": "Cole", "termsAndConditions": true}))

		kept := snapshot(t, db)
		for _, want := range []string{
			fmt.Sprintf("term quantum entity %d 3 scope=%d", entity, entity), fmt.Sprintf("term ltd entity %d 3", entity),
			fmt.Sprintf("term pictures legal_entity %d 3", legal), fmt.Sprintf("term =oc301235 legal_entity %d 100", legal),
			fmt.Sprintf("term broadcasts department %d 3", dept), fmt.Sprintf("term live job %d 3", job),
			fmt.Sprintf("term =lj-77 job %d 100", job), fmt.Sprintf("term replay booking %d 3 scope=%d", booking, w.DeptA1),
			fmt.Sprintf("term =cup-2 booking %d 100", booking), fmt.Sprintf("term ivie user %d 3", user),
			fmt.Sprintf("term crane user %d 2", user), fmt.Sprintf("term ivie user %d 3 scope=<nil> freelancer=true %s", user,
				databasetest.Get[string](t, db, `SELECT account_status FROM users WHERE id = ?`, user)),
		} {
			if !hasPrefix(kept, want) {
				t.Errorf("kept index lacks %q", want)
			}
		}
		for _, stale := range []string{fmt.Sprintf("term jib user %d 2", user), fmt.Sprintf("term grip user %d 2", user),
			fmt.Sprintf("term =cup-1 booking %d 100", booking), fmt.Sprintf("term short job %d 3", gone)} {
			if hasPrefix(kept, stale) {
				t.Errorf("kept index still has %q", stale)
			}
		}
		if err := index.Rebuild(ctx, db); err != nil {
			t.Fatal(err)
		}
		if rebuilt := snapshot(t, db); !slices.Equal(kept, rebuilt) {
			t.Errorf("kept index differs from a rebuild:\nonly kept: %v\nonly rebuilt: %v", minus(kept, rebuilt), minus(rebuilt, kept))
		}

		// A failed write changes nothing in the index: the refresh rolls back with it.
		before := snapshot(t, db)
		boom := errors.New("boom")
		err := db.InTx(ctx, func(tx *database.Tx) error {
			if _, err := tx.Exec(ctx, `UPDATE entities SET name = 'Vanished' WHERE id = ?`, entity); err != nil {
				return err
			}
			if err := index.Refresh(ctx, tx, index.Entity, entity); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		admin.Do("PATCH", fmt.Sprintf("/department/%d", dept), map[string]any{"name": "Drama", "version": 1}).
			Want(http.StatusConflict) // stale
		if after := snapshot(t, db); !slices.Equal(before, after) {
			t.Errorf("a failed write changed the index:\nonly after: %v\nonly before: %v", minus(after, before), minus(before, after))
		}
	})
}

// hasPrefix reports whether a line of lines is want or starts with want and a space.
func hasPrefix(lines []string, want string) bool {
	return slices.ContainsFunc(lines, func(l string) bool { return l == want || strings.HasPrefix(l, want+" ") })
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
