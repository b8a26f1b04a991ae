package notifications_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

func TestAnOfferTellsTheFreelancerAndTheOtherManagersPerTheirPreferences(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		b := book(t, s, w, 1)
		ctx := context.Background()
		// The department manager has turned 'Offer sent' off: told in the app, not mailed.
		body := map[string]any{"items": []map[string]any{{"identifier": notifications.BookingOfferSent, "enabled": false}}}
		b.s.As(apptest.DeptMgr).Do(http.MethodPatch, "/notification/preferences", body).Want(200)

		b.emit(t, apptest.Manager, b.granted(0))
		r, err := b.worker().DeliverDue(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if r != (notifications.Round{Events: 1, Notifications: 2, Mails: 1}) {
			t.Fatalf("round = %+v", r)
		}
		rows := notificationsOf(t, db)
		want := map[int64]notificationRow{
			b.w.Users[apptest.Freelancer]: {Type: notifications.SupplierOffered, Mailed: true},
			b.w.Users[apptest.DeptMgr]:    {Type: notifications.BookingOfferSent, Mailed: false},
		}
		link := fmt.Sprintf("/bookings/%d/edit?placementId=%d", b.booking, b.placements[0])
		for _, n := range rows {
			if w, ok := want[n.User]; !ok || n.Type != w.Type || n.Mailed != w.Mailed || n.Link != link {
				t.Errorf("notification %+v", n)
			}
		}
		if len(rows) != 2 {
			t.Fatalf("notifications = %+v (the manager who made the offer is not told)", rows)
		}
		if got := b.outbox(t, apptest.DeptMgr); len(got) != 0 {
			t.Errorf("the department manager was mailed with the type off: %+v", got)
		}
		mails := b.outbox(t, apptest.Freelancer)
		if len(mails) != 1 {
			t.Fatalf("freelancer's mails = %+v", mails)
		}
		m := mails[0]
		for _, want := range []string{"New offer: Evening News", "You are offered Camera operator on Mon, 04 Jul 2016 09:00 to 17:00",
			"(Europe/London)", b.s.URL + link, "Alpha Broadcasting, News"} {
			if !strings.Contains(m.Subject+"\n"+m.Text, want) {
				t.Errorf("mail lacks %q:\n%s\n%s", want, m.Subject, m.Text)
			}
		}
		if pending(t, db, "booking_events") != 0 {
			t.Error("the event is still pending")
		}
		if r, _ := b.worker().DeliverDue(ctx); r != (notifications.Round{}) {
			t.Errorf("a second round told again: %+v", r)
		}

		// The mail's unsubscribe link works without a session, and the next offer is only in the app.
		unsubscribe := regexp.MustCompile(`http://\S+/unsubscribe\?token=(\S+)`).FindStringSubmatch(m.Text)
		if unsubscribe == nil {
			t.Fatalf("no unsubscribe link in:\n%s", m.Text)
		}
		token, err := url.QueryUnescape(unsubscribe[1])
		if err != nil {
			t.Fatal(err)
		}
		b.s.As(apptest.Anonymous).Do(http.MethodPost, "/notification/unsubscribe", map[string]string{"token": token}).Want(200)
		b.emit(t, apptest.Manager, b.granted(0))
		if _, err := b.worker().DeliverDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got := b.outbox(t, apptest.Freelancer); len(got) != 1 {
			t.Errorf("mailed after unsubscribing: %d mails", len(got))
		}
		if n := b.unread(t, apptest.Freelancer); n != 2 {
			t.Errorf("the second offer is not in the app: %d unread", n)
		}
	})
}

func TestTwoWorkersAtOnceTellEveryoneOnce(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		const n = 450 // more than two batches
		b := book(t, s, w, n)
		for i := range n {
			b.emit(t, apptest.Manager, b.granted(i))
		}
		// Each event tells the freelancer and the department manager; their mails fold the
		// offers of the booking each transaction told, so every offer is a line of one mail.
		if r := deliverAtOnce(t, b.worker); r.Events != n || r.Notifications != 2*n {
			t.Fatalf("the two rounds together = %+v", r)
		}
		seen := map[[2]int64]bool{}
		for _, r := range notificationsOf(t, db) {
			k := [2]int64{r.Event, r.User}
			if seen[k] {
				t.Fatalf("event %d told user %d twice", r.Event, r.User)
			}
			seen[k] = true
		}
		if len(seen) != 2*n {
			t.Fatalf("%d notifications", len(seen))
		}
		for role, line := range map[string]string{apptest.Freelancer: "- You are offered", apptest.DeptMgr: " offered Camera operator"} {
			lines := 0
			for _, m := range b.outbox(t, role) {
				lines += strings.Count(m.Text, line)
			}
			if lines != n {
				t.Errorf("%s's mails hold %d offers, want %d", role, lines, n)
			}
		}
		if pending(t, db, "booking_events") != 0 {
			t.Fatal("events left pending")
		}
	})
}

