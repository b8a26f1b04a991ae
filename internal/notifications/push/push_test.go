package push_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/notifications/push"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestAnOfferIsPushedOnceToEachDeviceAndItsAcceptAnswersIt drives the API: a department
// manager offers a placement; each of the freelancer's two devices gets exactly one push, which
// the push service decrypts with that device's keys; the managers' devices get none (their types
// are not pushed). The push's Accept answers the offer with no session; its token answers once.
func TestAnOfferIsPushedOnceToEachDeviceAndItsAcceptAnswersIt(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		h := start(t, s, db, w)
		phone, laptop := h.device(apptest.Freelancer), h.device(apptest.Freelancer)
		managers := h.device(apptest.DeptMgr)
		b := h.offer("2030-07-01")
		h.deliver()
		h.deliver() // a second round sends nothing again
		if n := h.svc.Total(); n != 2 {
			t.Fatalf("%d pushes, want one to each of the freelancer's devices", n)
		}
		if len(h.svc.Received(managers)) != 0 {
			t.Fatal("the department manager's device was pushed")
		}
		got := h.payloads(phone)
		if len(got) != 1 || len(h.payloads(laptop)) != 1 {
			t.Fatalf("phone %d, laptop %d pushes", len(got), len(h.payloads(laptop)))
		}
		p := got[0]
		if !strings.HasPrefix(p.Title, "New offer: ") || !strings.Contains(p.Path, "/bookings/") || p.Tag == "" ||
			len(p.Types) != 1 || p.Types[0] != notifications.SupplierOffered || len(p.Actions) != 2 {
			t.Fatalf("payload %+v", p)
		}
		inst := b.Instruction(t, 0, w.Users[apptest.Freelancer])
		accept := action(t, p, notifications.ActionAccept)
		var ok push.Answered
		h.answer(accept).Want(http.StatusOK).Decode(&ok)
		if ok.Message != "Offer accepted." || h.supplierStatus(b, inst) != "accepted" {
			t.Fatalf("after Accept: %q, %s", ok.Message, h.supplierStatus(b, inst))
		}
		if n := count(t, db, `SELECT COUNT(*) FROM booking_events WHERE instruction_id = ? AND actor_user_id IS NULL`, inst); n != 0 {
			t.Fatalf("%d events of the offer name no actor: the push's answer is the freelancer's", n)
		}
		if msg := h.problemOf(h.answer(accept), http.StatusUnprocessableEntity).Msg("token"); msg != push.MsgBadAction {
			t.Fatalf("a used token: %q", msg)
		}
		// The laptop's Decline, a token of its own, meets the buttons' rules: the offer is
		// answered.
		if res := h.answer(action(t, h.payloads(laptop)[0], notifications.ActionDecline)); res.Status < 400 ||
			h.supplierStatus(b, inst) != "accepted" {
			t.Fatalf("a decline after the accept: %d %s, %s", res.Status, res.Body, h.supplierStatus(b, inst))
		}
		h.deliver()
		if n := h.svc.Total(); n != 2 {
			t.Fatalf("%d pushes after the answer: the freelancer is not told of their own answer", n)
		}
	})
}

// TestAFourDayOfferIsOnePushWithoutAnswers: the four offers of one grant fold into one push
// per device, as into one mail; a push about several instructions opens the app instead of
// answering one of them.
func TestAFourDayOfferIsOnePushWithoutAnswers(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		h := start(t, s, db, w)
		phone := h.device(apptest.Freelancer)
		h.offer("2030-07-01", "2030-07-02", "2030-07-03", "2030-07-04")
		h.deliver()
		got := h.payloads(phone)
		if len(got) != 1 || !strings.HasPrefix(got[0].Title, "4 changes: ") || len(got[0].Actions) != 0 ||
			strings.Count(got[0].Body, "\n") != 3 {
			t.Fatalf("pushes %+v", got)
		}
	})
}

