package waterfall_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/bookings/waterfall"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// cancelAsClient cancels user's instruction on placement on the client side with reason.
func cancelAsClient(t *testing.T, s *apptest.Server, db *database.DB, placement, user int64, reason string) {
	t.Helper()
	s.As(apptest.DeptMgr).Do("PATCH", "/instruction/status", []map[string]any{{"id": bookingstest.InstructionID(t, db, placement, user),
		"clientStatus": "cancelled", "cancellationReason": reason}}).Want(200)
}

func TestWaterfall_OffersInTurnAsPlacesFreeAndFills(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		v := sc.Start(t, s, 2, 2, u[0], u[1], u[2], u[3])
		bookingstest.WantStates(t, v, "running", "offered", "offered", "pending", "pending")
		if v.Candidates[0].AnswerBy == nil || v.Open != 2 || v.Filled != 0 {
			t.Fatalf("first offers: %+v", v)
		}
		// A decline and the next offer commit in one transaction.
		bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, u[0], "rejected")
		bookingstest.WantStates(t, sc.WaterfallOf(t, s, v.ID), "running", "declined", "offered", "offered", "pending")
		declined, offered := bookingstest.InstructionID(t, db, sc.Placement, u[0]), bookingstest.InstructionID(t, db, sc.Placement, u[2])
		if n := databasetest.Get[int](t, db, `SELECT COUNT(DISTINCT hive_tx_id) FROM audit_log WHERE hive_source = 'instruction'
			AND ((record_id = ? AND hive_action = 'UPDATE') OR (record_id = ? AND hive_action = 'INSERT'))`, declined, offered); n != 1 {
			t.Fatalf("the decline and the next offer were %d transactions", n)
		}
		// An offer that expires moves the list on the same way.
		cancelAsClient(t, s, db, sc.Placement, u[1], bookings.ReasonOfferExpired)
		bookingstest.WantStates(t, sc.WaterfallOf(t, s, v.ID), "running", "declined", "expired", "offered", "offered")
		bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, u[2], "accepted")
		v = sc.WaterfallOf(t, s, v.ID)
		bookingstest.WantStates(t, v, "running", "declined", "expired", "accepted", "offered")
		bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, u[3], "accepted")
		v = sc.WaterfallOf(t, s, v.ID)
		bookingstest.WantStates(t, v, "done", "declined", "expired", "accepted", "accepted")
		if v.Filled != 2 || v.Open != 0 {
			t.Fatalf("filled %d open %d", v.Filled, v.Open)
		}
		// A place freed after it filled runs the waterfall again, if anyone is left to ask: nobody,
		// so it ran out.
		cancelAsClient(t, s, db, sc.Placement, u[3], "Not needed")
		bookingstest.WantStates(t, sc.WaterfallOf(t, s, v.ID), "ran_out", "declined", "expired", "accepted", "skipped")
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// An offer left unanswered for its lifetime expires by the deadlines worker's sweep (the clock
// moved), and the next candidate's offer commits with the expiry.
func TestWaterfall_AnExpiredOfferPassesToTheNext(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		v := sc.Start(t, s, 1, 1, u[0], u[1], u[2])
		if got := *v.Candidates[0].AnswerBy; got != bookingstest.WaterfallStart.Add(4*time.Hour).Format("2006-01-02T15:04:05.000-07:00") {
			t.Fatalf("answer by %s", got)
		}
		sc.Clk.Advance(4*time.Hour - time.Second)
		if n := bookingstest.ExpireDue(t, db); n != 0 {
			t.Fatalf("%d expired before the offer's lifetime ended", n)
		}
		sc.Clk.Advance(time.Second)
		if n := bookingstest.ExpireDue(t, db); n != 1 {
			t.Fatalf("%d expired at the end of the offer's lifetime", n)
		}
		expired, offered := bookingstest.InstructionID(t, db, sc.Placement, u[0]), bookingstest.InstructionID(t, db, sc.Placement, u[1])
		if n := databasetest.Get[int](t, db, `SELECT COUNT(DISTINCT hive_tx_id) FROM audit_log WHERE hive_source = 'instruction'
			AND ((record_id = ? AND hive_action = 'UPDATE') OR (record_id = ? AND hive_action = 'INSERT'))`, expired, offered); n != 1 {
			t.Fatalf("the expiry and the next offer were %d transactions", n)
		}
		var l waterfall.WaterfallList // a fresh session: four hours ended the first one
		s.Login(apptest.DeptMgr+"@hive.test").Do("GET", fmt.Sprintf("/booking/%d/waterfalls", sc.Booking), nil).Want(200).Decode(&l)
		bookingstest.WantStates(t, l.Items[0], "running", "expired", "offered", "pending")
		if got := *l.Items[0].Candidates[1].AnswerBy; got != bookingstest.WaterfallStart.Add(8*time.Hour).Format("2006-01-02T15:04:05.000-07:00") {
			t.Fatalf("next answer by %s", got)
		}
	})
}

