package entities_test

import (
	"testing"

	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// fixture is orgtest.StartClients (a client managed by manager@, with a
// department managed by dept@, and another client nobody is linked to) with a department of
// the other client too.
type fixture struct {
	orgtest.ClientsHive
	otherDept int64
}

func setup(t *testing.T, db *database.DB, configure ...func(*config.Config)) *fixture {
	t.Helper()
	f := &fixture{ClientsHive: orgtest.StartClients(t, db, configure...)}
	f.otherDept = orgtest.Department(t, db, f.Other, "News")
	return f
}

// eachEngine runs test once per database engine, each time on a fresh fixture.
func eachEngine(t *testing.T, test func(t *testing.T, f *fixture)) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) { test(t, setup(t, db)) })
}

// link makes role a member of entity id, a manager when manage.
func (f *fixture) link(t *testing.T, role string, id int64, manage bool) {
	t.Helper()
	orgtest.LinkEntity(t, f.DB, f.Users[role], id, manage, true)
}

func (f *fixture) version(t *testing.T, id int64) int {
	t.Helper()
	return databasetest.Get[int](t, f.DB, `SELECT version FROM entities WHERE id = ?`, id)
}
