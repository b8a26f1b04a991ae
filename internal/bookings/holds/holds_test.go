package holds_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/holds"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// holdScene is the story pencils are built for: two productions of two clients pencil the demo
// freelancer for the same three days in March, Alpha's News (managed by dept) first, Beta's
// Drama (managed by staff) second, on a clock the tests move.
type holdScene struct {
	clk        *clock.Settable
	freelancer int64
	a, b       bookingstest.Booking // Alpha's and Beta's bookings, as their managers read them
}

var holdDates = []string{"2027-03-01", "2027-03-02", "2027-03-03"}

func buildHolds(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) holdScene {
	sc := holdScene{clk: bookingstest.ClockAt(db, time.Now().UTC().Truncate(time.Second)), freelancer: w.Users["freelancer"]}
	orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
	orgtest.Hire(t, db, w.DeptA1, sc.freelancer)
	orgtest.Hire(t, db, w.DeptB1, sc.freelancer)
	camera := orgtest.Shift{Title: "Camera", Start: "08:00", End: "18:00", Sell: 30000, Buy: 25000}
	jtA := orgtest.JobTemplateOf(t, db, w.DeptA1, "Alpha Launch", camera)
	jtB := orgtest.JobTemplateOf(t, db, w.DeptB1, "Beta Pilot", camera)
	a := bookingstest.BookAs(t, s, apptest.DeptMgr, map[string]any{"jobTemplateId": jtA, "dates": holdDates})
	b := bookingstest.BookAs(t, s, apptest.Staff, map[string]any{"jobTemplateId": jtB, "dates": holdDates})
	pencil(t, s, apptest.DeptMgr, a, sc.freelancer)
	sc.clk.Advance(time.Minute)
	pencil(t, s, apptest.Staff, b, sc.freelancer)
	sc.a, sc.b = bookingstest.BookingAs(t, s, apptest.DeptMgr, a.ID), bookingstest.BookingAs(t, s, apptest.Staff, b.ID)
	return sc
}

// pencil places user's hold on every placement of b, as role.
func pencil(t *testing.T, s *apptest.Server, role string, b bookingstest.Booking, user int64) {
	t.Helper()
	var res bookings.GrantResult
	s.As(role).Do("POST", fmt.Sprintf("/placement/%d/grant", b.Placements[0].ID), map[string]any{"userIds": []int64{user},
		"placementIds": b.PlacementIDs(), "kind": "hold"}).Want(200).Decode(&res)
	if res.Inserted != len(b.Placements) || len(res.Refused) != 0 {
		t.Fatalf("pencil: %+v", res)
	}
}

func withHolds(t *testing.T, test func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc holdScene)) {
	bookingstest.WithScene(t, buildHolds, test)
}

// holdsOf reads the freelancer's instruction on each placement of booking id as role.
func holdsOf(t *testing.T, s *apptest.Server, role string, id, user int64) []bookingstest.Instruction {
	t.Helper()
	return holdsRead(t, s.As(role), id, user)
}

// holdsRead is holdsOf with client c (a fresh login once the clock has passed a session's life).
func holdsRead(t *testing.T, c *apptest.Client, id, user int64) []bookingstest.Instruction {
	t.Helper()
	var b bookingstest.Booking
	c.Do("GET", fmt.Sprintf("/booking/%d", id), nil).Want(200).Decode(&b)
	var out []bookingstest.Instruction
	for _, p := range b.Placements {
		for _, i := range p.Instructions {
			if i.UserID == user {
				out = append(out, i)
			}
		}
	}
	return out
}

// wantRanks fails unless every day's instruction is a hold of rank.
func wantRanks(t *testing.T, what string, is []bookingstest.Instruction, rank int) {
	t.Helper()
	if len(is) != len(holdDates) {
		t.Fatalf("%s: %d instructions", what, len(is))
	}
	for _, i := range is {
		if i.Kind != bookings.KindHold || i.HoldRank != rank || i.HigherHoldExists != (rank > 1) {
			t.Fatalf("%s: %+v, want a hold ranked %d", what, i.HoldFacts, rank)
		}
	}
}