func TestWaterfall_SkipsWhoCannotBeOfferedAndEndsWhenTheListRunsOut(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		bookingstest.Grant(t, s, sc.Placement, u[0]) // instructed already: their turn is skipped
		v := sc.Start(t, s, 1, 1, u[0], u[1])
		bookingstest.WantStates(t, v, "running", "skipped", "offered")
		bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, u[1], "rejected")
		bookingstest.WantStates(t, sc.WaterfallOf(t, s, v.ID), "ran_out", "skipped", "declined")
	})
}

func TestWaterfall_RefusesWhatCannotRun(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		path := fmt.Sprintf("/booking/%d/waterfall", sc.Booking)
		post := func(body map[string]any) *apptest.Response { return s.As(apptest.DeptMgr).Do("POST", path, body) }
		with := func(key string, value any) map[string]any {
			b := sc.Body(1, 1, []int64{u[0], u[1]})
			b[key] = value
			return b
		}
		grace := orgtest.UserID(t, db, "grace.adeyemi@hive.test")
		for _, c := range []struct {
			name string
			body map[string]any
			msg  string
		}{
			{"no places", with("places", 0), waterfall.MsgWaterfallPlaces},
			{"more places than listed", with("places", 3), waterfall.MsgWaterfallTooFew},
			{"none open", with("openAtOnce", 0), waterfall.MsgWaterfallOpenAtOnce},
			{"a lifetime too short", with("offerLifetimeMinutes", 5), waterfall.MsgWaterfallLifetime},
			{"nobody listed", with("userIds", []int64{}), waterfall.MsgWaterfallNoCandidates},
			{"listed twice", with("userIds", []int64{u[0], u[0]}), waterfall.MsgWaterfallListedTwice},
			{"not hireable", with("userIds", []int64{u[0], grace}), bookings.MsgNotHireable},
			{"another booking's placement", with("placementIds", []int64{999999}), bookings.MsgPlacementsOfBooking},
		} {
			t.Run(c.name, func(t *testing.T) { bookingstest.WantMessage(t, post(c.body), 422, c.msg) })
		}
		// A direct booking's instructions start accepted: there is nothing to answer in turn.
		jt := databasetest.Get[int64](t, db, `SELECT job_template_id FROM bookings WHERE id = ?`, sc.Booking)
		direct := bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{"2027-03-07"}, "direct": true})
		body := sc.Body(1, 1, []int64{u[0]})
		body["placementIds"] = direct.PlacementIDs()
		bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/booking/%d/waterfall", direct.ID), body), 422,
			waterfall.MsgWaterfallAnswered)
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM offer_waterfalls`); n != 0 {
			t.Fatalf("%d waterfalls after refusals", n)
		}
	})
}

func TestWaterfall_PauseResumeStopAndReorderCarryTheVersion(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		v := sc.Start(t, s, 2, 1, u[0], u[1], u[2], u[3])
		mgr := s.As(apptest.DeptMgr)
		control := func(action string, version int) *apptest.Response {
			return mgr.Do("PATCH", fmt.Sprintf("/waterfall/%d", v.ID), map[string]any{"action": action, "version": version})
		}
		reorder := func(version int, users ...int64) *apptest.Response {
			return mgr.Do("PUT", fmt.Sprintf("/waterfall/%d/order", v.ID), map[string]any{"userIds": users, "version": version})
		}
		var paused waterfall.WaterfallView
		control("pause", v.Version).Want(200).Decode(&paused)
		bookingstest.WantMessage(t, control("resume", v.Version), 409, waterfall.MsgWaterfallStale)
		bookingstest.WantMessage(t, reorder(v.Version, u[3], u[2], u[1]), 409, waterfall.MsgWaterfallStale)
		// Paused: a decline frees a place, but nobody is offered it yet.
		bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, u[0], "rejected")
		paused = sc.WaterfallOf(t, s, v.ID)
		bookingstest.WantStates(t, paused, "paused", "declined", "pending", "pending", "pending")
		bookingstest.WantMessage(t, reorder(paused.Version, u[3], u[2]), 422, waterfall.MsgWaterfallOrder)
		var reordered waterfall.WaterfallView
		reorder(paused.Version, u[3], u[2], u[1]).Want(200).Decode(&reordered)
		var resumed waterfall.WaterfallView
		control("resume", reordered.Version).Want(200).Decode(&resumed)
		if resumed.Candidates[1].UserID != u[3] || resumed.Candidates[1].State != "offered" {
			t.Fatalf("after reorder and resume: %+v", resumed.Candidates)
		}
		var stopped waterfall.WaterfallView
		control("stop", resumed.Version).Want(200).Decode(&stopped)
		bookingstest.WantStates(t, stopped, "stopped", "declined", "skipped", "pending", "pending")
		var reason string
		if err := db.Get(context.Background(), &reason, `SELECT cancellation_reason FROM instructions WHERE id = ?`,
			bookingstest.InstructionID(t, db, sc.Placement, u[3])); err != nil || reason != waterfall.MsgWaterfallWithdrawn {
			t.Fatalf("withdrawn offer: %q %v", reason, err)
		}
		bookingstest.WantMessage(t, control("resume", stopped.Version), 409, waterfall.MsgWaterfallFinished)
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

func TestWaterfall_OnlyTheDepartmentsManagers(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		v := sc.Start(t, s, 1, 1, sc.Users[0], sc.Users[1])
		// staff manages the other client: a manager, but not of this booking.
		orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
		for _, role := range []string{apptest.Freelancer, apptest.Staff} {
			c := s.As(role)
			c.Do("POST", fmt.Sprintf("/booking/%d/waterfall", sc.Booking), sc.Body(1, 1, sc.Users[2:4])).Want(404)
			c.Do("GET", fmt.Sprintf("/booking/%d/waterfalls", sc.Booking), nil).Want(404)
			c.Do("PATCH", fmt.Sprintf("/waterfall/%d", v.ID), map[string]any{"action": "stop", "version": v.Version}).Want(404)
			c.Do("PUT", fmt.Sprintf("/waterfall/%d/order", v.ID), map[string]any{"userIds": []int64{}, "version": v.Version}).Want(404)
		}
		s.As(apptest.Admin).Do("GET", fmt.Sprintf("/booking/%d/waterfalls", sc.Booking), nil).Want(200)
		bookingstest.WantStates(t, sc.WaterfallOf(t, s, v.ID), "running", "offered", "pending")
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM offer_waterfalls`); n != 1 {
			t.Fatalf("%d waterfalls", n)
		}
	})
}

