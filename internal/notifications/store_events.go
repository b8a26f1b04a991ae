package notifications

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// The delivery worker's SQL. It reads booking_events, which bookings writes and this package
// delivers (the events package says so), invitation_events likewise, and, for the names, times and recipients of a batch,
// the bookings, placements, instructions, departments, entities, link and users tables, read
// only, one set-based query each per batch (docs/notifications.md, "Reads of other tables").

// eventTable is a table of domain events the worker delivers. booking_events is written by
// bookings; invitation_events by organisations/invitations, in the transaction of the
// invitation, and an invitation event carries everything its notification says, so delivery
// reads no invitations or entities table for it, only users and preferences (readPeople).
type eventTable struct {
	name    string // the table
	columns string // what delivery reads of an event (Event's or InvitationEvent's columns)
	noun    string // for errors
	// foldBy is the column whose events are delivered together (booking_events: the booking),
	// or "" when each event is told alone.
	foldBy string
}

var (
	bookingEvents = eventTable{name: reads.BookingEventsTable, noun: "booking events", foldBy: "booking_id",
		columns: reads.BookingEventColumns}
	invitationEvents = eventTable{name: "invitation_events", noun: "invitation events",
		columns: "id, kind, invitation_id, entity_id, user_id, actor_user_id, payload_json, created_at"}
)

// claimEvents locks up to limit undelivered events of t created at or before cutoff, oldest
// first; for a table that folds (t.foldBy), every undelivered event of the groups of the
// oldest limit due events, so a booking's news of one fold window goes out together. The
// groups are read from the oldest due events alone, in the pending index's order: reading
// every due event's group made each claim's cost grow with the backlog (a round of 10,000
// offers spent a fifth of its CPU there). On PostgreSQL, FOR UPDATE SKIP LOCKED lets another
// worker claim other events meanwhile and never the same ones (the groups' events too, so it
// moves on to the groups after them); SQLite's write transaction (BEGIN IMMEDIATE) admits one
// worker at a time.
func claimEvents[E any](ctx context.Context, tx *database.Tx, t eventTable, cutoff time.Time, limit int) ([]E, error) {
	lock := ``
	if tx.Dialect() == database.Postgres {
		lock = ` FOR UPDATE SKIP LOCKED`
	}
	due, args := `created_at <= ?`, []any{cutoff.UTC(), limit}
	if t.foldBy != "" {
		due = t.foldBy + ` IN (SELECT ` + t.foldBy + ` FROM ` + t.name + ` WHERE delivered_at IS NULL AND created_at <= ?
			ORDER BY id LIMIT ?` + lock + `)`
		args = []any{cutoff.UTC(), limit, limit}
	}
	q := `SELECT ` + t.columns + ` FROM ` + t.name + ` WHERE delivered_at IS NULL AND ` + due + ` ORDER BY id LIMIT ?` + lock
	var evs []E
	if err := tx.Select(ctx, &evs, q, args...); err != nil {
		return nil, fmt.Errorf("claim %s: %w", t.noun, err)
	}
	return evs, nil
}

// anyDue reports, on a reader, whether an event of t waits, so an idle poll never takes
// SQLite's one write lock.
func (t eventTable) anyDue(ctx context.Context, db *database.DB, cutoff time.Time) (bool, error) {
	var n int
	err := db.Get(ctx, &n, `SELECT COUNT(*) FROM (SELECT 1 FROM `+t.name+` WHERE delivered_at IS NULL
		AND created_at <= ? LIMIT 1) due`, cutoff.UTC())
	return n > 0, err
}

func (t eventTable) markDelivered(ctx context.Context, tx *database.Tx, ids []int64) error {
	marks, args := database.In(ids)
	_, err := tx.Exec(ctx, `UPDATE `+t.name+` SET delivered_at = ? WHERE id IN (`+marks+`)`,
		append([]any{tx.Now.UTC()}, args...)...)
	return err
}

// bookingFacts are what a notification says of a booking.
type bookingFacts = reads.EventBooking

// placementFacts are what a notification says of a placement.
type placementFacts = reads.EventPlacement

// person is a recipient or an actor.
type person struct {
	ID        int64  `db:"id"`
	Email     string `db:"email"`
	FirstName string `db:"first_name"`
	LastName  string `db:"last_name"`
}

func (p person) name() string {
	return auth.FullName(p.FirstName, p.LastName)
}

// facts is everything a batch of events needs to be told, read in one query per table.
type facts struct {
	bookings   map[int64]bookingFacts
	placements map[int64]placementFacts
	// freelancersOf maps a placement id, and a booking id negated, to the users of its live
	// instructions.
	freelancersOf map[int64][]int64
	managersOf    map[int64][]int64 // department id → its managers and its client's
	people        map[int64]person
	choices       map[int64]map[string]bool // user → identifier → enabled (absent: on)
	// awaiting holds the instructions of the batch's offers that still await their freelancer's
	// answer now (readAwaiting): an offer answered, withdrawn or expired since is not mailed.
	awaiting map[int64]bool
}