// TestADevicesSwitchStopsItsPushesAndOnlyItsOwnerSetsIt: a device's switch per type stops that
// type on that device only; only the device's own user may set it or remove it, and only the
// browser holding a subscription (its keys) may move it to another account.
func TestADevicesSwitchStopsItsPushesAndOnlyItsOwnerSetsIt(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		h := start(t, s, db, w)
		phone, laptop := h.device(apptest.Freelancer), h.device(apptest.Freelancer)
		off := map[string]any{"endpoint": phone.Endpoint, "items": []any{
			map[string]any{"identifier": notifications.SupplierOffered, "enabled": false}}}
		var d push.Device
		s.As(apptest.Freelancer).Do(http.MethodPatch, "/push/subscription", off).Want(http.StatusOK).Decode(&d)
		for _, ty := range d.Types {
			if ty.Identifier == notifications.SupplierOffered && ty.Enabled {
				t.Fatalf("switch not stored: %+v", d)
			}
		}
		// Another client's manager and the other freelancer-less roles cannot see the device.
		for _, role := range []string{apptest.Manager, apptest.DeptMgr, apptest.Staff} {
			var e struct{ Error string }
			s.As(role).Do(http.MethodPatch, "/push/subscription", off).WantError(http.StatusNotFound, "N-404").Decode(&e)
			if e.Error != push.MsgNoSubscription {
				t.Fatalf("%s set the freelancer's switch: %+v", role, e)
			}
			s.As(role).Do(http.MethodDelete, "/push/subscription", map[string]any{"endpoint": phone.Endpoint}).
				WantError(http.StatusNotFound, "N-404")
		}
		// A manager's type is not the freelancer's to set.
		s.As(apptest.Freelancer).Do(http.MethodPatch, "/push/subscription", map[string]any{"endpoint": phone.Endpoint,
			"items": []any{map[string]any{"identifier": notifications.BookingOfferSent, "enabled": false}}}).
			WantError(http.StatusUnprocessableEntity, "V-422")
		// Someone who learnt the endpoint cannot take the subscription with keys of their own.
		other := h.svc.NewDevice()
		stolen := other.Subscription()
		stolen["endpoint"] = phone.Endpoint
		s.As(apptest.Staff).Do(http.MethodPost, "/push/subscription", stolen).WantError(http.StatusUnprocessableEntity, "V-422")
		s.As(apptest.Anonymous).Do(http.MethodPost, "/push/subscription", phone.Subscription()).Want(http.StatusUnauthorized)

		h.offer("2030-07-01")
		h.deliver()
		if len(h.svc.Received(phone)) != 0 || len(h.svc.Received(laptop)) != 1 {
			t.Fatalf("phone %d, laptop %d pushes", len(h.svc.Received(phone)), len(h.svc.Received(laptop)))
		}
		s.As(apptest.Freelancer).Do(http.MethodDelete, "/push/subscription", map[string]any{"endpoint": laptop.Endpoint}).
			Want(http.StatusNoContent)
		s.As(apptest.Freelancer).Do(http.MethodPatch, "/push/subscription", map[string]any{"endpoint": laptop.Endpoint,
			"items": off["items"]}).WantError(http.StatusNotFound, "N-404")
		if n := count(t, db, `SELECT COUNT(*) FROM push_subscriptions`); n != 1 {
			t.Fatalf("%d subscriptions left", n)
		}
	})
}