// Cancelling the waterfall's placement withdraws its open offers and ends it: nobody is offered a
// cancelled placement.
func TestWaterfall_ItsPlacementCancelledEndsIt(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		v := sc.Start(t, s, 1, 2, u[0], u[1], u[2])
		s.As(apptest.DeptMgr).Do("DELETE", "/placements", map[string]any{"ids": []int64{sc.Placement},
			"cancellationReason": "Match postponed"}).Want(200)
		bookingstest.WantStates(t, sc.WaterfallOf(t, s, v.ID), "stopped", "skipped", "pending", "pending")
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions WHERE deleted_at IS NULL`); n != 0 {
			t.Fatalf("%d live instructions on a cancelled placement", n)
		}
	})
}

// An offer of two placements is one turn: declining one ends it, the other is withdrawn, and
// the next candidate is offered both.
func TestWaterfall_AnOfferOfSeveralPlacementsIsOneTurn(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		jt := databasetest.Get[int64](t, db, `SELECT job_template_id FROM bookings WHERE id = ?`, sc.Booking)
		two := bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{"2027-03-13", "2027-03-14"}})
		body := sc.Body(1, 1, []int64{u[0], u[1]})
		body["placementIds"] = two.PlacementIDs()
		var v waterfall.WaterfallView
		s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/booking/%d/waterfall", two.ID), body).Want(201).Decode(&v)
		first, second := two.PlacementIDs()[0], two.PlacementIDs()[1]
		bookingstest.AnswerAsSupplier(t, s, db, first, u[0], "rejected")
		var reason string
		if err := db.Get(context.Background(), &reason, `SELECT cancellation_reason FROM instructions WHERE id = ?`,
			bookingstest.InstructionID(t, db, second, u[0])); err != nil || reason != waterfall.MsgWaterfallTurnEnded {
			t.Fatalf("the rest of the declined offer: %q %v", reason, err)
		}
		bookingstest.InstructionID(t, db, first, u[1])
		bookingstest.InstructionID(t, db, second, u[1])
		bookingstest.AnswerAsSupplier(t, s, db, first, u[1], "accepted")
		var l waterfall.WaterfallList
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/booking/%d/waterfalls", two.ID), nil).Want(200).Decode(&l)
		bookingstest.WantStates(t, l.Items[0], "running", "declined", "offered")
		bookingstest.AnswerAsSupplier(t, s, db, second, u[1], "accepted")
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/booking/%d/waterfalls", two.ID), nil).Want(200).Decode(&l)
		bookingstest.WantStates(t, l.Items[0], "done", "declined", "accepted")
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// wantWithinLimits fails when waterfall id has more offers open than it may, or a candidate
// holds more than one live instruction on the placement (offered twice).
func wantWithinLimits(t *testing.T, db *database.DB, id int64, open int) {
	t.Helper()
	if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM waterfall_candidates WHERE waterfall_id = ? AND state = 'offered'`, id); n != open {
		t.Fatalf("%d offers open, want %d", n, open)
	}
	if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM waterfall_candidates c WHERE c.waterfall_id = ?
		AND (SELECT COUNT(*) FROM instructions i JOIN waterfall_placements wp ON wp.placement_id = i.placement_id
		AND wp.waterfall_id = c.waterfall_id WHERE i.user_id = c.user_id) > 1`, id); n != 0 {
		t.Fatalf("%d candidates offered twice", n)
	}
	if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM waterfall_candidates c WHERE c.waterfall_id = ? AND c.state = 'offered'
		AND NOT EXISTS (SELECT 1 FROM instructions i WHERE i.user_id = c.user_id AND i.supplier_status = 'awaiting_response'
		AND i.client_status = 'awaiting_response')`, id); n != 0 {
		t.Fatalf("%d candidates offered without an open instruction", n)
	}
}

