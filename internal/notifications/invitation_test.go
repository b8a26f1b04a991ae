package notifications_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/organisations/invitations"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

// invited is a running Hive whose client manager manages Alpha Broadcasting (orgtest's world).
type invited struct {
	s *apptest.Server
	w orgtest.World
}

func newInvited(t *testing.T, db *database.DB) invited {
	return invited{s: apptest.Start(t, db), w: orgtest.Build(t, db)}
}

// invite sends an invitation to email for entity as the client manager, through the API.
func (iv invited) invite(t *testing.T, entity int64, email, message string) {
	t.Helper()
	iv.s.As(apptest.Manager).Do(http.MethodPost, "/invitation", map[string]any{"entityId": entity, "email": email,
		"purpose": invitations.PurposeFreelancer, "message": message}).Want(201)
}

func (iv invited) worker() *notifications.Worker {
	return &notifications.Worker{DB: iv.s.DB, BaseURL: iv.s.URL, Signer: notifications.NewSigner(iv.s.App.Config.Secret)}
}

func outboxOf(t *testing.T, db *database.DB, to string) []mail.Stored {
	t.Helper()
	list, err := mail.Outbox(context.Background(), db, to)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

type invitationNotification struct {
	User   int64  `db:"user_id"`
	Type   string `db:"type"`
	Event  int64  `db:"invitation_event_id"`
	Mailed bool   `db:"mailed"`
	Link   string `db:"link"`
	Body   string `db:"body_text"`
}

func invitationNotifications(t *testing.T, db *database.DB) []invitationNotification {
	t.Helper()
	var rows []invitationNotification
	if err := db.Select(context.Background(), &rows, `SELECT user_id, type, invitation_event_id, mailed, link, body_text
		FROM notifications WHERE invitation_event_id IS NOT NULL ORDER BY invitation_event_id, user_id`); err != nil {
		t.Fatal(err)
	}
	return rows
}

func pendingInvitationEvents(t *testing.T, db *database.DB) int {
	t.Helper()
	return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM invitation_events WHERE delivered_at IS NULL`)
}

// An account holder invited to an entity hears of it once: one notification in the app and one
// mail (the invitation's own mail goes only to addresses without an account), with the
// sender's message and a link to the home screen, where they accept. The fold window does not
// hold an invitation back: there is nothing to fold.
func TestAnInvitationOfAnAccountHolderMakesOneNotificationAndOneMail(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		iv := newInvited(t, db)
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
		if pendingInvitationEvents(t, db) != 0 {
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
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		iv := newInvited(t, db)
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
		var st notifications.NotificationStats
		iv.s.As(apptest.Freelancer).Do(http.MethodGet, "/notification/stats", nil).Want(200).Decode(&st)
		if st.Unread != 1 {
			t.Errorf("stats = %+v", st)
		}
	})
}

// Two workers at once tell each invitation once, over more than two batches; and a delivery
// that fails before its commit leaves nothing, to be told once by the next.
func TestTwoWorkersAtOnceTellEachInvitationOnce(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		const n = 450
		iv := newInvited(t, db)
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
		crashing.Queue = func(context.Context, *database.Tx, notifications.Mail) error { return errors.New("crash") }
		if _, err := crashing.DeliverDue(ctx); err == nil {
			t.Fatal("the failed delivery reported no error")
		}
		if rows := invitationNotifications(t, db); len(rows) != 0 || pendingInvitationEvents(t, db) != n {
			t.Fatalf("a failed delivery left %d notifications", len(rows))
		}

		var wg sync.WaitGroup
		rounds := make([]notifications.Round, 2)
		errs := make([]error, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rounds[i], errs[i] = iv.worker().DeliverDue(ctx)
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		t.Logf("rounds of the two workers: %+v", rounds)
		if rounds[0].Events+rounds[1].Events != n || rounds[0].Notifications+rounds[1].Notifications != n ||
			rounds[0].Mails+rounds[1].Mails != n {
			t.Fatalf("rounds = %+v", rounds)
		}
		seen := map[int64]bool{}
		for _, r := range invitationNotifications(t, db) {
			if seen[r.Event] {
				t.Fatalf("invitation event %d told twice", r.Event)
			}
			seen[r.Event] = true
		}
		if len(seen) != n || len(outboxOf(t, db, "freelancer@hive.test")) != n || pendingInvitationEvents(t, db) != 0 {
			t.Fatalf("%d notifications, %d mails, %d pending", len(seen), len(outboxOf(t, db, "freelancer@hive.test")),
				pendingInvitationEvents(t, db))
		}
	})
}
