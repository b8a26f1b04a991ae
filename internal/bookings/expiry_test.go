package bookings_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
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
	withScene(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) expiryScene {
		clk := clock.At(expiryStart)
		db.Now = clk.Now
		orgtest.Hire(t, db, w.DeptA1, w.Users["freelancer"])
		b := book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1), "dates": dates})
		return expiryScene{clk: clk, placements: b.placementIDs(), freelancer: w.Users["freelancer"]}
	}, test)
}

// offerBy grants user every placement with an answer-by time, as the department's manager.
func offerBy(s *apptest.Server, placements []int64, user int64, answerBy time.Time) *apptest.Response {
	return s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", placements[0]),
		map[string]any{"userIds": []int64{user}, "placementIds": placements, "answerBy": answerBy.Format(time.RFC3339)})
}

// expireDue runs the expiry sweep and fails on its error.
func expireDue(t *testing.T, db *database.DB) int {
	t.Helper()
	n, err := bookings.ExpireDue(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// An offer unanswered at its answer-by time is cancelled on the client side with the reason
// "Offer expired", not a moment before; one answered in time stays as answered.
func TestExpireDueCancelsUnansweredOffersAtTheirTime(t *testing.T) {
	withExpiry(t, []string{"2027-02-01"}, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, e expiryScene) {
		answerBy := expiryStart.Add(24 * time.Hour)
		offerBy(s, e.placements, e.freelancer, answerBy).Want(200)
		last := len(e.placements) - 1
		answered := instructionID(t, db, e.placements[last], e.freelancer)
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": answered, "supplierStatus": "accepted"}}).Want(200)

		e.clk.Set(answerBy.Add(-time.Second))
		if n := expireDue(t, db); n != 0 {
			t.Fatalf("%d expired a second before the answer-by time", n)
		}
		e.clk.Set(answerBy)
		if n := expireDue(t, db); n != last {
			t.Fatalf("%d expired at the answer-by time, want %d", n, last)
		}
		if n := expireDue(t, db); n != 0 {
			t.Fatalf("%d expired again", n)
		}
		var b booking // a fresh session: the day's jump ended the first one
		s.Login(apptest.DeptMgr+"@hive.test").Do("GET", fmt.Sprintf("/booking/%d", bookingOf(t, db, e.placements[0])), nil).
			Want(200).Decode(&b)
		got := map[int64]instruction{}
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
		everyInstructionChangeAudited(t, db)
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE kind = 'instruction.status_changed'
			AND instruction_id = ?`, instructionID(t, db, e.placements[0], e.freelancer)); n != 1 {
			t.Errorf("%d status events of the expired offer, want 1", n)
		}
	})
}

// Two sweeps at once (two goroutines; on PostgreSQL two connections) expire each offer once:
// one wins each offer's version check, the other skips it without an error.
func TestExpireDueTwiceAtOnceExpiresEachOfferOnce(t *testing.T) {
	dates := []string{}
	for d := 1; d <= 12; d++ {
		dates = append(dates, fmt.Sprintf("2027-02-%02d", d))
	}
	withExpiry(t, dates, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, e expiryScene) {
		offerBy(s, e.placements, e.freelancer, expiryStart.Add(time.Hour)).Want(200)
		e.clk.Advance(2 * time.Hour)
		var wg sync.WaitGroup
		counts := make([]int, 4)
		errs := make([]error, 4)
		for g := range counts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				counts[g], errs[g] = bookings.ExpireDue(context.Background(), db)
			}()
		}
		wg.Wait()
		total := 0
		for g := range counts {
			if errs[g] != nil {
				t.Fatalf("sweep %d: %v", g, errs[g])
			}
			total += counts[g]
		}
		if total != len(e.placements) {
			t.Errorf("the sweeps expired %d offers in all (%v), want %d", total, counts, len(e.placements))
		}
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions WHERE client_status = 'cancelled'
			AND cancellation_reason = ? AND version = 2`, bookings.ReasonOfferExpired); n != len(e.placements) {
			t.Errorf("%d offers expired once, want %d", n, len(e.placements))
		}
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE kind = 'instruction.status_changed'`); n != len(e.placements) {
			t.Errorf("%d status events, want %d", n, len(e.placements))
		}
		everyInstructionChangeAudited(t, db)
	})
}

// Two nodes (two database handles on one PostgreSQL database, as two servers have) sweeping at
// once send each reminder once and expire each offer once.
func TestTwoNodesSweepEachOfferOnce(t *testing.T) {
	db, url := databasetest.PostgresURL(t)
	other, err := database.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	clk := clock.At(expiryStart)
	db.Now, other.Now = clk.Now, clk.Now
	s := apptest.Start(t, db)
	w := orgtest.Build(t, db)
	orgtest.Hire(t, db, w.DeptA1, w.Users["freelancer"])
	dates := []string{}
	for d := 1; d <= 15; d++ {
		dates = append(dates, fmt.Sprintf("2027-02-%02d", d))
	}
	b := book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1), "dates": dates})
	answerBy := expiryStart.Add(5 * time.Hour)
	offerBy(s, b.placementIDs(), w.Users["freelancer"], answerBy).Want(200)
	offers := len(b.placementIDs())

	atOnce := func(sweep bookings.Sweep) int {
		t.Helper()
		var wg sync.WaitGroup
		start := make(chan struct{})
		counts, errs := make([]int, 2), make([]error, 2)
		for n, node := range []*database.DB{db, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				counts[n], errs[n] = sweep(context.Background(), node)
			}()
		}
		close(start)
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		t.Logf("the two nodes' counts: %v", counts)
		return counts[0] + counts[1]
	}
	clk.Set(answerBy.Add(-time.Hour))
	if n := atOnce(bookings.RemindDue); n != offers {
		t.Errorf("%d reminders sent, want %d", n, offers)
	}
	clk.Set(answerBy)
	if n := atOnce(bookings.ExpireDue); n != offers {
		t.Errorf("%d offers expired, want %d", n, offers)
	}
	for kind, want := range map[string]int{"instruction.answer_reminder": offers, "instruction.status_changed": offers} {
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE kind = ?`, kind); n != want {
			t.Errorf("%d %s events, want %d", n, kind, want)
		}
	}
	everyInstructionChangeAudited(t, db)
}