// Two workers advancing one waterfall at once (on PostgreSQL, two connections) offer each free
// place once: the waterfall's row lock makes them take turns, and the second sees the first's
// offers.
func TestWaterfall_WorkersAdvancingAtOnceKeepTheLimits(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		v := sc.Start(t, s, 3, 3, u...)
		s.As(apptest.DeptMgr).Do("PATCH", fmt.Sprintf("/waterfall/%d", v.ID), map[string]any{"action": "pause", "version": v.Version}).Want(200)
		for _, user := range u[:3] {
			bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, user, "rejected")
		}
		// Running again without advancing, as if its resume had not advanced yet: three places free.
		databasetest.Exec(t, db, `UPDATE offer_waterfalls SET state = 'running' WHERE id = ?`, v.ID)
		errs := make([]error, 4)
		bookingstest.AtOnce(len(errs), func(i int) { errs[i] = waterfall.Advance(context.Background(), db, v.ID) })
		for i, err := range errs {
			if err != nil {
				t.Fatalf("worker %d: %v", i, err)
			}
		}
		wantWithinLimits(t, db, v.ID, 3)
	})
}

// Declines answered at once by several freelancers each hand their place on exactly once.
func TestWaterfall_DeclinesAtOnceOfferEachPlaceOnce(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		v := sc.Start(t, s, 2, 2, u...)
		ids := []int64{bookingstest.InstructionID(t, db, sc.Placement, u[0]), bookingstest.InstructionID(t, db, sc.Placement, u[1])}
		mgr := s.As(apptest.DeptMgr)
		statuses := make([]int, len(ids))
		bookingstest.AtOnce(len(ids), func(i int) {
			statuses[i] = mgr.Do("PATCH", "/instruction/status", []map[string]any{{"id": ids[i], "supplierStatus": "rejected"}}).Status
		})
		for i, st := range statuses {
			if st != 200 {
				t.Fatalf("decline %d: %d", i, st)
			}
		}
		wantWithinLimits(t, db, v.ID, 2)
		bookingstest.WantStates(t, sc.WaterfallOf(t, s, v.ID), "running", "declined", "declined", "offered", "offered", "pending", "pending")
	})
}

