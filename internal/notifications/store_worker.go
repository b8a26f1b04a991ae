package notifications

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/periodic"
)

const (
	// DefaultFoldWindow is how long a booking's first undelivered event waits before delivery,
	// so that the changes made to one booking in a burst (a four-day offer, times, then rate,
	// then a cancellation) reach each recipient as one mail: the booking's events delivered
	// together are every one undelivered when its first is due. With the poll interval it
	// bounds the lag from a change to its queued mail at about 25 seconds.
	DefaultFoldWindow = 20 * time.Second
	// DefaultInterval is the time between polls.
	DefaultInterval = 5 * time.Second
	// batchSize is how many events one transaction claims.
	batchSize = 200
	// DefaultMaxDeliveries is about how many notifications one transaction of booking events
	// writes. An event of a busy client tells dozens of managers, and a transaction holds
	// SQLite's one writer while it composes, renders and stores them: 100 events once held it
	// for 300 to 700 ms, and every booking write and sign-in waited behind it (bench/README.md).
	DefaultMaxDeliveries = 100
)

// Worker turns booking_events and invitation_events into notifications and queued mails. Run
// any number of them in any number of processes: each event is claimed, told and marked
// delivered in one transaction, so it is told once, and a crash before the commit leaves it to
// be told again whole.
type Worker struct {
	DB      *database.DB
	BaseURL string
	Signer  Signer
	// Queue puts a transaction's mails in the outbox in the delivery's transaction; nil means
	// QueueMails.
	Queue func(ctx context.Context, tx *database.Tx, ms []Mail) error
	// WakeMail nudges the mail worker after a delivery queued mail; may be nil.
	WakeMail func()
	// Push queues a delivery's pushes (Pushed types, folded per recipient and booking) in the
	// delivery's transaction; nil sends none. WakePush nudges their sender; may be nil.
	Push       func(ctx context.Context, tx *database.Tx, ps []Push) error
	WakePush   func()
	Logger     *slog.Logger
	Interval   time.Duration // 0 means DefaultInterval
	FoldWindow time.Duration // 0 means DefaultFoldWindow; negative means none
	// MaxDeliveries bounds the notifications of one transaction of booking events (whole
	// bookings at a time, at least one); 0 means DefaultMaxDeliveries.
	MaxDeliveries int
	// Observe, when set, is given the lag from each delivered event's creation to the commit
	// that queued its notifications and mails (the benchmark reads it; the log has each
	// round's maximum).
	Observe func(lag time.Duration)
}

// QueueMails queues ms, their text and HTML bodies, through the mail outbox, together.
func QueueMails(ctx context.Context, tx *database.Tx, ms []Mail) error {
	messages := make([]mail.Message, len(ms))
	for i, m := range ms {
		messages[i] = mail.Message{To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML, Kind: m.Kind}
	}
	return mail.EnqueueAll(ctx, tx, messages)
}

// Run delivers due events every Interval until ctx is done.
func (w *Worker) Run(ctx context.Context) {
	interval := w.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	periodic.Every(ctx, interval, nil, w.logger(), "notification delivery", func(ctx context.Context) error {
		_, err := w.DeliverDue(ctx)
		return err
	})
}

// Round counts what one DeliverDue did: the events it delivered, the unfilled placements it
// told, and the notifications and mails they made.
type Round struct {
	Events, Unfilled, Notifications, Mails, Pushes int
}

// source is one table of domain events the worker delivers.
type source struct {
	table eventTable
	// wait is how long an event waits before delivery, so that a burst of them folds.
	wait time.Duration
	// deliver claims one batch created at or before cutoff, tells it and marks it delivered,
	// all in tx, and returns what it did and the claimed events' creation times.
	deliver func(ctx context.Context, tx *database.Tx, cutoff time.Time) (Round, []time.Time, error)
}