// Ranks follow the order of placing; a client reads its own rank and that a higher hold exists,
// never whose; releasing the first moves the second up.
func TestHoldsRankInPlacingOrderAndMoveUpOnRelease(t *testing.T) {
	withHolds(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc holdScene) {
		wantRanks(t, "Alpha's", holdsOf(t, s, apptest.DeptMgr, sc.a.ID, sc.freelancer), 1)
		second := holdsOf(t, s, apptest.Staff, sc.b.ID, sc.freelancer)
		wantRanks(t, "Beta's", second, 2)
		if !second[0].CanChallengeHold || second[0].CanConfirmHold || second[0].CanAccept || second[0].CanCancel {
			t.Fatalf("Beta's actions %+v", second[0].InstructionActions)
		}
		body := string(s.As(apptest.Staff).Do("GET", fmt.Sprintf("/booking/%d", sc.b.ID), nil).Want(200).Body)
		for _, secret := range []string{"Alpha", "News", "Alpha Launch"} {
			if strings.Contains(body, secret) {
				t.Fatalf("Beta's manager reads %q", secret)
			}
		}
		// The freelancer reads both, each with its rank.
		wantRanks(t, "the freelancer's first", holdsOf(t, s, apptest.Freelancer, sc.a.ID, sc.freelancer), 1)
		wantRanks(t, "the freelancer's second", holdsOf(t, s, apptest.Freelancer, sc.b.ID, sc.freelancer), 2)

		var res holds.HoldResult
		s.As(apptest.DeptMgr).Do("POST", bookingstest.HoldPath(holdsOf(t, s, apptest.DeptMgr, sc.a.ID, sc.freelancer)[1].ID, "release"),
			nil).Want(200).Decode(&res)
		if res.Days != 3 {
			t.Fatalf("released %d days", res.Days)
		}
		wantRanks(t, "Beta's after Alpha released", holdsOf(t, s, apptest.Staff, sc.b.ID, sc.freelancer), 1)
		for _, i := range holdsOf(t, s, apptest.DeptMgr, sc.a.ID, sc.freelancer) {
			if i.ClientStatus != "cancelled" || i.CancellationReason != holds.HoldReleasedReason || i.CanReleaseHold {
				t.Fatalf("released hold %+v", i)
			}
		}
		bookingstest.WantEvents(t, db, "hold.placed", 6)
		bookingstest.WantEvents(t, db, "hold.released", 3)
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// Holds take no time: a freelancer holding pencils may still accept an overlapping offer, and
// then no pencil of those days may be confirmed (the overlap check still runs on confirming).
func TestHoldsDoNotBlockButAnAcceptedOfferDoes(t *testing.T) {
	withHolds(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc holdScene) {
		jt := orgtest.JobTemplateOf(t, db, w.DeptA1, "Other job", orgtest.Shift{Title: "Other", Start: "10:00", End: "12:00"})
		other := bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt, "dates": holdDates[:1]})
		bookingstest.Grant(t, s, other.Placements[0].ID, sc.freelancer)
		id := bookingstest.InstructionID(t, db, other.Placements[0].ID, sc.freelancer)
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", []map[string]any{{"id": id, "supplierStatus": "accepted"}}).Want(200)
		first := holdsOf(t, s, apptest.DeptMgr, sc.a.ID, sc.freelancer)
		bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("POST", bookingstest.HoldPath(first[0].ID, "confirm"), nil), 409,
			"This freelancer is already booked at an overlapping time: Other job (Other), Mon 1 Mar 10:00–12:00.")
		wantRanks(t, "Alpha's after the refused confirm", holdsOf(t, s, apptest.DeptMgr, sc.a.ID, sc.freelancer), 1)
	})
}

