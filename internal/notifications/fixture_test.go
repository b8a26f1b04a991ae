package notifications_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

// placementStart is the first placement's start: 09:00 in London on a summer Monday (08:00 UTC),
// so a mail that said UTC would be caught; long past, so no placement is 'Unfilled within 24
// hours' unless a test makes one.
var placementStart = time.Date(2016, 7, 4, 8, 0, 0, 0, time.UTC)

// hive is a running Hive with orgtest's world, as orgtest.Engines starts it.
type hive struct {
	s *apptest.Server
	w orgtest.World
}

// worker delivers with the default fold window.
func (h hive) worker() *notifications.Worker {
	return &notifications.Worker{DB: h.s.DB, BaseURL: h.s.URL, Signer: notifications.NewSigner(h.s.App.Config.Secret)}
}

// unread is role's count of unread notifications, as the bell shows it.
func (h hive) unread(t *testing.T, role string) int {
	t.Helper()
	var st notifications.NotificationStats
	h.s.As(role).Do(http.MethodGet, "/notification/stats", nil).Want(200).Decode(&st)
	return st.Unread
}

// booked is a booking of department A1 (managed by dept, and by manager through client A) with
// placements on consecutive days, each holding one live instruction of the freelancer.
type booked struct {
	hive
	booking      int64
	placements   []int64
	instructions []int64
}

func book(t *testing.T, s *apptest.Server, w orgtest.World, placements int) booked {
	t.Helper()
	b := booked{hive: hive{s: s, w: w}}
	ctx := context.Background()
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := tx.Get(ctx, &b.booking, `INSERT INTO bookings (department_id, title, created_at, updated_at)
			VALUES (?, 'Evening News', ?, ?) RETURNING id`, w.DeptA1, tx.Now, tx.Now); err != nil {
			return err
		}
		for i := range placements {
			start := placementStart.AddDate(0, 0, i)
			var pl, in int64
			if err := tx.Get(ctx, &pl, `INSERT INTO placements (booking_id, title, local_date, start_time, end_time,
				start_at, end_at, created_at, updated_at) VALUES (?, 'Camera operator', ?, '09:00', '17:00', ?, ?, ?, ?)
				RETURNING id`, b.booking, start.Format(time.DateOnly), start, start.Add(8*time.Hour), tx.Now, tx.Now); err != nil {
				return err
			}
			if err := tx.Get(ctx, &in, `INSERT INTO instructions (placement_id, booking_id, user_id, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?) RETURNING id`, pl, b.booking, w.Users[apptest.Freelancer], tx.Now, tx.Now); err != nil {
				return err
			}
			b.placements, b.instructions = append(b.placements, pl), append(b.instructions, in)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// emit stores ev as role's change.
func (b booked) emit(t *testing.T, role string, ev events.Event) {
	t.Helper()
	ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: b.w.Users[role]})
	if ev.BookingID == 0 {
		ev.BookingID = b.booking
	}
	if err := b.s.DB.InTx(ctx, func(tx *database.Tx) error { return events.Emit(ctx, tx, ev) }); err != nil {
		t.Fatal(err)
	}
}

// granted is the offer of placement i to the freelancer.
func (b booked) granted(i int) events.Event {
	return events.Event{Kind: events.InstructionGranted, PlacementID: b.placements[i], InstructionID: b.instructions[i],
		UserID: b.w.Users[apptest.Freelancer], Payload: map[string]any{"supplierStatus": "awaiting_response",
			"clientStatus": "accepted"}}
}

// worker delivers at once (no folding window) unless the test sets one.
func (b booked) worker() *notifications.Worker {
	w := b.hive.worker()
	w.FoldWindow = -1
	return w
}

// outbox is the mails queued to role's demo account.
func (b booked) outbox(t *testing.T, role string) []mail.Stored {
	t.Helper()
	return outboxOf(t, b.s.DB, role+"@hive.test")
}

func outboxOf(t *testing.T, db *database.DB, to string) []mail.Stored {
	t.Helper()
	list, err := mail.Outbox(context.Background(), db, to)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// notificationRow is a stored notification; Event, InvitationEvent and Placement are 0 when null.
type notificationRow struct {
	User            int64  `db:"user_id"`
	Type            string `db:"type"`
	Event           int64  `db:"event_id"`
	InvitationEvent int64  `db:"invitation_event_id"`
	Placement       int64  `db:"placement_id"`
	Mailed          bool   `db:"mailed"`
	Link            string `db:"link"`
	Body            string `db:"body_text"`
}

// notificationsOf is every notification, by booking event and user.
func notificationsOf(t *testing.T, db *database.DB) []notificationRow {
	t.Helper()
	return selectNotifications(t, db, "", "event_id, user_id")
}

// invitationNotifications is the notifications of invitation events, by event and user.
func invitationNotifications(t *testing.T, db *database.DB) []notificationRow {
	t.Helper()
	return selectNotifications(t, db, "WHERE invitation_event_id IS NOT NULL", "invitation_event_id, user_id")
}

func selectNotifications(t *testing.T, db *database.DB, where, order string) []notificationRow {
	t.Helper()
	return databasetest.Select[notificationRow](t, db, `SELECT user_id, type, COALESCE(event_id, 0) AS event_id,
		COALESCE(invitation_event_id, 0) AS invitation_event_id, COALESCE(placement_id, 0) AS placement_id, mailed,
		link, body_text FROM notifications `+where+` ORDER BY `+order)
}

// pending counts the undelivered events of table (booking_events, invitation_events).
func pending(t *testing.T, db *database.DB, table string) int {
	t.Helper()
	return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM `+table+` WHERE delivered_at IS NULL`)
}

// deliverAtOnce runs the DeliverDue of two workers at the same time and returns their rounds
// added up.
func deliverAtOnce(t *testing.T, worker func() *notifications.Worker) notifications.Round {
	t.Helper()
	var wg sync.WaitGroup
	var rounds [2]notifications.Round
	var errs [2]error
	for i := range rounds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rounds[i], errs[i] = worker().DeliverDue(context.Background())
		}()
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		t.Fatal(err)
	}
	t.Logf("rounds of the two workers: %+v", rounds)
	a, b := rounds[0], rounds[1]
	return notifications.Round{Events: a.Events + b.Events, Unfilled: a.Unfilled + b.Unfilled,
		Notifications: a.Notifications + b.Notifications, Mails: a.Mails + b.Mails}
}