// On PostgreSQL a worker whose due events another worker holds (claimed, not yet committed)
// leaves them to it and ends its round, rather than claiming nothing again until they commit.
// (PostgreSQL only: SQLite admits one writer, so a second worker waits for the first.)
func TestAWorkerLeavesEventsAnotherHoldsAndEndsItsRound(t *testing.T) {
	db := databasetest.Postgres(t)
	b := book(t, apptest.Start(t, db), orgtest.Build(t, db), 1)
	b.emit(t, apptest.Manager, b.granted(0))
	held, release, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		done <- db.InTx(context.Background(), func(tx *database.Tx) error {
			var ids []int64
			if err := tx.Select(context.Background(), &ids,
				`SELECT id FROM booking_events WHERE delivered_at IS NULL FOR UPDATE`); err != nil {
				return err
			}
			close(held)
			<-release
			return errors.New("the other worker gives its claim back")
		})
	}()
	<-held
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	r, err := b.worker().DeliverDue(ctx)
	stillRunning := ctx.Err() == nil
	cancel()
	close(release)
	<-done
	if err != nil || r.Events != 0 || !stillRunning {
		t.Fatalf("round = %+v, %v; ended before its deadline: %v", r, err, stillRunning)
	}
	if r, err := b.worker().DeliverDue(context.Background()); err != nil || r.Events != 1 {
		t.Fatalf("after the claim was given back: %+v %v", r, err)
	}
}

func TestADeliveryThatFailsBeforeItsCommitLeavesNothingAndIsToldOnceLater(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		b := book(t, s, w, 2)
		b.emit(t, apptest.Manager, b.granted(0))
		b.emit(t, apptest.Manager, b.granted(1))
		worker := b.worker()
		worker.Queue = func(ctx context.Context, tx *database.Tx, ms []notifications.Mail) error {
			if err := notifications.QueueMails(ctx, tx, ms); err != nil {
				return err
			}
			return errors.New("crash") // the process dies after the mails are written, before the commit
		}
		if _, err := worker.DeliverDue(context.Background()); err == nil {
			t.Fatal("the failed delivery reported no error")
		}
		if rows := notificationsOf(t, db); len(rows) != 0 || pending(t, db, "booking_events") != 2 ||
			len(b.outbox(t, apptest.Freelancer))+len(b.outbox(t, apptest.DeptMgr)) != 0 {
			t.Fatalf("a failed delivery left %d notifications", len(rows))
		}
		worker.Queue = nil
		if r, err := worker.DeliverDue(context.Background()); err != nil || r.Notifications != 4 || r.Mails != 2 {
			t.Fatalf("retry: %+v %v", r, err)
		}
		if m := b.outbox(t, apptest.Freelancer); len(m) != 1 || strings.Count(m[0].Text, "You are offered") != 2 {
			t.Fatalf("the retry did not mail each offer once: %+v", m)
		}
	})
}

// flakySender fails its first send, then records what it sends.
type flakySender struct {
	mu    sync.Mutex
	tries int
	sent  []mail.Message
}

func (f *flakySender) Send(_ context.Context, m mail.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.tries++; f.tries == 1 {
		return errors.New("421 try again later")
	}
	f.sent = append(f.sent, m)
	return nil
}

func TestAMailWhoseSendFailsIsRetriedByTheOutboxAndSentOnce(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		b := book(t, s, w, 1)
		c := clock.At(time.Now())
		db.Now = c.Now
		body := map[string]any{"items": []map[string]any{{"identifier": notifications.BookingOfferSent, "enabled": false}}}
		b.s.As(apptest.DeptMgr).Do(http.MethodPatch, "/notification/preferences", body).Want(200)
		b.emit(t, apptest.Manager, b.granted(0))
		if _, err := b.worker().DeliverDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		sender := &flakySender{}
		mw := &mail.Worker{DB: db, Sender: sender}
		for range 3 { // a failure, then nothing due until the back-off has passed, then the retry
			if _, err := mw.DeliverDue(context.Background()); err != nil {
				t.Fatal(err)
			}
			c.Advance(time.Minute)
		}
		if _, err := mw.DeliverDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		if sender.tries != 2 || len(sender.sent) != 1 || sender.sent[0].Subject != "New offer: Evening News" {
			t.Fatalf("tries %d, sent %+v", sender.tries, sender.sent)
		}
		// The HTML body goes out beside the text.
		if h := sender.sent[0].HTML; !strings.Contains(h, "<html") || !strings.Contains(h, "Evening News") {
			t.Errorf("sent HTML %q", h)
		}
		if out := b.outbox(t, apptest.Freelancer); len(out) != 1 || out[0].Status != mail.StatusSent {
			t.Fatalf("outbox = %+v", out)
		}
	})
}

