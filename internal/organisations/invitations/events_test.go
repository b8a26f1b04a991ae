package invitations

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

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

// Every invitation sent writes its event in its own transaction: bound to the account that
// holds the address, or to none (then the invitation's mail carries the sign-up link); a
// refused invitation leaves none; sending again after the link expired writes another.
func TestAnInvitationSentWritesItsEventInItsTransaction(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		if _, err := accounts.SeedDemo(ctx, db); err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		s := &Store{DB: db, BaseURL: "https://hive.example/"}
		client := newEntity(t, db, "Northbridge", "client")
		manager := userID(t, db, "manager@hive.test")
		freelancer := userID(t, db, "freelancer@hive.test")

		held, err := s.Create(ctx, NewInvitation{EntityID: client, Email: "Freelancer@hive.test", Message: "Join us\nplease"},
			manager, "Morgan Mills")
		if err != nil {
			t.Fatal(err)
		}
		evs := eventsOf(t, db, held.ID)
		if len(evs) != 1 || evs[0].Kind != string(EventSent) || evs[0].Entity != client || evs[0].User == nil ||
			*evs[0].User != freelancer || evs[0].Actor == nil || *evs[0].Actor != manager {
			t.Fatalf("events %+v", evs)
		}
		var p EventPayload
		if err := json.Unmarshal([]byte(evs[0].Payload), &p); err != nil ||
			p != (EventPayload{EntityName: "Northbridge", InviterName: "Morgan Mills", Purpose: PurposeFreelancer, Message: "Join us\nplease"}) {
			t.Errorf("payload %s (%v)", evs[0].Payload, err)
		}
		if msgs, _ := mail.Outbox(ctx, db, "freelancer@hive.test"); len(msgs) != 0 {
			t.Errorf("an account holder was mailed from here: %+v", msgs)
		}

		fresh, err := s.Create(ctx, NewInvitation{EntityID: client, Email: "new@example.com"}, 0, "")
		if err != nil {
			t.Fatal(err)
		}
		if evs := eventsOf(t, db, fresh.ID); len(evs) != 1 || evs[0].User != nil || evs[0].Actor != nil {
			t.Errorf("events of a new address %+v", evs)
		}
		mailedToken(t, db, "new@example.com") // its mail carries the sign-up link

		// Refused (a pending one exists): the transaction leaves no event behind.
		_, err = s.Create(ctx, NewInvitation{EntityID: client, Email: "freelancer@hive.test"}, manager, "")
		wantKind(t, err, apperror.KindConflict, MsgPending)
		if n := len(eventsOf(t, db, held.ID)); n != 1 {
			t.Errorf("a refused invitation wrote an event: %d", n)
		}

		// Sent again once its link expired: a second event, another notification.
		now = now.Add(TokenTTL + time.Hour)
		if _, err := s.Create(ctx, NewInvitation{EntityID: client, Email: "freelancer@hive.test"}, manager, ""); err != nil {
			t.Fatal(err)
		}
		if evs := eventsOf(t, db, held.ID); len(evs) != 2 {
			t.Errorf("events after sending again %+v", evs)
		}
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM invitation_events WHERE delivered_at IS NULL`); n != 3 {
			t.Errorf("%d undelivered events, want 3", n)
		}
	})
}