// sources are the event tables, in the order a round delivers them: the bookings' changes
// (folded over the window) and invitations sent (nothing to fold: each is its own mail).
func (w *Worker) sources() []source {
	return []source{
		{table: bookingEvents, wait: w.foldWindow(), deliver: w.deliverBookingEvents},
		{table: invitationEvents, deliver: w.deliverInvitationEvents},
	}
}

// DeliverDue delivers batches of due events of each source until none is left, then tells the
// managers of placements that became unfilled within UnfilledWindow, and says how many.
func (w *Worker) DeliverDue(ctx context.Context) (Round, error) {
	var total Round
	for _, src := range w.sources() {
		// The cutoff is the round's: events that fall due meanwhile wait for the next round,
		// so a busy day does not keep one round from the unfilled placements.
		cutoff := w.DB.Now().Add(-src.wait)
		for ctx.Err() == nil {
			due, err := src.table.anyDue(ctx, w.DB, cutoff)
			if err != nil {
				return total, err
			}
			if !due {
				break
			}
			r, lags, err := w.deliverBatch(ctx, src, cutoff)
			if err != nil {
				return total, err
			}
			if r.Events == 0 {
				break // all that is due another worker has claimed (SKIP LOCKED), and it tells them
			}
			total.Events += r.Events
			total.Notifications += r.Notifications
			total.Mails += r.Mails
			total.Pushes += r.Pushes
			w.wake(r)
			if len(lags) > 0 {
				w.logger().InfoContext(ctx, "notifications delivered", "source", src.table.name, "events", r.Events,
					"notifications", r.Notifications, "mails", r.Mails, "maxLagMs", slices.Max(lags).Milliseconds())
			}
		}
	}
	if ctx.Err() != nil {
		return total, nil
	}
	r, err := w.tellUnfilled(ctx)
	if err != nil {
		return total, err
	}
	total.Unfilled, total.Notifications, total.Mails = r.Events, total.Notifications+r.Notifications, total.Mails+r.Mails
	total.Pushes += r.Pushes
	w.wake(r)
	return total, nil
}

// wake nudges the mail and push senders after a transaction queued for them.
func (w *Worker) wake(r Round) {
	if r.Mails > 0 && w.WakeMail != nil {
		w.WakeMail()
	}
	if r.Pushes > 0 && w.WakePush != nil {
		w.WakePush()
	}
}

// deliverBatch claims, tells and marks one batch of src in one transaction.
func (w *Worker) deliverBatch(ctx context.Context, src source, cutoff time.Time) (Round, []time.Duration, error) {
	var r Round
	var created []time.Time
	err := w.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		r, created, err = src.deliver(ctx, tx, cutoff)
		return err
	})
	if err != nil {
		return Round{}, nil, fmt.Errorf("deliver notifications of %s: %w", src.table.name, err)
	}
	// Lag is measured on the wall clock at the commit (the database clock may be a test's).
	now := time.Now()
	lags := make([]time.Duration, len(created))
	for i, c := range created {
		lags[i] = now.Sub(c)
		if w.Observe != nil {
			w.Observe(lags[i])
		}
	}
	return r, lags, nil
}

// claimed is an event a batch claimed: its id, to mark it delivered, and its creation time, for
// the lag.
type claimed interface {
	claimedAs() (id int64, created time.Time)
}

func (e Event) claimedAs() (int64, time.Time)           { return e.ID, e.CreatedAt }
func (e InvitationEvent) claimedAs() (int64, time.Time) { return e.ID, e.CreatedAt }

// deliverEvents claims one batch of t's events created at or before cutoff, has tell make the
// notifications and mails of all or the first of them, and marks those delivered, all in tx.
// The rest are claimed again by a later transaction.
func deliverEvents[E claimed](ctx context.Context, tx *database.Tx, t eventTable, cutoff time.Time,
	tell func([]E) (Round, []E, error)) (Round, []time.Time, error) {
	evs, err := claimEvents[E](ctx, tx, t, cutoff, batchSize)
	if err != nil || len(evs) == 0 {
		return Round{}, nil, err
	}
	r, evs, err := tell(evs)
	if err != nil {
		return Round{}, nil, err
	}
	ids := make([]int64, len(evs))
	created := make([]time.Time, len(evs))
	for i, e := range evs {
		ids[i], created[i] = e.claimedAs()
	}
	return r, created, t.markDelivered(ctx, tx, ids)
}

