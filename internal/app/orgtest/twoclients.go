package orgtest

import (
	"testing"

	"github.com/hive/hive/internal/platform/database"
)

// Clients is the small organisation many feature tests start from: Northern Broadcasting, a
// client that manager@ manages, with its department Sport that dept@ manages; and Southern
// Television, a client nobody is linked to. Users are the demo roles' ids (Users).
type Clients struct {
	Client, Other, Dept int64
	Users               map[string]int64
}

// TwoClients inserts Clients; call it after apptest.Start, which creates the demo users.
func TwoClients(t testing.TB, db *database.DB) Clients {
	t.Helper()
	c := Clients{Users: Users(t, db)}
	c.Client = Entity(t, db, "Northern Broadcasting", "client")
	c.Other = Entity(t, db, "Southern Television", "client")
	c.Dept = Department(t, db, c.Client, "Sport")
	LinkEntity(t, db, c.Users["manager"], c.Client, true, true)
	LinkDepartment(t, db, c.Users["dept"], c.Dept, false, true, true)
	return c
}