// A manager stopping a waterfall while a freelancer declines one of its offers: both take the
// waterfall's lock before the instruction's, so neither waits on the other (no deadlock on
// PostgreSQL); the decline either lands first or finds its offer withdrawn (409), and nothing is
// left open.
func TestWaterfall_StopWhileDecliningNeverDeadlocks(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		jt := databasetest.Get[int64](t, db, `SELECT job_template_id FROM bookings WHERE id = ?`, sc.Booking)
		mgr := s.As(apptest.DeptMgr)
		for round := range 4 {
			b := bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{fmt.Sprintf("2027-04-%02d", round+1)}})
			placement := b.PlacementIDs()[0]
			var v waterfall.WaterfallView
			mgr.Do("POST", fmt.Sprintf("/booking/%d/waterfall", b.ID), map[string]any{"placementIds": []int64{placement},
				"userIds": u[:4], "places": 1, "openAtOnce": 2, "offerLifetimeMinutes": 240}).Want(201).Decode(&v)
			offer := bookingstest.InstructionID(t, db, placement, u[0])
			var stop, decline int
			var wg sync.WaitGroup
			wg.Add(2)
			go func() {
				defer wg.Done()
				stop = mgr.Do("PATCH", fmt.Sprintf("/waterfall/%d", v.ID), map[string]any{"action": "stop", "version": v.Version}).Status
			}()
			go func() {
				defer wg.Done()
				decline = mgr.Do("PATCH", "/instruction/status", []map[string]any{{"id": offer, "version": 1, "supplierStatus": "rejected"}}).Status
			}()
			wg.Wait()
			if stop != 200 || (decline != 200 && decline != 409) {
				t.Fatalf("round %d: stop %d, decline %d", round, stop, decline)
			}
			wantWithinLimits(t, db, v.ID, 0)
		}
	})
}

// Two nodes (two database handles on one PostgreSQL database) sweeping expiries at once: each
// expired offer passes to exactly one next candidate, within the limits.
func TestWaterfall_TwoNodesExpiringAtOnceOfferEachPlaceOnce(t *testing.T) {
	s, db, other, w := bookingstest.TwoNodes(t)
	sc := bookingstest.WaterfallWorld(t, s, db, w)
	v := sc.Start(t, s, 3, 3, sc.Users...)
	sc.Clk.Advance(4 * time.Hour)
	if n := bookingstest.SweepAtOnce(t, deadlines.ExpireDue, db, other); n != 3 {
		t.Fatalf("%d offers expired, want 3", n)
	}
	wantWithinLimits(t, db, v.ID, 3)
	sc.Clk.Advance(4 * time.Hour)
	if n := bookingstest.SweepAtOnce(t, deadlines.ExpireDue, db, other); n != 3 {
		t.Fatalf("%d offers expired the second time, want 3", n)
	}
	wantWithinLimits(t, db, v.ID, 0)
	if state := databasetest.Get[string](t, db, `SELECT state FROM offer_waterfalls WHERE id = ?`, v.ID); state != waterfall.WaterfallRanOut {
		t.Fatalf("waterfall %s after its list ran out", state)
	}
	if filled, ranOut := endEvents(t, db, sc.Booking); filled != 0 || ranOut != 1 {
		t.Fatalf("two nodes told the end: filled %d, ran out %d", filled, ranOut)
	}
	bookingstest.EveryInstructionChangeAudited(t, db)
}