// Only the first hold is confirmed; confirming makes it an offer accepted on both sides, and
// the second then meets the booked days.
func TestOnlyTheFirstHoldIsConfirmed(t *testing.T) {
	withHolds(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc holdScene) {
		second := holdsOf(t, s, apptest.Staff, sc.b.ID, sc.freelancer)
		bookingstest.WantMessage(t, s.As(apptest.Staff).Do("POST", bookingstest.HoldPath(second[0].ID, "confirm"), nil), 409, holds.MsgOnlyFirstHold)
		bookingstest.WantMessage(t, s.As(apptest.Freelancer).Do("POST", bookingstest.HoldPath(second[0].ID, "confirm"), nil), 409, holds.MsgOnlyFirstHold)
		// Neither the status operation nor a substitution goes round the hold's own operations.
		bookingstest.WantMessage(t, s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": second[0].ID, "supplierStatus": "accepted"}}), 409, bookings.MsgHoldStatus)

		first := holdsOf(t, s, apptest.Freelancer, sc.a.ID, sc.freelancer)
		if !first[0].CanConfirmHold || !first[0].CanReleaseHold || first[0].CanChallengeHold {
			t.Fatalf("the freelancer's actions on the first %+v", first[0].InstructionActions)
		}
		var res holds.HoldResult
		s.As(apptest.Freelancer).Do("POST", bookingstest.HoldPath(first[2].ID, "confirm"), nil).Want(200).Decode(&res)
		if res.Days != 3 {
			t.Fatalf("confirmed %d days", res.Days)
		}
		for _, i := range holdsOf(t, s, apptest.DeptMgr, sc.a.ID, sc.freelancer) {
			if i.Kind != bookings.KindOffer || i.SupplierStatus != "accepted" || i.ClientStatus != "accepted" {
				t.Fatalf("confirmed %+v", i)
			}
		}
		wantRanks(t, "Beta's once Alpha's is booked", holdsOf(t, s, apptest.Staff, sc.b.ID, sc.freelancer), 1)
		// Staff of Beta's department may not see Alpha's booking: the work in the way is other work (busy).
		bookingstest.WantMessage(t, s.As(apptest.Staff).Do("POST", bookingstest.HoldPath(second[0].ID, "confirm"), nil), 409,
			"This freelancer is already booked at an overlapping time: other work (busy), Mon 1 Mar 08:00–18:00.")
		bookingstest.WantEvents(t, db, "hold.confirmed", 3)
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// A challenge gives the first holder the challenge time; confirming within it keeps the days,
// and the sweep at the deadline then releases nothing.
func TestChallengeThenConfirm(t *testing.T) {
	withHolds(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc holdScene) {
		second := holdsOf(t, s, apptest.Staff, sc.b.ID, sc.freelancer)
		var res holds.HoldResult
		s.As(apptest.Staff).Do("POST", bookingstest.HoldPath(second[0].ID, "challenge"), nil).Want(200).Decode(&res)
		want := bookings.WireTime(sc.clk.Now().Add(bookingrules.Defaults.HoldChallenge()))
		if res.Days != 3 || res.Deadline == nil || *res.Deadline != want {
			t.Fatalf("challenge %+v, want 3 days until %s", res, want)
		}
		bookingstest.WantMessage(t, s.As(apptest.Staff).Do("POST", bookingstest.HoldPath(second[1].ID, "challenge"), nil), 409, holds.MsgChallengeOpen)
		for _, i := range holdsOf(t, s, apptest.Staff, sc.b.ID, sc.freelancer) {
			if i.ChallengingUntil == nil || *i.ChallengingUntil != want || i.CanChallengeHold {
				t.Fatalf("challenger %+v", i)
			}
		}
		first := holdsOf(t, s, apptest.DeptMgr, sc.a.ID, sc.freelancer)
		if first[0].ChallengedUntil == nil || *first[0].ChallengedUntil != want {
			t.Fatalf("challenged %+v", first[0].HoldFacts)
		}
		sc.clk.Advance(10 * time.Minute) // within a session's idle time
		s.As(apptest.DeptMgr).Do("POST", bookingstest.HoldPath(first[0].ID, "confirm"), nil).Want(200)
		sc.clk.Advance(bookingrules.Defaults.HoldChallenge()) // past every session's life: later reads sign in again
		if n, err := holds.ReleaseExpiredHolds(context.Background(), db); err != nil || n != 0 {
			t.Fatalf("sweep after a confirm released %d: %v", n, err)
		}
		if open := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM hold_challenges WHERE resolved_at IS NULL`); open != 0 {
			t.Fatalf("%d challenges open", open)
		}
		bookingstest.WantEvents(t, db, "hold.challenged", 3)
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// At the deadline the challenged hold is released exactly once however many sweeps run at once,
// and the challenger moves up to the first hold and may confirm.
func TestChallengeTimeoutReleasesOnceAndTheChallengerMovesUp(t *testing.T) {
	withHolds(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc holdScene) {
		second := holdsOf(t, s, apptest.Staff, sc.b.ID, sc.freelancer)
		s.As(apptest.Staff).Do("POST", bookingstest.HoldPath(second[0].ID, "challenge"), nil).Want(200)
		sc.clk.Advance(bookingrules.Defaults.HoldChallenge() - time.Minute)
		if n, err := holds.ReleaseExpiredHolds(context.Background(), db); err != nil || n != 0 {
			t.Fatalf("sweep before the deadline released %d: %v", n, err)
		}
		sc.clk.Advance(time.Hour)
		if total := bookingstest.SweepAtOnce(t, holds.ReleaseExpiredHolds, db, db, db, db); total != 3 {
			t.Fatalf("sweeps released %d, want 3 in all", total)
		}
		bookingstest.WantEvents(t, db, "hold.expired", 3)
		dept, staff := s.Login(apptest.DeptMgr+"@hive.test"), s.Login(apptest.Staff+"@hive.test")
		for _, i := range holdsRead(t, dept, sc.a.ID, sc.freelancer) {
			if i.ClientStatus != "cancelled" || i.CancellationReason != holds.HoldExpiredReason {
				t.Fatalf("expired hold %+v", i)
			}
		}
		moved := holdsRead(t, staff, sc.b.ID, sc.freelancer)
		wantRanks(t, "the challenger after the deadline", moved, 1)
		if moved[0].ChallengingUntil != nil || !moved[0].CanConfirmHold {
			t.Fatalf("challenger after the deadline %+v %+v", moved[0].HoldFacts, moved[0].InstructionActions)
		}
		staff.Do("POST", bookingstest.HoldPath(moved[0].ID, "confirm"), nil).Want(200)
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// Every hold operation refuses a freelancer who does not hold it and another client's manager
// as an instruction they cannot see (404), and a freelancer's challenge (403).
func TestHoldOperationsRefusedToOutsiders(t *testing.T) {
	withHolds(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc holdScene) {
		other := orgtest.Freelancer(t, db, "other.camera@hive.test", "Olive")
		orgtest.Hire(t, db, w.DeptA1, other)
		pencil(t, s, apptest.DeptMgr, bookingstest.BookingAs(t, s, apptest.DeptMgr, sc.a.ID), other)
		first := holdsOf(t, s, apptest.DeptMgr, sc.a.ID, sc.freelancer)[0].ID
		others := holdsOf(t, s, apptest.DeptMgr, sc.a.ID, other)[0].ID
		for _, op := range []string{"confirm", "release", "challenge"} {
			s.As(apptest.Freelancer).Do("POST", bookingstest.HoldPath(others, op), nil).WantError(404, "N-404")
			s.As(apptest.Staff).Do("POST", bookingstest.HoldPath(first, op), nil).WantError(404, "N-404")
			s.As(apptest.Freelancer).Do("POST", bookingstest.HoldPath(999999, op), nil).WantError(404, "N-404")
		}
		second := holdsOf(t, s, apptest.Freelancer, sc.b.ID, sc.freelancer)[0].ID
		bookingstest.WantMessage(t, s.As(apptest.Freelancer).Do("POST", bookingstest.HoldPath(second, "challenge"), nil), 403, holds.MsgChallengeByClient)
		bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("POST", bookingstest.HoldPath(first, "challenge"), nil), 409, holds.MsgAlreadyFirstHold)
		wantRanks(t, "Alpha's after refusals", holdsOf(t, s, apptest.DeptMgr, sc.a.ID, sc.freelancer), 1)
		if open := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM hold_challenges`); open != 0 {
			t.Fatalf("%d challenges made by refused calls", open)
		}
	})
}

// The challenged holder's client sets its challenge time (booking rules): Alpha gives its
// pencils 2 hours, so Beta's challenge lapses then, not after the default day.
func TestChallengeTimeIsTheChallengedClients(t *testing.T) {
	withHolds(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc holdScene) {
		rules := bookingrules.Defaults
		rules.HoldChallengeMinutes = 120
		if _, err := (&bookingrules.Store{DB: db}).Save(context.Background(), w.ClientA, rules, 0, w.Users["admin"]); err != nil {
			t.Fatal(err)
		}
		second := holdsOf(t, s, apptest.Staff, sc.b.ID, sc.freelancer)
		var res holds.HoldResult
		s.As(apptest.Staff).Do("POST", bookingstest.HoldPath(second[0].ID, "challenge"), nil).Want(200).Decode(&res)
		if want := bookings.WireTime(sc.clk.Now().Add(2 * time.Hour)); res.Deadline == nil || *res.Deadline != want {
			t.Fatalf("deadline %v, want %s", res.Deadline, want)
		}
		sc.clk.Advance(2*time.Hour + time.Second)
		if n, err := holds.ReleaseExpiredHolds(context.Background(), db); err != nil || n != 3 {
			t.Fatalf("released %d: %v", n, err)
		}
	})
}