func TestChangesToOneBookingWithinTheWindowMakeOneMail(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		b := book(t, s, w, 2)
		other := book(t, s, w, 1)
		c := clock.At(time.Now())
		db.Now = c.Now
		worker := b.worker()
		worker.FoldWindow = 20 * time.Second
		fl := b.w.Users[apptest.Freelancer]
		b.emit(t, apptest.Manager, events.Event{Kind: events.PlacementAmended, PlacementID: b.placements[0]})
		c.Advance(5 * time.Second)
		b.emit(t, apptest.Manager, events.Event{Kind: events.InstructionRate, PlacementID: b.placements[0],
			InstructionID: b.instructions[0], UserID: fl})
		// Another booking's change is its own mail.
		other.emit(t, apptest.Manager, events.Event{Kind: events.PlacementAmended, PlacementID: other.placements[0]})
		c.Advance(10 * time.Second)
		// Another placement of the booking, changed within the window of the booking's first
		// change: told with it, though it is not due itself.
		b.emit(t, apptest.Manager, events.Event{Kind: events.PlacementAmended, PlacementID: b.placements[1]})
		if r, err := worker.DeliverDue(context.Background()); err != nil || r.Events != 0 {
			t.Fatalf("delivered inside the window: %+v %v", r, err)
		}
		c.Advance(6 * time.Second)
		if r, err := worker.DeliverDue(context.Background()); err != nil || r.Events != 3 {
			t.Fatalf("after the booking's window: %+v %v", r, err)
		}
		mails := b.outbox(t, apptest.Freelancer)
		if len(mails) != 1 {
			t.Fatalf("freelancer's mails = %d, want 1 (the other booking's change is not due yet)", len(mails))
		}
		folded := mails[0]
		for _, want := range []string{"3 changes: Evening News", "Camera operator is now on Mon, 04 Jul 2016 09:00 to 17:00.",
			"The rate of Camera operator on Mon, 04 Jul 2016 09:00 to 17:00 was amended.",
			"Camera operator is now on Tue, 05 Jul 2016 09:00 to 17:00.", "Stop 'Times amended' e-mails",
			"Stop 'Rate amended' e-mails"} {
			if !strings.Contains(folded.Subject+"\n"+folded.Text, want) {
				t.Errorf("folded mail lacks %q:\n%s\n%s", want, folded.Subject, folded.Text)
			}
		}
		c.Advance(20 * time.Second)
		if r, err := worker.DeliverDue(context.Background()); err != nil || r.Events != 1 {
			t.Fatalf("the other booking: %+v %v", r, err)
		}
		if n := len(b.outbox(t, apptest.Freelancer)); n != 2 {
			t.Errorf("freelancer's mails = %d, want 2 (one a booking)", n)
		}
		// In the app each change is its own notification.
		if n := b.unread(t, apptest.Freelancer); n != 4 {
			t.Errorf("freelancer's unread notifications = %d", n)
		}
	})
}

func TestABigRoundIsToldInSmallTransactionsAndABookingsChangesStillFold(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		const n = 4
		var bs []booked
		for range n {
			bs = append(bs, book(t, s, w, 2))
		}
		fl := w.Users[apptest.Freelancer]
		// Booking 0 changes twice (times, then rate), the others are offered once: each event
		// tells the freelancer and the department manager.
		bs[0].emit(t, apptest.Manager, events.Event{Kind: events.PlacementAmended, PlacementID: bs[0].placements[0]})
		for i := 1; i < n; i++ {
			bs[i].emit(t, apptest.Manager, bs[i].granted(0))
		}
		bs[0].emit(t, apptest.Manager, events.Event{Kind: events.InstructionRate, PlacementID: bs[0].placements[1],
			InstructionID: bs[0].instructions[1], UserID: fl})
		worker := bs[0].worker()
		worker.MaxDeliveries = 3         // booking 0's four notifications alone, then one booking at a time
		transactions := map[string]int{} // the mails each transaction queued
		worker.Queue = func(ctx context.Context, tx *database.Tx, ms []notifications.Mail) error {
			transactions[tx.ID] += len(ms)
			return notifications.QueueMails(ctx, tx, ms)
		}
		r, err := worker.DeliverDue(context.Background())
		if err != nil || r != (notifications.Round{Events: n + 1, Notifications: 2 * (n + 1), Mails: 2 * n}) {
			t.Fatalf("round = %+v %v", r, err)
		}
		if len(transactions) != n {
			t.Errorf("mails queued by %d transactions, want %d (one a booking): %v", len(transactions), n, transactions)
		}
		mails := bs[0].outbox(t, apptest.Freelancer)
		folded := 0
		for _, m := range mails {
			if strings.HasPrefix(m.Subject, "2 changes") {
				folded++
			}
		}
		if len(mails) != n || folded != 1 {
			t.Fatalf("freelancer's mails = %d with %d folded, want %d with 1", len(mails), folded, n)
		}
		if pending(t, db, "booking_events") != 0 {
			t.Fatal("events left pending")
		}
		if r, _ := worker.DeliverDue(context.Background()); r != (notifications.Round{}) {
			t.Errorf("a second round told again: %+v", r)
		}
	})
}

