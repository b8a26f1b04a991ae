package orgtest

import (
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/config"
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
	linkManagers(t, db, c.Users, c.Client, c.Dept)
	return c
}

// ClientsHive is Clients on a Hive started on DB, which S serves: the fixture the HTTP tests of
// entities and legal entities each extend with their own records.
type ClientsHive struct {
	Clients
	S  *apptest.Server
	DB *database.DB
}

// StartClients starts a Hive on db (configure changes its configuration) and inserts Clients.
func StartClients(t *testing.T, db *database.DB, configure ...func(*config.Config)) ClientsHive {
	t.Helper()
	s := apptest.Start(t, db, configure...)
	return ClientsHive{Clients: TwoClients(t, db), S: s, DB: db}
}
