package deadlines_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// expiryStart is where the answer-by tests' clock stands: well before their placements (2027-02-01).
var expiryStart = time.Date(2027, 1, 20, 9, 0, 0, 0, time.UTC)

// expiryScene is a booking of dates whose placements the department's manager offers to the
// freelancer, on a clock the test moves.
type expiryScene struct {
	clk        *clock.Settable
	placements []int64
	freelancer int64
}

// withExpiry runs test on each engine with the freelancer hired by department A1, a booking of
// dates not yet offered, and the database's clock at expiryStart.
func withExpiry(t *testing.T, dates []string, test func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, e expiryScene)) {
	bookingstest.WithScene(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) expiryScene {
		return expiryWorld(t, s, db, w, dates)
	}, test)
}

// expiryWorld makes withExpiry's scene in w.
func expiryWorld(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, dates []string) expiryScene {
	clk := bookingstest.ClockAt(db, expiryStart)
	orgtest.Hire(t, db, w.DeptA1, w.Users["freelancer"])
	b := bookingstest.Book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1), "dates": dates})
	return expiryScene{clk: clk, placements: b.PlacementIDs(), freelancer: w.Users["freelancer"]}
}

// februaryDays is the first n dates of February 2027, after the clock's start.
func februaryDays(n int) []string {
	dates := []string{}
	for d := 1; d <= n; d++ {
		dates = append(dates, fmt.Sprintf("2027-02-%02d", d))
	}
	return dates
}

// offerBy grants user every placement with an answer-by time, as the department's manager.
func offerBy(s *apptest.Server, placements []int64, user int64, answerBy time.Time) *apptest.Response {
	return s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", placements[0]),
		map[string]any{"userIds": []int64{user}, "placementIds": placements, "answerBy": answerBy.Format(time.RFC3339)})
}

// wantField fails unless res is a 422 whose message about field is msg.
func wantField(t *testing.T, res *apptest.Response, field, msg string) {
	t.Helper()
	var p apptest.Problem
	res.WantError(http.StatusUnprocessableEntity, apperror.CodeValidation).Decode(&p)
	if got := p.Msg(field); got != msg {
		t.Errorf("%s: %q, want %q (%s)", field, got, msg, res.Body)
	}
}

// setAnswerBy is PATCH /instruction/answer-by by c; a zero answerBy clears it.
func setAnswerBy(c *apptest.Client, answerBy time.Time, ids ...int64) *apptest.Response {
	body := map[string]any{"ids": ids, "answerBy": nil}
	if !answerBy.IsZero() {
		body["answerBy"] = answerBy.Format(time.RFC3339)
	}
	return c.Do("PATCH", "/instruction/answer-by", body)
}

// answerByOf is the answer-by time the database holds for instruction id (zero: none).
func answerByOf(t *testing.T, db *database.DB, id int64) time.Time {
	t.Helper()
	at := databasetest.Get[*time.Time](t, db, `SELECT answer_by FROM instructions WHERE id = ?`, id)
	if at == nil {
		return time.Time{}
	}
	return at.UTC()
}

