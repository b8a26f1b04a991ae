package notifications

import (
	"strings"
	"testing"

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
