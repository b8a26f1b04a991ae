package profile_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/people/profile"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// fixture is orgtest.StartClients (a client managed by manager@, with a department Sport
// managed by dept@, and another client) with staff@ linked to the client, a staff user of the
// other client only, and two skills and a job title.
type fixture struct {
	orgtest.ClientsHive
	staffOther           int64 // a staff user linked to the other client only
	skillA, skillB, jobA int64
}

func setup(t *testing.T, db *database.DB) *fixture {
	t.Helper()
	f := &fixture{ClientsHive: orgtest.StartClients(t, db)}
	f.skillA = orgtest.Tag(t, db, "Steadicam", "skills", 0)
	f.skillB = orgtest.Tag(t, db, "Drone", "skills", 0)
	f.jobA = orgtest.Tag(t, db, "Camera Operator", "job_title", 0)
	orgtest.LinkEntity(t, db, f.Users["staff"], f.Client, false, true)
	now := db.Now()
	f.staffOther = databasetest.InsertID(t, db, `INSERT INTO users (email, email_lc, password_hash, first_name, last_name,
		label, phone, country, timezone, account_status, onboarding_state, can_admin, can_create_supplier_entity,
		can_create_agency_entity, can_create_client_entity, is_freelancer, created_at, updated_at, version)
		VALUES ('other@hive.test', 'other@hive.test', '', 'Olive', 'Other', 'Staff', '', 'GB', 'Europe/London',
		'active', 'staff', ?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`, false, false, false, false, false, now, now)
	orgtest.LinkEntity(t, db, f.staffOther, f.Other, false, true)
	return f
}

// eachEngine runs test once per database engine, each time on a fresh fixture.
func eachEngine(t *testing.T, test func(t *testing.T, f *fixture)) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) { test(t, setup(t, db)) })
}

func (f *fixture) get(t *testing.T, role string, id int64) profile.ProfileView {
	t.Helper()
	var v profile.ProfileView
	f.S.As(role).Do("GET", fmt.Sprintf("/account/%d", id), nil).Want(http.StatusOK).Decode(&v)
	return v
}