// An offer unanswered at its answer-by time is cancelled on the client side with the reason
// "Offer expired", not a moment before; one answered in time stays as answered.
func TestExpireDueCancelsUnansweredOffersAtTheirTime(t *testing.T) {
	withExpiry(t, []string{"2027-02-01"}, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, e expiryScene) {
		answerBy := expiryStart.Add(24 * time.Hour)
		offerBy(s, e.placements, e.freelancer, answerBy).Want(200)
		last := len(e.placements) - 1
		answered := bookingstest.InstructionID(t, db, e.placements[last], e.freelancer)
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": answered, "supplierStatus": "accepted"}}).Want(200)

		e.clk.Set(answerBy.Add(-time.Second))
		if n := bookingstest.ExpireDue(t, db); n != 0 {
			t.Fatalf("%d expired a second before the answer-by time", n)
		}
		e.clk.Set(answerBy)
		if n := bookingstest.ExpireDue(t, db); n != last {
			t.Fatalf("%d expired at the answer-by time, want %d", n, last)
		}
		if n := bookingstest.ExpireDue(t, db); n != 0 {
			t.Fatalf("%d expired again", n)
		}
		var b bookingstest.Booking // a fresh session: the day's jump ended the first one
		s.Login(apptest.DeptMgr+"@hive.test").Do("GET", fmt.Sprintf("/booking/%d", bookingstest.BookingOf(t, db, e.placements[0])), nil).
			Want(200).Decode(&b)
		got := map[int64]bookingstest.Instruction{}
		for _, p := range b.Placements {
			for _, i := range p.Instructions {
				got[p.ID] = i
			}
		}
		if i := got[e.placements[0]]; i.ClientStatus != "cancelled" || i.SupplierStatus != "awaiting_response" ||
			i.CancellationReason != bookings.ReasonOfferExpired || i.HiveUser != nil {
			t.Errorf("expired offer %+v", i)
		}
		if i := got[e.placements[last]]; i.ClientStatus != "awaiting_response" || i.SupplierStatus != "accepted" {
			t.Errorf("answered offer %+v", i)
		}
		bookingstest.EveryInstructionChangeAudited(t, db)
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE kind = 'instruction.status_changed'
			AND instruction_id = ?`, bookingstest.InstructionID(t, db, e.placements[0], e.freelancer)); n != 1 {
			t.Errorf("%d status events of the expired offer, want 1", n)
		}
	})
}

// Two sweeps at once (two goroutines; on PostgreSQL two connections) expire each offer once:
// one wins each offer's version check, the other skips it without an error.
func TestExpireDueTwiceAtOnceExpiresEachOfferOnce(t *testing.T) {
	withExpiry(t, februaryDays(12), func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, e expiryScene) {
		offerBy(s, e.placements, e.freelancer, expiryStart.Add(time.Hour)).Want(200)
		e.clk.Advance(2 * time.Hour)
		if total := bookingstest.SweepAtOnce(t, deadlines.ExpireDue, db, db, db, db); total != len(e.placements) {
			t.Errorf("the sweeps expired %d offers in all, want %d", total, len(e.placements))
		}
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions WHERE client_status = 'cancelled'
			AND cancellation_reason = ? AND version = 2`, bookings.ReasonOfferExpired); n != len(e.placements) {
			t.Errorf("%d offers expired once, want %d", n, len(e.placements))
		}
		bookingstest.WantEvents(t, db, "instruction.status_changed", len(e.placements))
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// Two nodes (two database handles on one PostgreSQL database, as two servers have) sweeping at
// once send each reminder once and expire each offer once.
func TestTwoNodesSweepEachOfferOnce(t *testing.T) {
	s, db, other, w := bookingstest.TwoNodes(t)
	e := expiryWorld(t, s, db, w, februaryDays(15))
	answerBy := expiryStart.Add(5 * time.Hour)
	offerBy(s, e.placements, e.freelancer, answerBy).Want(200)
	offers := len(e.placements)
	e.clk.Set(answerBy.Add(-time.Hour))
	if n := bookingstest.SweepAtOnce(t, deadlines.RemindDue, db, other); n != offers {
		t.Errorf("%d reminders sent, want %d", n, offers)
	}
	e.clk.Set(answerBy)
	if n := bookingstest.SweepAtOnce(t, deadlines.ExpireDue, db, other); n != offers {
		t.Errorf("%d offers expired, want %d", n, offers)
	}
	bookingstest.WantEvents(t, db, "instruction.answer_reminder", offers)
	bookingstest.WantEvents(t, db, "instruction.status_changed", offers)
	bookingstest.EveryInstructionChangeAudited(t, db)
}

// An answer-by time must be in the future and not after the placement's start, and is only for
// offers the freelancer answers: a pre-confirmed booking's instructions start accepted. The
// refusals write nothing; a valid one is stored and shown in the views.
func TestGrantAnswerByValidation(t *testing.T) {
	withExpiry(t, []string{"2027-02-01"}, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, e expiryScene) {
		wantField(t, offerBy(s, e.placements, e.freelancer, expiryStart), "answerBy", bookings.MsgAnswerByPast)
		wantField(t, offerBy(s, e.placements, e.freelancer, time.Date(2027, 2, 3, 0, 0, 0, 0, time.UTC)), "answerBy",
			bookings.MsgAnswerByAfterStart)
		pre := bookingstest.Book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1), "dates": []string{"2027-02-08"},
			"type": "pre_confirmed"})
		wantField(t, offerBy(s, pre.PlacementIDs(), e.freelancer, expiryStart.Add(time.Hour)), "answerBy",
			bookings.MsgAnswerByNotAwaiting)
		if n := bookingstest.LiveInstructionsOf(t, db, e.freelancer); n != 0 {
			t.Fatalf("%d instructions made by refused grants", n)
		}

		answerBy := expiryStart.Add(26 * time.Hour)
		offerBy(s, e.placements, e.freelancer, answerBy).Want(200)
		var seen struct {
			Placements []struct{ Instructions []struct{ AnswerBy *string } }
		}
		s.As(apptest.Freelancer).Do("GET", fmt.Sprintf("/booking/%d", bookingstest.BookingOf(t, db, e.placements[0])), nil).Want(200).Decode(&seen)
		got := seen.Placements[0].Instructions[0].AnswerBy
		if got == nil || !strings.HasPrefix(*got, "2027-01-21T11:00:00") {
			t.Errorf("the freelancer sees answerBy %v, want %s", got, answerBy)
		}
	})
}