// TestAGoneSubscriptionIsRemovedAndAFailedPushIsRetriedOnce: a push service's 410 removes the
// subscription with its queued pushes; a 500 leaves the push queued with back-off, and it is
// sent once when due.
func TestAGoneSubscriptionIsRemovedAndAFailedPushIsRetriedOnce(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		h := start(t, s, db, w)
		gone, flaky, missing := h.device(apptest.Freelancer), h.device(apptest.Freelancer), h.device(apptest.Freelancer)
		h.svc.Answer(gone, http.StatusGone)
		h.svc.Answer(missing, http.StatusNotFound)
		h.svc.Answer(flaky, http.StatusInternalServerError)
		h.offer("2030-07-01")
		h.deliver()
		for _, d := range []string{gone.Endpoint, missing.Endpoint} {
			if n := count(t, db, `SELECT COUNT(*) FROM push_subscriptions WHERE endpoint = ?`, d); n != 0 {
				t.Fatalf("a gone subscription was kept: %s", d)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM push_outbox`); n != 1 {
			t.Fatalf("%d queued pushes, want the flaky device's only", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM push_outbox WHERE status = 'pending' AND attempts = 1
			AND last_error <> '' AND next_attempt_at > ?`, db.Now().UTC()); n != 1 {
			t.Fatal("the failed push is not waiting for its retry")
		}
		h.deliver()
		if len(h.svc.Received(flaky)) != 0 {
			t.Fatal("retried before its back-off")
		}
		ctx := context.Background()
		if err := db.InTx(ctx, func(tx *database.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE push_outbox SET next_attempt_at = ?`, tx.Now.UTC())
			return err
		}); err != nil {
			t.Fatal(err)
		}
		h.deliver()
		h.deliver()
		if len(h.svc.Received(flaky)) != 1 || h.svc.Total() != 1 {
			t.Fatalf("flaky device %d, all %d pushes", len(h.svc.Received(flaky)), h.svc.Total())
		}
		if n := count(t, db, `SELECT COUNT(*) FROM push_outbox WHERE status = 'sent' AND payload = ''`); n != 1 {
			t.Fatal("the sent push kept its payload")
		}
	})
}

// TestTwoSendersAtOnceSendEachPushOnce: two senders (two nodes) work one outbox of 150 pushes
// at the same time; each device gets exactly one.
func TestTwoSendersAtOnceSendEachPushOnce(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		h := start(t, s, db, w)
		ctx := context.Background()
		devices := make([]string, 150)
		for i := range devices {
			d := h.svc.NewDevice()
			devices[i] = d.Endpoint
			if _, err := (&push.Store{DB: db}).Subscribe(ctx, w.Users[apptest.Freelancer], subscription(d.Endpoint, d.P256dh, d.Auth)); err != nil {
				t.Fatal(err)
			}
		}
		h.offer("2030-07-01")
		if _, err := s.App.Notify.DeliverDue(ctx); err != nil {
			t.Fatal(err)
		}
		a := s.App.Push
		b := &push.Sender{DB: db, Keys: a.Keys, Subject: a.Subject, Tokens: a.Tokens, Client: a.Client}
		var wg sync.WaitGroup
		sent := make([]int, 2)
		for i, sender := range []*push.Sender{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := sender.SendDue(ctx)
				if err != nil {
					t.Error(err)
				}
				sent[i] = n
			}()
		}
		wg.Wait()
		if p := h.svc.Problems(); len(p) > 0 {
			t.Fatal(p)
		}
		if h.svc.Total() != len(devices) || sent[0]+sent[1] != len(devices) {
			t.Fatalf("%d pushes received, %d + %d sent, for %d devices", h.svc.Total(), sent[0], sent[1], len(devices))
		}
		for _, e := range devices {
			if n := count(t, db, `SELECT COUNT(*) FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id
				WHERE s.endpoint = ? AND o.status = 'sent'`, e); n != 1 {
				t.Fatalf("%s: %d sent", e, n)
			}
		}
	})
}

// TestVAPIDKeysAreMadeOnceAndSharedByEveryNode: with no keys in the settings, the first start
// makes a pair and every later one (any node) reads it; keys in the settings win.
func TestVAPIDKeysAreMadeOnceAndSharedByEveryNode(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		ctx := context.Background()
		first := s.App.Push.Keys
		again, err := push.EnsureKeys(ctx, db, push.Keys{})
		if err != nil || again != first || first.Public == "" || first.Private == "" {
			t.Fatalf("second start: %+v %v (first %+v)", again, err, first)
		}
		var got push.PublicKey
		s.As(apptest.Freelancer).Do(http.MethodGet, "/push/vapid-public-key", nil).Want(http.StatusOK).Decode(&got)
		if got.PublicKey != first.Public {
			t.Fatalf("public key %q", got.PublicKey)
		}
		s.As(apptest.Anonymous).Do(http.MethodGet, "/push/vapid-public-key", nil).Want(http.StatusUnauthorized)
		set := push.Keys{Public: "settings-public", Private: "settings-private"}
		if k, err := push.EnsureKeys(ctx, db, set); err != nil || k != set {
			t.Fatalf("settings' keys: %+v %v", k, err)
		}
	})
}

// TestAnAnswerReminderIsPushedWithItsAnswers: an offer due within the reminder lead is pushed
// when it is made and again when the deadlines worker reminds of it, the reminder with Accept and
// Decline.
func TestAnAnswerReminderIsPushedWithItsAnswers(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		h := start(t, s, db, w)
		phone := h.device(apptest.Freelancer)
		free := w.Users[apptest.Freelancer]
		jt := orgtest.JobTemplateOf(t, db, w.DeptA1, "Evening News", orgtest.Shift{Title: "Camera", Start: "09:00", End: "17:00"})
		var b orgtest.Booked
		s.As(apptest.DeptMgr).Do(http.MethodPost, "/booking", map[string]any{"jobTemplateId": jt,
			"dates": []string{"2030-07-01"}}).Want(http.StatusCreated).Decode(&b)
		orgtest.Hire(t, db, b.DepartmentID, free)
		pl := b.Placements[0].ID
		s.As(apptest.DeptMgr).Do(http.MethodPost, fmt.Sprintf("/placement/%d/grant", pl), map[string]any{"userId": free,
			"placementIds": []int64{pl}, "answerBy": db.Now().Add(time.Hour).UTC().Format(time.RFC3339)}).Want(http.StatusOK)
		h.deliver()
		if err := s.App.Deadlines.Round(context.Background()); err != nil {
			t.Fatal(err)
		}
		h.deliver()
		got := h.payloads(phone)
		if len(got) != 2 || !slices.Equal(got[1].Types, []string{notifications.SupplierAnswerReminder}) ||
			len(got[1].Actions) != 2 || got[1].Actions[0].Action != notifications.ActionAccept {
			t.Fatalf("pushes %+v", got)
		}
	})
}

// TestPurgeForgetsExpiredTokensAndOldPushesOnly: housekeeping deletes spent tokens past their
// expiry and pushes sent over a week ago; a token still good and a push still pending stay.
func TestPurgeForgetsExpiredTokensAndOldPushesOnly(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		ctx := context.Background()
		now := db.Now().UTC()
		user := orgtest.Users(t, db)[apptest.Freelancer]
		sub := databasetest.InsertID(t, db, `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
			VALUES (?, 'https://push.example/1', 'k', 'a', ?) RETURNING id`, user, now)
		old, week := now.Add(-8*24*time.Hour), now.Add(-time.Hour)
		for _, r := range []struct {
			status  string
			created time.Time
		}{{"sent", old}, {"failed", old}, {"pending", old}, {"sent", week}} {
			databasetest.Exec(t, db, `INSERT INTO push_outbox (subscription_id, payload, status, created_at, next_attempt_at)
				VALUES (?, '', ?, ?, ?)`, sub, r.status, r.created, r.created)
		}
		databasetest.Exec(t, db, `INSERT INTO push_action_uses (token_id, used_at, expires_at) VALUES ('gone', ?, ?), ('live', ?, ?)`,
			old, now.Add(-time.Minute), now, now.Add(time.Hour))
		if err := push.PurgeExpired(ctx, db); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM push_outbox`); n != 2 {
			t.Fatalf("%d pushes left, want the pending one and last hour's", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM push_action_uses WHERE token_id = 'live'`); n != 1 ||
			count(t, db, `SELECT COUNT(*) FROM push_action_uses`) != 1 {
			t.Fatal("the spent tokens were not purged by expiry")
		}
	})
}