func (f facts) audiences(e Event) Audiences {
	a := Audiences{Managers: f.managersOf[f.bookings[e.BookingID].DepartmentID]}
	if events.Kind(e.Kind) == events.InvoiceOverdue { // the managers of every department it bills
		for _, d := range e.payload().DepartmentIDs {
			a.Managers = append(a.Managers, f.managersOf[d]...)
		}
		a.Managers = uniq(a.Managers)
	}
	if pl := idOf(e.PlacementID); pl != 0 {
		a.Freelancers = f.freelancersOf[pl]
	} else {
		a.Freelancers = f.freelancersOf[-e.BookingID]
	}
	return a
}

func uniq(ids []int64) []int64 {
	seen := make(map[int64]bool, len(ids))
	out := ids[:0:0]
	for _, id := range ids {
		if id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// readFacts reads the bookings, placements and audiences of evs.
func readFacts(ctx context.Context, tx *database.Tx, evs []Event) (facts, error) {
	f := facts{bookings: map[int64]bookingFacts{}, placements: map[int64]placementFacts{},
		freelancersOf: map[int64][]int64{}, managersOf: map[int64][]int64{}}
	var bookingIDs, placementIDs, wideBookings []int64
	for _, e := range evs {
		bookingIDs = append(bookingIDs, e.BookingID)
		if pl := idOf(e.PlacementID); pl != 0 {
			placementIDs = append(placementIDs, pl)
		} else {
			wideBookings = append(wideBookings, e.BookingID)
		}
	}
	bookingIDs, placementIDs, wideBookings = uniq(bookingIDs), uniq(placementIDs), uniq(wideBookings)

	bs, err := reads.EventBookings(ctx, tx, bookingIDs)
	if err != nil {
		return f, fmt.Errorf("bookings of events: %w", err)
	}
	var departments []int64
	for _, b := range bs {
		f.bookings[b.ID] = b
		departments = append(departments, b.DepartmentID)
	}
	for _, e := range evs {
		if events.Kind(e.Kind) == events.InvoiceOverdue {
			departments = append(departments, e.payload().DepartmentIDs...)
		}
	}
	if len(placementIDs) > 0 {
		ps, err := reads.EventPlacements(ctx, tx, placementIDs)
		if err != nil {
			return f, fmt.Errorf("placements of events: %w", err)
		}
		for _, p := range ps {
			f.placements[p.ID] = p
		}
	}
	if err := readFreelancers(ctx, tx, f, placementIDs, wideBookings); err != nil {
		return f, err
	}
	if departments = uniq(departments); len(departments) > 0 {
		marks, args := database.In(departments)
		var ms []struct {
			Department int64 `db:"department_id"`
			User       int64 `db:"user_id"`
		}
		if err := tx.Select(ctx, &ms, managersSQL(marks), append(args, args...)...); err != nil {
			return f, fmt.Errorf("managers of events: %w", err)
		}
		for _, m := range ms {
			f.managersOf[m.Department] = append(f.managersOf[m.Department], m.User)
		}
	}
	return f, nil
}

// managersSQL selects the managers of the departments marks stands for (twice over), the
// department's own and its client's, as (department_id, user_id). Both arms read a partial
// index of managers alone (migration 00044): a department's hiring links are thousands.
func managersSQL(marks string) string {
	return `SELECT department_id, user_id FROM user_department_refs WHERE can_manage AND department_id IN (` + marks + `)
		UNION SELECT d.id, r.user_id FROM departments d JOIN user_entity_refs r ON r.entity_id = d.client_id
		WHERE r.can_manage AND d.id IN (` + marks + `)`
}

// readFreelancers fills f.freelancersOf for the placements and the booking-wide events.
func readFreelancers(ctx context.Context, tx *database.Tx, f facts, placements, wide []int64) error {
	rows, err := reads.LiveFreelancers(ctx, tx, placements, wide)
	if err != nil {
		return fmt.Errorf("freelancers of events: %w", err)
	}
	wideSet := map[int64]bool{}
	for _, b := range wide {
		wideSet[b] = true
	}
	for _, r := range rows {
		f.freelancersOf[r.Placement] = append(f.freelancersOf[r.Placement], r.User)
		if wideSet[r.Booking] {
			f.freelancersOf[-r.Booking] = uniq(append(f.freelancersOf[-r.Booking], r.User))
		}
	}
	return nil
}

// readAwaiting fills f.awaiting with those of the instructions evs ask an answer for (asksAnswer)
// that still await it.
func readAwaiting(ctx context.Context, tx *database.Tx, f *facts, evs []Event) error {
	f.awaiting = map[int64]bool{}
	var ids []int64
	for _, e := range evs {
		if asksAnswer[events.Kind(e.Kind)] {
			ids = append(ids, idOf(e.InstructionID))
		}
	}
	if ids = uniq(ids); len(ids) == 0 {
		return nil
	}
	open, err := reads.StillAwaitingAnswer(ctx, tx, ids)
	if err != nil {
		return fmt.Errorf("offers awaiting an answer: %w", err)
	}
	for _, id := range open {
		f.awaiting[id] = true
	}
	return nil
}

// readPeople fills f.people and f.choices for ids (recipients and actors).
func readPeople(ctx context.Context, tx *database.Tx, f *facts, ids []int64) error {
	f.people, f.choices = map[int64]person{}, map[int64]map[string]bool{}
	if ids = uniq(ids); len(ids) == 0 {
		return nil
	}
	marks, args := database.In(ids)
	var ps []person
	if err := tx.Select(ctx, &ps, `SELECT id, email, first_name, last_name FROM users WHERE id IN (`+marks+`)`,
		args...); err != nil {
		return fmt.Errorf("people of events: %w", err)
	}
	for _, p := range ps {
		f.people[p.ID] = p
	}
	var cs []struct {
		User       int64  `db:"user_id"`
		Identifier string `db:"identifier"`
		Enabled    bool   `db:"enabled"`
	}
	if err := tx.Select(ctx, &cs, `SELECT user_id, identifier, enabled FROM notification_preferences
		WHERE user_id IN (`+marks+`)`, args...); err != nil {
		return fmt.Errorf("preferences of recipients: %w", err)
	}
	for _, c := range cs {
		if f.choices[c.User] == nil {
			f.choices[c.User] = map[string]bool{}
		}
		f.choices[c.User][c.Identifier] = c.Enabled
	}
	return nil
}

// wantsMail reports whether user's preference for typ is on (the default).
func (f facts) wantsMail(user int64, typ string) bool {
	on, ok := f.choices[user][typ]
	return !ok || on
}

// insertNotifications stores ns, in multi-row inserts, except those whose event already told
// their user (another worker's or an earlier attempt's row; for 'Unfilled within 24 hours',
// which has no event, the placement), and returns the ones it stored (event 0 for the unfilled
// ones and the invitations', invitation event 0 for all others).
func insertNotifications(ctx context.Context, tx *database.Tx, ns []newNotification) (map[told]bool, error) {
	const perInsert = 250 // 11 arguments a row: well under either engine's limit
	// By user, across the chunks: PostgreSQL's trigger adds each chunk to its users' kept counts
	// (migration 00048) in user order, so with the whole round sorted two workers' rounds lock
	// the count rows they share in one order and cannot deadlock.
	ns = slices.Clone(ns)
	slices.SortStableFunc(ns, func(a, b newNotification) int { return cmp.Compare(a.UserID, b.UserID) })
	stored := make(map[told]bool, len(ns))
	for from := 0; from < len(ns); from += perInsert {
		chunk := ns[from:min(from+perInsert, len(ns))]
		rows := make([]string, len(chunk))
		args := make([]any, 0, 11*len(chunk))
		for i, n := range chunk {
			rows[i] = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
			args = append(args, n.UserID, n.Type, n.Subject, n.BodyText, n.Link, nullable(n.BookingID),
				nullable(n.PlacementID), nullable(n.EventID), nullable(n.InvitationEventID), n.Mailed, tx.Now.UTC())
		}
		var got []told
		if err := tx.Select(ctx, &got, `INSERT INTO notifications (user_id, type, subject, body_text, link, booking_id,
			placement_id, event_id, invitation_event_id, mailed, created_at) VALUES `+strings.Join(rows, ", ")+`
			ON CONFLICT DO NOTHING RETURNING COALESCE(event_id, 0) AS event_id,
			COALESCE(invitation_event_id, 0) AS invitation_event_id, COALESCE(placement_id, 0) AS placement_id,
			user_id`, args...); err != nil {
			return nil, fmt.Errorf("insert notifications: %w", err)
		}
		for _, g := range got {
			stored[g] = true
		}
	}
	return stored, nil
}

// told names a stored notification: its booking event (0 for an unfilled placement's and an
// invitation's), its invitation event (0 for the others), placement and user.
type told struct {
	Event           int64 `db:"event_id"`
	InvitationEvent int64 `db:"invitation_event_id"`
	Placement       int64 `db:"placement_id"`
	User            int64 `db:"user_id"`
}

func nullable(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}