// deliverBookingEvents claims, tells and marks one batch of booking_events in tx.
func (w *Worker) deliverBookingEvents(ctx context.Context, tx *database.Tx, cutoff time.Time) (Round, []time.Time, error) {
	return deliverEvents(ctx, tx, bookingEvents, cutoff, func(evs []Event) (Round, []Event, error) { return w.tell(ctx, tx, evs) })
}

// asksAnswer are the events that ask their freelancer for an answer (an offer, a reminder to
// answer it): mailed to them only while the offer still awaits it when the mail is queued. The
// notification stays in the app, the record of what happened.
var asksAnswer = map[events.Kind]bool{events.InstructionGranted: true, events.InstructionAnswerReminder: true}

// foldKey groups one recipient's mails: one per booking; an invitation event's is its own.
type foldKey struct {
	user, booking, invitationEvent int64
}

// tell makes the notifications and mails of the first of evs inside tx, whole bookings at a
// time up to the worker's MaxDeliveries, and returns the events it told.
func (w *Worker) tell(ctx context.Context, tx *database.Tx, evs []Event) (Round, []Event, error) {
	f, err := readFacts(ctx, tx, evs)
	if err != nil {
		return Round{}, nil, err
	}
	deliveries := make([][]Delivery, len(evs))
	for i, e := range evs {
		deliveries[i] = Fanout(e, f.audiences(e))
	}
	evs, deliveries = firstBookings(evs, deliveries, w.maxDeliveries())
	var people []int64
	for i, e := range evs {
		for _, d := range deliveries[i] {
			people = append(people, d.UserID)
		}
		p := e.payload()
		people = append(people, idOf(e.ActorID), idOf(e.UserID), p.IncumbentUserID)
		if p.InTurn != nil {
			people = append(people, p.InTurn.UserID)
		}
	}
	if err := readPeople(ctx, tx, &f, people); err != nil {
		return Round{}, nil, err
	}
	if err := readAwaiting(ctx, tx, &f, evs); err != nil {
		return Round{}, nil, err
	}
	batch, messages, err := f.compose(deliveries, func(i int, d Delivery) (message, error) {
		return f.message(evs[i], d.Type)
	}, func(i int, n *newNotification) {
		n.BookingID, n.PlacementID, n.EventID = evs[i].BookingID, idOf(evs[i].PlacementID), evs[i].ID
		n.InstructionID = idOf(evs[i].InstructionID)
		if asksAnswer[events.Kind(evs[i].Kind)] && n.UserID == idOf(evs[i].UserID) && !f.awaiting[idOf(evs[i].InstructionID)] {
			// answered, withdrawn or expired since: a mail or push asking for an answer would mislead
			n.Mailed, n.Stale = false, true
		}
	})
	if err != nil {
		return Round{}, nil, err
	}
	r, err := w.record(ctx, tx, f.people, batch, messages)
	r.Events = len(evs)
	return r, evs, err
}

// firstBookings keeps the events of the bookings that come first in evs until their
// deliveries reach limit, at least one booking's, with their deliveries, in evs' order. A
// booking's events stay together because each recipient's news of one booking folds into one
// mail within a transaction (record), so one booking's burst may pass the limit.
func firstBookings(evs []Event, deliveries [][]Delivery, limit int) ([]Event, [][]Delivery) {
	groupOf := func(e Event) int64 { return e.BookingID }
	size := map[int64]int{}
	var order []int64
	for i, e := range evs {
		g := groupOf(e)
		if _, seen := size[g]; !seen {
			order = append(order, g)
		}
		size[g] += len(deliveries[i])
	}
	kept, total := map[int64]bool{}, 0
	for _, g := range order {
		if len(kept) > 0 && total+size[g] > limit {
			break
		}
		kept[g], total = true, total+size[g]
	}
	if len(kept) == len(order) {
		return evs, deliveries
	}
	var keptEvs []Event
	var keptDeliveries [][]Delivery
	for i, e := range evs {
		if kept[groupOf(e)] {
			keptEvs, keptDeliveries = append(keptEvs, e), append(keptDeliveries, deliveries[i])
		}
	}
	return keptEvs, keptDeliveries
}

