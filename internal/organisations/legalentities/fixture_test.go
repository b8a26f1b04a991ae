package legalentities_test

import (
	"testing"

	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// fixture is orgtest.StartClients (a client managed by manager@ and viewed by
// nobody else, with a department managed by dept@, and another client) with a legal entity
// linked to each client.
type fixture struct {
	orgtest.ClientsHive
	le, otherLE int64
}

func setup(t *testing.T, db *database.DB) *fixture {
	t.Helper()
	f := &fixture{ClientsHive: orgtest.StartClients(t, db)}
	f.le = orgtest.LegalEntity(t, db, "Northern Broadcasting Ltd")
	orgtest.LinkLegal(t, db, f.Client, f.le)
	f.otherLE = orgtest.LegalEntity(t, db, "Southern Television Ltd")
	orgtest.LinkLegal(t, db, f.Other, f.otherLE)
	return f
}

// eachEngine runs test once per database engine, each time on a fresh fixture.
func eachEngine(t *testing.T, test func(t *testing.T, f *fixture)) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) { test(t, setup(t, db)) })
}

func (f *fixture) version(t *testing.T, id int64) int {
	t.Helper()
	return databasetest.Get[int](t, f.DB, `SELECT version FROM legal_entities WHERE id = ?`, id)
}

// viewer makes role a select-only member of entity.
func (f *fixture) viewer(t *testing.T, role string, entity int64) {
	t.Helper()
	orgtest.LinkEntity(t, f.DB, f.Users[role], entity, false, true)
}
