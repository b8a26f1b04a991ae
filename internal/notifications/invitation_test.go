package notifications_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/organisations/invitations"
	"github.com/hive/hive/internal/platform/database"
)

// invite sends an invitation to email for entity as the client manager, through the API.
func (h hive) invite(t *testing.T, entity int64, email, message string) {
	t.Helper()
	h.s.As(apptest.Manager).Do(http.MethodPost, "/invitation", map[string]any{"entityId": entity, "email": email,
		"purpose": invitations.PurposeFreelancer, "message": message}).Want(201)
}

// An account holder invited to an entity hears of it once: one notification in the app and one
// mail (the invitation's own mail goes only to addresses without an account), with the
// sender's message and a link to the home screen, where they accept. The fold window does not
// hold an invitation back: there is nothing to fold.
func TestAnInvitationOfAnAccountHolderMakesOneNotificationAndOneMail(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		iv := hive{s: s, w: w}
		ctx := context.Background()
		iv.invite(t, iv.w.ClientA, "Freelancer@hive.test", "Bring your own kit <b>please</b>")
		iv.invite(t, iv.w.ClientA, "someone.new@example.com", "")

		r, err := iv.worker().DeliverDue(ctx) // the default 20 s fold window
		if err != nil {
			t.Fatal(err)
		}
		if r != (notifications.Round{Events: 2, Notifications: 1, Mails: 1}) {
			t.Fatalf("round = %+v", r)
		}
		rows := invitationNotifications(t, db)
		if len(rows) != 1 || rows[0].User != iv.w.Users[apptest.Freelancer] || rows[0].Type != notifications.SupplierInvited ||
			!rows[0].Mailed || rows[0].Link != "/" {
			t.Fatalf("notifications = %+v", rows)
		}
		for _, want := range []string{"invited you to join Alpha Broadcasting as a freelancer. Accept or reject it on your home screen.",
			"Entity: Alpha Broadcasting", "Their message:\nBring your own kit <b>please</b>"} {
			if !strings.Contains(rows[0].Body, want) {
				t.Errorf("body lacks %q:\n%s", want, rows[0].Body)
			}
		}
		mails := outboxOf(t, db, "freelancer@hive.test")
		if len(mails) != 1 {
			t.Fatalf("the freelancer has %d mails, want 1: %+v", len(mails), mails)
		}
		m := mails[0]
		for _, want := range []string{"invited you to join Alpha Broadcasting as a freelancer", "Open it in Hive: " + iv.s.URL + "/\n",
			"Bring your own kit <b>please</b>", "Stop 'Invitation to an entity' e-mails: " + iv.s.URL + "/unsubscribe?token="} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("mail text lacks %q:\n%s", want, m.Text)
			}
		}
		if m.Subject != "Invitation to an entity: Alpha Broadcasting" {
			t.Errorf("subject %q", m.Subject)
		}
		if strings.Contains(m.HTML, "<b>please") || !strings.Contains(m.HTML, "&lt;b&gt;please&lt;/b&gt;") ||
			!strings.Contains(m.HTML, `href="`+iv.s.URL+`/"`) {
			t.Errorf("html:\n%s", m.HTML)
		}
		// The new address has its sign-up mail only.
		if got := outboxOf(t, db, "someone.new@example.com"); len(got) != 1 ||
			got[0].Subject != "You are invited to join Alpha Broadcasting on Hive" {
			t.Errorf("the new address's mails: %+v", got)
		}
		// In the app, with the unread count.
		var list notifications.NotificationList
		iv.s.As(apptest.Freelancer).Do(http.MethodGet, "/notification", nil).Want(200).Decode(&list)
		if list.Total != 1 || list.Items[0].Type != notifications.SupplierInvited || list.Items[0].Link != "/" {
			t.Errorf("list = %+v", list)
		}
		// Nothing is told twice.
		if pending(t, db, "invitation_events") != 0 {
			t.Error("events left pending")
		}
		if r, err := iv.worker().DeliverDue(ctx); err != nil || r != (notifications.Round{}) {
			t.Errorf("a second round told again: %+v %v", r, err)
		}
		if n := len(outboxOf(t, db, "freelancer@hive.test")); n != 1 {
			t.Errorf("%d mails after a second round", n)
		}
	})
}

// With 'Invitation to an entity' off, the invitation is in the app (and on the home screen)
// but no mail is sent, from the worker or from the invitation.
func TestAnInvitationWithItsPreferenceOffIsNotMailed(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		iv := hive{s: s, w: w}
		body := map[string]any{"items": []map[string]any{{"identifier": notifications.SupplierInvited, "enabled": false}}}
		iv.s.As(apptest.Freelancer).Do(http.MethodPatch, "/notification/preferences", body).Want(200)
		iv.invite(t, iv.w.ClientA, "freelancer@hive.test", "")
		r, err := iv.worker().DeliverDue(context.Background())
		if err != nil || r != (notifications.Round{Events: 1, Notifications: 1}) {
			t.Fatalf("round = %+v %v", r, err)
		}
		if rows := invitationNotifications(t, db); len(rows) != 1 || rows[0].Mailed {
			t.Fatalf("notifications = %+v", rows)
		}
		if got := outboxOf(t, db, "freelancer@hive.test"); len(got) != 0 {
			t.Fatalf("mailed with the preference off: %+v", got)
		}
		if n := iv.unread(t, apptest.Freelancer); n != 1 {
			t.Errorf("%d unread", n)
		}
	})
}

// Two workers at once tell each invitation once, over more than two batches; and a delivery
// that fails before its commit leaves nothing, to be told once by the next.
func TestTwoWorkersAtOnceTellEachInvitationOnce(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		const n = 450
		iv := hive{s: s, w: w}
		ctx := context.Background()
		store := &invitations.Store{DB: db, BaseURL: iv.s.URL}
		for i := range n { // one pending invitation per address and entity: n entities
			e := orgtest.Entity(t, db, fmt.Sprintf("Entity %03d", i), "client")
			if _, err := store.Create(ctx, invitations.NewInvitation{EntityID: e, Email: "freelancer@hive.test"},
				iv.w.Users[apptest.Manager], "Morgan Mills"); err != nil {
				t.Fatal(err)
			}
		}
		crashing := iv.worker()
		crashing.Queue = func(context.Context, *database.Tx, []notifications.Mail) error { return errors.New("crash") }
		if _, err := crashing.DeliverDue(ctx); err == nil {
			t.Fatal("the failed delivery reported no error")
		}
		if rows := invitationNotifications(t, db); len(rows) != 0 || pending(t, db, "invitation_events") != n {
			t.Fatalf("a failed delivery left %d notifications", len(rows))
		}

		if r := deliverAtOnce(t, iv.worker); r != (notifications.Round{Events: n, Notifications: n, Mails: n}) {
			t.Fatalf("the two rounds together = %+v", r)
		}
		seen := map[int64]bool{}
		for _, r := range invitationNotifications(t, db) {
			if seen[r.InvitationEvent] {
				t.Fatalf("invitation event %d told twice", r.InvitationEvent)
			}
			seen[r.InvitationEvent] = true
		}
		if len(seen) != n || len(outboxOf(t, db, "freelancer@hive.test")) != n || pending(t, db, "invitation_events") != 0 {
			t.Fatalf("%d notifications, %d mails, %d pending", len(seen), len(outboxOf(t, db, "freelancer@hive.test")),
				pending(t, db, "invitation_events"))
		}
	})
}