// compose makes the notifications of deliveries, deliveries[i] being event i's, to the
// recipients still there (read into f.people): say gives what event i tells a recipient of
// d's type, and from names event i as the source on its notification. What an event says
// depends on the type alone, not the recipient, so it is rendered once per event and type:
// an event of a busy department tells dozens of managers the same sentence.
func (f facts) compose(deliveries [][]Delivery, say func(i int, d Delivery) (message, error),
	from func(i int, n *newNotification)) ([]newNotification, []message, error) {
	var batch []newNotification
	var messages []message
	said := map[string]saying{} // this event's, by type
	for i, ds := range deliveries {
		clear(said)
		for _, d := range ds {
			if _, ok := f.people[d.UserID]; !ok {
				continue // deleted since
			}
			s, ok := said[d.Type]
			if !ok {
				m, err := say(i, d)
				if err != nil {
					return nil, nil, err
				}
				body, err := m.bodyText()
				if err != nil {
					return nil, nil, err
				}
				s = saying{m: m, subject: m.subject(), body: body}
				said[d.Type] = s
			}
			n := f.notification(d, s)
			from(i, &n)
			batch, messages = append(batch, n), append(messages, s.m)
		}
	}
	return batch, messages, nil
}

// saying is what an event tells the recipients of one type: the message, and the
// notification's subject and text rendered from it.
type saying struct {
	m             message
	subject, body string
}

// notification is d's notification of s, mailed when d's recipient has an address and their
// preference for the type is on; the caller names its source (event, booking...).
func (f facts) notification(d Delivery, s saying) newNotification {
	return newNotification{UserID: d.UserID, Type: d.Type, Subject: s.subject, BodyText: s.body, Link: s.m.Path,
		Mailed: f.wantsMail(d.UserID, d.Type) && f.people[d.UserID].Email != ""}
}

// record stores batch in tx, skipping those told already, and queues the mails of the stored
// ones, folded per recipient and booking (or invitation event). messages[i] is what batch[i]
// says; people holds the recipients.
func (w *Worker) record(ctx context.Context, tx *database.Tx, people map[int64]person, batch []newNotification,
	messages []message) (Round, error) {
	var r Round
	inserted, err := insertNotifications(ctx, tx, batch)
	if err != nil {
		return r, err
	}
	if r.Pushes, err = w.queuePushes(ctx, tx, batch, messages, inserted); err != nil {
		return r, err
	}
	folds := map[foldKey][]message{}
	var order []foldKey
	for i, n := range batch {
		if !inserted[n.told()] {
			continue // told already (an earlier delivery's row): no second mail either
		}
		r.Notifications++
		if n.Mailed {
			k := foldKey{user: n.UserID, booking: n.BookingID, invitationEvent: n.InvitationEventID}
			if _, ok := folds[k]; !ok {
				order = append(order, k)
			}
			folds[k] = append(folds[k], messages[i])
		}
	}
	l := links{BaseURL: w.BaseURL, Signer: w.Signer}
	mails := make([]Mail, 0, len(order))
	for _, k := range order {
		m, err := renderMail(l, people[k.user], folds[k])
		if err != nil {
			return r, err
		}
		mails = append(mails, m)
	}
	if len(mails) == 0 {
		return r, nil
	}
	queue := w.Queue
	if queue == nil {
		queue = QueueMails
	}
	if err := queue(ctx, tx, mails); err != nil {
		return r, err
	}
	r.Mails += len(mails)
	return r, nil
}

