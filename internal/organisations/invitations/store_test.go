package invitations

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

func TestStore(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := newStoreWorld(t, db)
		ctx, s, client, manager := w.ctx, w.s, w.client, w.manager
		other := newEntity(t, db, "Harbour", "client")

		t.Run("validation", func(t *testing.T) {
			for _, c := range []struct {
				n     NewInvitation
				field string
				msg   string
			}{
				{NewInvitation{Email: "a@b.test"}, "entityId", MsgRequired},
				{NewInvitation{EntityID: client}, "email", accounts.MsgEmailRequired},
				{NewInvitation{EntityID: client, Email: "not-an-address"}, "email", accounts.MsgEmailInvalid},
				{NewInvitation{EntityID: client, Email: "a@b.test", Message: strings.Repeat("x", MaxMessage+1)}, "message", MsgMessageLength},
			} {
				_, err := s.Create(ctx, c.n, manager, "Morgan Mills")
				e := apperror.As(err)
				if e == nil || e.Kind != apperror.KindInvalid || e.Fields[0].Loc[1] != c.field || e.Fields[0].Msg != c.msg {
					t.Errorf("%+v: %v, want %s %q", c.n, err, c.field, c.msg)
				}
			}
			_, err := s.Create(ctx, NewInvitation{EntityID: 999999, Email: "a@b.test"}, manager, "")
			wantKind(t, err, apperror.KindNotFound, "")
		})

		t.Run("new person gets a sign-up link per purpose", func(t *testing.T) {
			for purpose, path := range map[string]string{PurposeFreelancer: "/sign-up", PurposeStaff: "/sign-up-staff", PurposeOther: "/sign-up-staff"} {
				addr := purpose + ".person@example.com"
				inv, err := s.Create(ctx, NewInvitation{EntityID: client, Email: " " + strings.ToUpper(addr[:1]) + addr[1:], Purpose: purpose, Message: "Welcome"}, manager, "Morgan Mills")
				if err != nil {
					t.Fatal(err)
				}
				if inv.Status != StatusPending || inv.User != nil || inv.Entity.Name != "Northbridge" || inv.InvitedBy == nil ||
					inv.InvitedBy.FullName != "Morgan Mills" || inv.Version != 1 || !inv.ExpiresAt.Equal(w.clock.Now().Add(TokenTTL)) {
					t.Errorf("invitation %+v", inv)
				}
				gotPath, token := mailedToken(t, db, addr)
				if gotPath != path {
					t.Errorf("%s: link path %s, want %s", purpose, gotPath, path)
				}
				info, err := s.ByToken(ctx, token)
				if err != nil || info.EntityName != "Northbridge" || info.Purpose != purpose || !strings.EqualFold(info.Email, addr) {
					t.Errorf("by token: %+v %v", info, err)
				}
			}
		})

		t.Run("an account holder is told by the notification worker, not mailed from here", func(t *testing.T) {
			inv, err := s.Create(ctx, NewInvitation{EntityID: client, Email: "Staff@hive.test", Purpose: PurposeStaff}, manager, "Morgan Mills")
			if err != nil {
				t.Fatal(err)
			}
			if inv.User == nil || inv.User.FullName != "Sam Turner" {
				t.Errorf("user %+v", inv.User)
			}
			if msgs, _ := mail.Outbox(ctx, db, "staff@hive.test"); len(msgs) != 0 {
				t.Errorf("mail %+v", msgs)
			}
			if evs := eventsOf(t, db, inv.ID); len(evs) != 1 || evs[0].User == nil || *evs[0].User != inv.User.ID {
				t.Errorf("events %+v", evs)
			}
		})

		t.Run("one pending invitation per address and entity", func(t *testing.T) {
			_, err := s.Create(ctx, NewInvitation{EntityID: client, Email: "FREELANCER.person@example.com"}, manager, "")
			wantKind(t, err, apperror.KindConflict, MsgPending)
			if _, err := s.Create(ctx, NewInvitation{EntityID: other, Email: "freelancer.person@example.com"}, 0, ""); err != nil {
				t.Errorf("another entity: %v", err)
			}
		})

		t.Run("an expired link is sent again", func(t *testing.T) {
			first, err := s.Create(ctx, NewInvitation{EntityID: other, Email: "late@example.com"}, manager, "")
			if err != nil {
				t.Fatal(err)
			}
			_, oldToken := mailedToken(t, db, "late@example.com")
			w.clock.Advance(TokenTTL + time.Hour)
			defer w.clock.Advance(-TokenTTL - time.Hour)
			if _, err := s.ByToken(ctx, oldToken); apperror.KindOf(err) != apperror.KindNotFound {
				t.Errorf("expired token: %v", err)
			}
			again, err := s.Create(ctx, NewInvitation{EntityID: other, Email: "late@example.com", Purpose: PurposeStaff}, manager, "")
			if err != nil {
				t.Fatal(err)
			}
			if again.ID != first.ID || again.Version != 2 || again.Purpose != PurposeStaff {
				t.Errorf("resent %+v", again)
			}
			if _, token := mailedToken(t, db, "late@example.com"); token == oldToken {
				t.Error("same token mailed again")
			}
		})

		t.Run("lists", func(t *testing.T) {
			staff := userID(t, db, "staff@hive.test")
			page, err := s.List(ctx, Filter{AllVisible: true, EntityID: client, Sort: "email"})
			if err != nil {
				t.Fatal(err)
			}
			if page.Total != 4 || len(page.Items) != 4 || page.Items[0].Email != "Freelancer.person@example.com" {
				t.Errorf("by entity: total %d, first %+v", page.Total, page.Items[0])
			}
			page, _ = s.List(ctx, Filter{AllVisible: true, EntityID: client, Sort: "-email", Limit: 2, Offset: 2})
			if page.Total != 4 || len(page.Items) != 2 {
				t.Errorf("second page: %+v", page)
			}
			page, _ = s.List(ctx, Filter{AllVisible: true, EntityID: client, Limit: 2, Offset: 20})
			if page.Total != 4 || len(page.Items) != 0 {
				t.Errorf("past the end: %+v", page)
			}
			page, _ = s.List(ctx, Filter{AllVisible: true, EntityID: client, Purpose: PurposeStaff, Email: "PERSON"})
			if page.Total != 1 {
				t.Errorf("filters: %+v", page)
			}
			page, _ = s.List(ctx, Filter{EntityIDs: []int64{other}, UserID: staff})
			if page.Total != 3 { // two to the other entity, and staff's own
				t.Errorf("visible: %d", page.Total)
			}
			page, _ = s.List(ctx, Filter{EntityIDs: []int64{}})
			if page.Total != 0 {
				t.Errorf("nothing visible: %d", page.Total)
			}
			pending, err := PendingFor(ctx, db, staff)
			if err != nil || len(pending) != 1 || pending[0].Purpose != PurposeStaff || pending[0].EntityID != client {
				t.Errorf("pending: %+v %v", pending, err)
			}
		})

		t.Run("answer", func(t *testing.T) {
			staff := userID(t, db, "staff@hive.test")
			pending, _ := PendingFor(ctx, db, staff)
			id := pending[0].ID
			_, err := s.Answer(ctx, id, manager, StatusAccepted, 1)
			wantKind(t, err, apperror.KindForbidden, "")
			_, err = s.Answer(ctx, id, staff, StatusAccepted, 7)
			wantKind(t, err, apperror.KindConflict, MsgStale)
			// An existing link is kept as it is.
			databasetest.Exec(t, db, `INSERT INTO user_entity_refs (user_id, entity_id, can_manage, can_select, created_at, updated_at)
				VALUES (?, ?, TRUE, TRUE, ?, ?)`, staff, client, w.clock.Now(), w.clock.Now())
			inv, err := s.Answer(ctx, id, staff, StatusAccepted, 1)
			if err != nil || inv.Status != StatusAccepted || inv.Version != 2 {
				t.Fatalf("accept: %+v %v", inv, err)
			}
			if l := links(t, db, staff, client); len(l) != 1 || !l[0].CanManage {
				t.Errorf("link %+v", l)
			}
			_, err = s.Answer(ctx, id, staff, StatusRejected, 2)
			wantKind(t, err, apperror.KindConflict, MsgAnswered)
			if p, _ := PendingFor(ctx, db, staff); len(p) != 0 {
				t.Errorf("still pending: %+v", p)
			}
		})

		t.Run("claimer", func(t *testing.T) {
			_, token := mailedToken(t, db, "other.person@example.com")
			err := db.InTx(ctx, func(tx *database.Tx) error {
				inv, err := Claimer{}.FindInvitation(ctx, tx, token)
				if err != nil {
					return err
				}
				if inv.Purpose != PurposeOther || inv.EntityID != client {
					t.Errorf("found %+v", inv)
				}
				return Claimer{}.AcceptInvitation(ctx, tx, inv, manager)
			})
			if err != nil {
				t.Fatal(err)
			}
			if l := links(t, db, manager, client); len(l) != 1 || !l[0].CanSelect || l[0].CanManage || l[0].CanExternal {
				t.Errorf("link %+v", l)
			}
			err = db.InTx(ctx, func(tx *database.Tx) error {
				_, err := Claimer{}.FindInvitation(ctx, tx, token)
				return err
			})
			if e := apperror.As(err); e == nil || e.Code != apperror.CodeBadToken {
				t.Errorf("reused token: %v", err)
			}
		})
	})
}

// Every invitation sent writes its event in its own transaction: bound to the account that
// holds the address, or to none (then the invitation's mail carries the sign-up link); a
// refused invitation leaves none; sending again after the link expired writes another.
func TestAnInvitationSentWritesItsEventInItsTransaction(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := newStoreWorld(t, db)
		ctx, s, client, manager := w.ctx, w.s, w.client, w.manager
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
		w.clock.Advance(TokenTTL + time.Hour)
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

func TestRightsOf(t *testing.T) {
	for purpose, want := range map[string]Rights{
		PurposeFreelancer: {CanExternal: true},
		PurposeStaff:      {CanSelect: true},
		PurposeOther:      {CanSelect: true},
	} {
		if got := RightsOf(purpose); got != want {
			t.Errorf("%s: %+v, want %+v", purpose, got, want)
		}
	}
}
