package invitations

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

// storeWorld is the set-up of the store's tests: the demo accounts, a clock stopped at
// 22 November 2026 09:00 UTC (tests move it), a store, the client Northbridge and the demo
// manager who invites.
type storeWorld struct {
	ctx     context.Context
	clock   *clock.Settable
	s       *Store
	client  int64
	manager int64
}

func newStoreWorld(t *testing.T, db *database.DB) storeWorld {
	t.Helper()
	ctx := context.Background()
	if _, err := accounts.SeedDemo(ctx, db); err != nil {
		t.Fatal(err)
	}
	c := clock.At(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	db.Now = c.Now
	return storeWorld{ctx: ctx, clock: c, s: &Store{DB: db, BaseURL: "https://hive.example/"},
		client: newEntity(t, db, "Northbridge", "client"), manager: userID(t, db, "manager@hive.test")}
}

// newEntity inserts an entity of kind named name.
func newEntity(t testing.TB, db *database.DB, name, kind string) int64 {
	now := db.Now()
	return databasetest.InsertID(t, db, `INSERT INTO entities (name, name_lc, type, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		name, strings.ToLower(name), kind, now, now)
}

func userID(t testing.TB, db *database.DB, email string) int64 {
	t.Helper()
	return databasetest.Get[int64](t, db, `SELECT id FROM users WHERE email_lc = ?`, strings.ToLower(email))
}

type link struct {
	CanExternal bool `db:"can_external"`
	CanManage   bool `db:"can_manage"`
	CanSelect   bool `db:"can_select"`
}

// links returns the user-entity links of user and entity (zero or one).
func links(t testing.TB, db *database.DB, user, entity int64) []link {
	t.Helper()
	var l []link
	if err := db.Select(context.Background(), &l, `SELECT can_external, can_manage, can_select FROM user_entity_refs
		WHERE user_id = ? AND entity_id = ?`, user, entity); err != nil {
		t.Fatal(err)
	}
	return l
}

type eventRow struct {
	Kind    string `db:"kind"`
	Entity  int64  `db:"entity_id"`
	User    *int64 `db:"user_id"`
	Actor   *int64 `db:"actor_user_id"`
	Payload string `db:"payload_json"`
}

// eventsOf lists the events of invitation id, oldest first.
func eventsOf(t testing.TB, db *database.DB, id int64) []eventRow {
	t.Helper()
	var evs []eventRow
	if err := db.Select(context.Background(), &evs, `SELECT kind, entity_id, user_id, actor_user_id, payload_json
		FROM invitation_events WHERE invitation_id = ? ORDER BY id`, id); err != nil {
		t.Fatal(err)
	}
	return evs
}

var tokenInLink = regexp.MustCompile(`(https?://\S+?)(/sign-up(?:-staff)?)\?invitation=([A-Za-z0-9_-]+)`)

// mailedToken returns the sign-up path and token of the newest mail to addr.
func mailedToken(t testing.TB, db *database.DB, addr string) (path, token string) {
	t.Helper()
	msgs, err := mail.Outbox(context.Background(), db, addr)
	if err != nil || len(msgs) == 0 {
		t.Fatalf("no mail to %s (%v)", addr, err)
	}
	m := tokenInLink.FindStringSubmatch(msgs[0].Text)
	if m == nil {
		t.Fatalf("no sign-up link in mail to %s:\n%s", addr, msgs[0].Text)
	}
	return m[2], m[3]
}

func wantKind(t *testing.T, err error, kind apperror.Kind, msg string) {
	t.Helper()
	e := apperror.As(err)
	if e == nil || e.Kind != kind {
		t.Fatalf("error %v, want %s", err, kind)
	}
	if msg != "" && e.Message != msg {
		t.Fatalf("message %q, want %q", e.Message, msg)
	}
}