// newNotification is a notification to store. Its source is a booking event (EventID, with
// BookingID and PlacementID), an unfilled placement (PlacementID) or an invitation event
// (InvitationEventID).
type newNotification struct {
	UserID, BookingID, PlacementID, EventID, InvitationEventID int64
	InstructionID                                              int64 // the event's instruction, or 0
	Type, Subject, BodyText, Link                              string
	Mailed                                                     bool
	// Stale: it asks for an answer no longer awaited; neither mailed nor pushed.
	Stale bool
}

func (n newNotification) told() told {
	return told{Event: n.EventID, InvitationEvent: n.InvitationEventID, Placement: n.PlacementID, User: n.UserID}
}

// message gathers what event e says to a recipient of type typ.
func (f facts) message(e Event, typ string) (message, error) {
	t, _ := TypeOf(typ)
	b := f.bookings[e.BookingID]
	p := e.payload()
	m := message{Type: t, Booking: b.Title, Client: b.ClientName, Department: b.DepartmentName, Zone: b.Timezone,
		Reason: p.CancellationReason, Actor: "Someone", Outcome: p.Outcome,
		Path: "/bookings/" + strconv.FormatInt(e.BookingID, 10) + "/edit"}
	if a, ok := f.people[idOf(e.ActorID)]; ok {
		m.Actor = a.name()
	} else if e.ActorID == nil {
		m.Actor = "Hive" // the system's own change: an offer expired
	}
	if p.AnswerBy != nil {
		m.AnswerBy = inZone(*p.AnswerBy, b.Timezone)
	}
	if u, ok := f.people[idOf(e.UserID)]; ok {
		m.Person = u.name()
	}
	if p.ChallengedUntil != nil {
		m.Until = at(*p.ChallengedUntil, b.Timezone)
	}
	if pl, ok := f.placements[idOf(e.PlacementID)]; ok {
		m.Placement, m.When = pl.Title, period(pl.StartAt, pl.EndAt, b.Timezone)
		m.Path += "?placementId=" + strconv.FormatInt(pl.ID, 10)
	}
	if p.InTurn != nil { // Hive's own move, made in turn for someone's answer: Hive is the actor
		who := f.people[p.InTurn.UserID].name()
		if who == "" {
			who = "A candidate" // their account is gone
		}
		m.Actor, m.Cause = "Hive", causeOf(*p.InTurn, who)
	}
	if p.TimesheetID != 0 { // a timesheet's step: its reason, and the timesheets screen
		m.Reason, m.Path = p.Reason, "/timesheets?timesheetId="+strconv.FormatInt(p.TimesheetID, 10)
	}
	if p.InvoiceNumber != "" { // an overdue invoice: the invoices screen
		m.Invoice, m.Due, m.Path = p.InvoiceNumber, p.DueDate, "/invoices"
	}
	m.describe(p.Changes, b.Timezone)
	return m, m.render()
}

func (w *Worker) maxDeliveries() int {
	if w.MaxDeliveries <= 0 {
		return DefaultMaxDeliveries
	}
	return w.MaxDeliveries
}

func (w *Worker) foldWindow() time.Duration {
	switch {
	case w.FoldWindow < 0:
		return 0
	case w.FoldWindow == 0:
		return DefaultFoldWindow
	}
	return w.FoldWindow
}

func (w *Worker) logger() *slog.Logger {
	if w.Logger == nil {
		return slog.Default()
	}
	return w.Logger
}

// queuePushes hands the pushes of a delivery to the worker's Push, in the delivery's
// transaction, so a push is queued exactly when its notification is stored.
func (w *Worker) queuePushes(ctx context.Context, tx *database.Tx, batch []newNotification, messages []message,
	inserted map[told]bool) (int, error) {
	if w.Push == nil {
		return 0, nil
	}
	pushes := foldPushes(batch, messages, inserted)
	if len(pushes) == 0 {
		return 0, nil
	}
	return len(pushes), w.Push(ctx, tx, pushes)
}