func TestAPlacementStartingWithin24HoursUnfilledIsToldToItsManagersOnce(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		b := book(t, s, w, 3)
		// The third placement is filled: its freelancer and the client both accepted.
		databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = 'accepted', client_status = 'accepted'
			WHERE id = ?`, b.instructions[2])
		c := clock.At(placementStart.Add(-12 * time.Hour)) // the first starts in 12 h, the second in 36 h
		db.Now = c.Now
		worker := b.worker()
		managers := []string{apptest.DeptMgr, apptest.Manager}
		told := func() map[int64][]int64 { // placement → managers told
			t.Helper()
			out := map[int64][]int64{}
			for _, n := range notificationsOf(t, db) {
				if n.Type != notifications.ClientUnfilled {
					t.Fatalf("%+v", n)
				}
				out[n.Placement] = append(out[n.Placement], n.User)
			}
			return out
		}
		r, err := worker.DeliverDue(context.Background())
		if err != nil || r.Unfilled != 1 || r.Notifications != 2 || r.Mails != 2 {
			t.Fatalf("round = %+v %v", r, err)
		}
		if got := told(); len(got) != 1 || len(got[b.placements[0]]) != 2 {
			t.Fatalf("told = %v", got)
		}
		mails := b.outbox(t, apptest.DeptMgr)
		if len(mails) != 1 || !strings.Contains(mails[0].Text, "Camera operator on Mon, 04 Jul 2016 09:00 to 17:00 starts within 24 hours") {
			t.Fatalf("mail = %+v", mails)
		}
		// Again: nothing new. Thirteen hours on, the second placement is within the window.
		if r, err := worker.DeliverDue(context.Background()); err != nil || r != (notifications.Round{}) {
			t.Fatalf("told twice: %+v %v", r, err)
		}
		c.Advance(13 * time.Hour)
		if r, err := worker.DeliverDue(context.Background()); err != nil || r.Unfilled != 1 {
			t.Fatalf("second placement: %+v %v", r, err)
		}
		// The filled third placement is never told.
		c.Advance(24 * time.Hour)
		if r, err := worker.DeliverDue(context.Background()); err != nil || r != (notifications.Round{}) {
			t.Fatalf("a filled placement was told: %+v %v", r, err)
		}
		got := told()
		if len(got) != 2 || len(got[b.placements[1]]) != 2 || got[b.placements[2]] != nil {
			t.Fatalf("told = %v", got)
		}
		for _, role := range managers {
			if n := len(b.outbox(t, role)); n != 2 {
				t.Errorf("%s has %d mails, want 2", role, n)
			}
		}
		if n := len(b.outbox(t, apptest.Freelancer)); n != 0 {
			t.Errorf("the freelancer was told %d times", n)
		}
	})
}

func TestUnfilledPlacementsTooManyForOneTransactionAreAllToldInOneRound(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		b := book(t, s, w, 3)
		// All three start at the same time, an hour from now, unfilled.
		databasetest.Exec(t, db, `UPDATE placements SET start_at = ?, end_at = ? WHERE booking_id = ?`,
			placementStart, placementStart.Add(8*time.Hour), b.booking)
		db.Now = clock.At(placementStart.Add(-time.Hour)).Now
		worker := b.worker()
		worker.MaxDeliveries = 2 // one placement's two managers a transaction
		r, err := worker.DeliverDue(context.Background())
		if err != nil || r.Unfilled != 3 || r.Notifications != 6 {
			t.Fatalf("round = %+v %v", r, err)
		}
		if r, err := worker.DeliverDue(context.Background()); err != nil || r != (notifications.Round{}) {
			t.Fatalf("told twice: %+v %v", r, err)
		}
	})
}