// PATCH /instruction/answer-by moves and clears the time of awaiting offers, audited and with
// its event, for the department's managers only: the freelancer is refused (403), another
// client's manager does not learn the instruction exists (404), and an answered offer (409) or
// a past time (422) is refused for all the items.
func TestSetAnswerBy(t *testing.T) {
	withExpiry(t, []string{"2027-02-01"}, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, e expiryScene) {
		offerBy(s, e.placements, e.freelancer, expiryStart.Add(time.Hour)).Want(200)
		ids := []int64{}
		for _, p := range e.placements {
			ids = append(ids, bookingstest.InstructionID(t, db, p, e.freelancer))
		}
		later := expiryStart.Add(48 * time.Hour)
		orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
		setAnswerBy(s.As(apptest.Freelancer), later, ids...).WantError(403, "A-102")
		setAnswerBy(s.As(apptest.Staff), later, ids...).WantError(404, "N-404")
		wantField(t, setAnswerBy(s.As(apptest.DeptMgr), expiryStart.Add(-time.Minute), ids[0]), "answerBy", bookings.MsgAnswerByPast)

		setAnswerBy(s.As(apptest.DeptMgr), later, ids...).Want(200)
		for _, id := range ids {
			if got := answerByOf(t, db, id); !got.Equal(later) {
				t.Errorf("instruction %d answer-by %s, want %s", id, got, later)
			}
		}
		if len(ids) > 1 {
			s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", []map[string]any{{"id": ids[1], "supplierStatus": "rejected"}}).Want(200)
			bookingstest.WantMessage(t, setAnswerBy(s.As(apptest.DeptMgr), time.Time{}, ids...), 409,
				fmt.Sprintf("Instruction %d (item 2): %s", ids[1], bookings.MsgAnswerByNotAwaiting))
			if got := answerByOf(t, db, ids[0]); !got.Equal(later) {
				t.Errorf("a refused batch cleared instruction %d", ids[0])
			}
		}
		setAnswerBy(s.As(apptest.DeptMgr), time.Time{}, ids[0]).Want(200)
		if got := answerByOf(t, db, ids[0]); !got.IsZero() {
			t.Errorf("cleared answer-by is %s", got)
		}
		bookingstest.WantEvents(t, db, "instruction.answer_by_changed", len(ids)+1)
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// The reminder goes once, ReminderLead before the answer-by time and not a second earlier, to
// offers still awaiting an answer; a new answer-by time earns a new one; an expired offer none.
func TestRemindDueOnceBeforeTheAnswerByTime(t *testing.T) {
	withExpiry(t, []string{"2027-02-01"}, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, e expiryScene) {
		answerBy := expiryStart.Add(10 * time.Hour)
		offerBy(s, e.placements, e.freelancer, answerBy).Want(200)
		lead := bookingrules.Defaults.AnswerReminder()
		first := bookingstest.InstructionID(t, db, e.placements[0], e.freelancer)
		remind := func() int {
			t.Helper()
			n, err := deadlines.RemindDue(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		e.clk.Set(answerBy.Add(-lead - time.Second))
		if n := remind(); n != 0 {
			t.Fatalf("%d reminded early", n)
		}
		e.clk.Set(answerBy.Add(-lead))
		if n := remind(); n != len(e.placements) {
			t.Fatalf("%d reminded, want %d", n, len(e.placements))
		}
		if n := remind(); n != 0 {
			t.Fatalf("%d reminded twice", n)
		}
		reminders := func() int {
			return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE kind = 'instruction.answer_reminder'
				AND instruction_id = ?`, first)
		}
		if n := reminders(); n != 1 {
			t.Fatalf("%d reminder events, want 1", n)
		}
		// A reminder is not a change of the instruction: its version stays, so nobody's read goes stale.
		if v := databasetest.Get[int](t, db, `SELECT version FROM instructions WHERE id = ?`, first); v != 1 {
			t.Errorf("version %d after the reminder", v)
		}
		// A fresh session: the clock's jump ended the first.
		setAnswerBy(s.Login(apptest.DeptMgr+"@hive.test"), answerBy.Add(time.Hour), first).Want(200)
		if n := remind(); n != 0 {
			t.Fatalf("%d reminded before the moved time's lead", n)
		}
		e.clk.Advance(time.Hour)
		if n := remind(); n != 1 {
			t.Fatalf("%d reminded of the moved time, want 1", n)
		}
		e.clk.Set(answerBy.Add(2 * time.Hour))
		bookingstest.ExpireDue(t, db)
		if n := remind(); n != 0 {
			t.Fatalf("%d expired offers reminded", n)
		}
	})
}

// A round of the deadlines worker runs every sweep, in order, and one failing does not stop the
// next; the worker's default sweeps expire before they remind.
func TestDeadlinesRoundRunsEverySweep(t *testing.T) {
	var ran []string
	boom := errors.New("boom")
	d := &deadlines.Deadlines{Sweeps: []deadlines.Sweep{
		func(context.Context, *database.DB) (int, error) { ran = append(ran, "a"); return 0, boom },
		func(context.Context, *database.DB) (int, error) { ran = append(ran, "b"); return 1, nil },
	}}
	if err := d.Round(context.Background()); !errors.Is(err, boom) {
		t.Errorf("round error %v", err)
	}
	if strings.Join(ran, "") != "ab" {
		t.Errorf("ran %v", ran)
	}
	if len(deadlines.DefaultSweeps()) != 2 {
		t.Errorf("default sweeps %d", len(deadlines.DefaultSweeps()))
	}
}

// The reminder lead is the booking's client's own (its booking rules) when it has one.
func TestRemindDueReadsTheClientsLead(t *testing.T) {
	withExpiry(t, []string{"2027-02-01"}, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, e expiryScene) {
		rules := bookingrules.Defaults
		rules.AnswerReminderMinutes = 30
		if _, err := (&bookingrules.Store{DB: db}).Save(context.Background(), w.ClientA, rules, 0, w.Users["admin"]); err != nil {
			t.Fatal(err)
		}
		answerBy := expiryStart.Add(10 * time.Hour)
		offerBy(s, e.placements, e.freelancer, answerBy).Want(200)
		for _, c := range []struct {
			at   time.Duration
			want int
		}{{-2 * time.Hour, 0}, {-31 * time.Minute, 0}, {-30 * time.Minute, len(e.placements)}} {
			e.clk.Set(answerBy.Add(c.at))
			if n, err := deadlines.RemindDue(context.Background(), db); err != nil || n != c.want {
				t.Fatalf("%s before: %d reminded (%v), want %d", -c.at, n, err, c.want)
			}
		}
	})
}
