package notifications

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Every delivery reads the managers of its events' departments. A department of a busy client
// has thousands of hiring links and a few managers: read through the department's index of
// all links, the managers cost 30 to 60 ms a transaction on bench/load's data set.
func TestManagersAreReadFromTheIndexesOfManagers(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		marks, args := database.In([]int64{1, 2})
		plan := databasetest.Plan(t, db, managersSQL(marks), append(args, args...)...)
		for _, index := range []string{"user_department_refs_managers", "user_entity_refs_managers"} {
			if !strings.Contains(plan, index) {
				t.Errorf("the managers' read does not use %s:\n%s", index, plan)
			}
		}
	})
}

// Two workers' rounds that tell the same people, each in more than one insert statement and
// each listing them in its own order, neither deadlock on the kept counts (migration 00048) nor
// lose a count: insertNotifications sorts a round by recipient before it chunks it.
func TestRoundsTellingTheSamePeopleDoNotDeadlockOnTheirCounts(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
		var users []int64
		for i := range 12 {
			email := fmt.Sprintf("round%d@counts.test", i)
			users = append(users, databasetest.InsertID(t, db, `INSERT INTO users (email, email_lc, first_name, last_name,
				created_at, updated_at) VALUES (?, ?, 'Round', 'Count', ?, ?) RETURNING id`, email, email, now, now))
		}
		const rounds, perUser = 4, 50 // 600 notifications a round: three insert statements
		var wg sync.WaitGroup
		errs := make(chan error, 2*rounds)
		for worker := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for round := range rounds {
					var ns []newNotification
					// Person by person, so that each insert statement of 250 holds a different
					// few people; the other worker goes backwards.
					for j := range users {
						u := users[j]
						if worker == 1 {
							u = users[len(users)-1-j]
						}
						for k := range perUser {
							ns = append(ns, newNotification{UserID: u, Type: "client.accepted", Subject: "s",
								BodyText: "b", PlacementID: int64(1 + k + perUser*(round+rounds*worker))})
						}
					}
					errs <- db.InTx(ctx, func(tx *database.Tx) error {
						_, err := insertNotifications(ctx, tx, ns)
						return err
					})
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("a round failed: %v", err)
			}
		}
		for _, u := range users {
			kept := databasetest.Get[int](t, db, `SELECT total FROM notification_counts WHERE user_id = ?`, u)
			counted := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM notifications WHERE user_id = ?`, u)
			if kept != counted || counted != 2*rounds*perUser {
				t.Errorf("user %d: kept %d, counted %d, told %d", u, kept, counted, 2*rounds*perUser)
			}
		}
	})
}
