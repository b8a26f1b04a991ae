package waterfall_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/waterfall"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// endEvents counts the booking's events that an offer in turn filled and that it ran out.
func endEvents(t *testing.T, db *database.DB, booking int64) (filled, ranOut int) {
	t.Helper()
	count := func(kind string) int {
		return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE booking_id = ? AND kind = ?`, booking, kind)
	}
	return count("waterfall.filled"), count("waterfall.ran_out")
}

// An offer in turn whose list runs out with a place unfilled is 'ran out', not done: it offers
// no pause or stop (the server refuses both), takes more candidates, and offers to the first of
// them at once. Filling it then ends it as done. Each end is one event, told to the managers.
func TestWaterfall_RanOutTakesCandidatesAndRefusesPauseAndStop(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		mgr := s.As(apptest.DeptMgr)
		v := sc.Start(t, s, 1, 1, u[0], u[1])
		if !slices.Equal(v.Actions, []string{waterfall.ActionPause, waterfall.ActionStop}) || !v.CanAddCandidates {
			t.Fatalf("a running offer in turn allows %v, candidates %v", v.Actions, v.CanAddCandidates)
		}
		bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, u[0], "rejected")
		bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, u[1], "rejected")
		v = sc.WaterfallOf(t, s, v.ID)
		bookingstest.WantStates(t, v, waterfall.WaterfallRanOut, "declined", "declined")
		if len(v.Actions) != 0 || !v.CanAddCandidates || v.Filled != 0 || v.Places != 1 {
			t.Fatalf("ran out: actions %v, candidates %v, %d of %d", v.Actions, v.CanAddCandidates, v.Filled, v.Places)
		}
		if filled, ranOut := endEvents(t, db, sc.Booking); filled != 0 || ranOut != 1 {
			t.Fatalf("events: filled %d, ran out %d", filled, ranOut)
		}
		control := func(action string, version int) *apptest.Response {
			return mgr.Do("PATCH", fmt.Sprintf("/waterfall/%d", v.ID), map[string]any{"action": action, "version": version})
		}
		add := func(version int, users ...int64) *apptest.Response {
			return mgr.Do("POST", fmt.Sprintf("/waterfall/%d/candidates", v.ID), map[string]any{"userIds": users, "version": version})
		}
		for _, a := range []string{"pause", "stop", "resume"} {
			bookingstest.WantMessage(t, control(a, v.Version), 409, waterfall.MsgWaterfallEnded)
		}
		grace := orgtest.UserID(t, db, "grace.adeyemi@hive.test")
		bookingstest.WantMessage(t, add(v.Version, u[2], u[0]), 422, waterfall.MsgWaterfallListed)
		bookingstest.WantMessage(t, add(v.Version, u[2], u[2]), 422, waterfall.MsgWaterfallListedTwice)
		bookingstest.WantMessage(t, add(v.Version, u[2], grace), 422, bookings.MsgNotHireable)
		bookingstest.WantMessage(t, add(v.Version), 422, waterfall.MsgWaterfallNoCandidates)
		bookingstest.WantMessage(t, add(v.Version-1, u[2]), 409, waterfall.MsgWaterfallStale)

		var more waterfall.WaterfallView
		add(v.Version, u[2], u[3]).Want(200).Decode(&more)
		bookingstest.WantStates(t, more, waterfall.WaterfallRunning, "declined", "declined", "offered", "pending")
		if more.Candidates[2].Rank != 3 || more.Candidates[3].Rank != 4 || more.Candidates[2].AnswerBy == nil {
			t.Fatalf("added: %+v", more.Candidates)
		}
		bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, u[2], "accepted")
		v = sc.WaterfallOf(t, s, v.ID)
		bookingstest.WantStates(t, v, waterfall.WaterfallDone, "declined", "declined", "accepted", "pending")
		if len(v.Actions) != 0 || v.Filled != 1 {
			t.Fatalf("filled: actions %v, %d filled", v.Actions, v.Filled)
		}
		bookingstest.WantMessage(t, control("pause", v.Version), 409, waterfall.MsgWaterfallEnded)
		if filled, ranOut := endEvents(t, db, sc.Booking); filled != 1 || ranOut != 1 {
			t.Fatalf("events: filled %d, ran out %d", filled, ranOut)
		}
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// A paused offer in turn takes candidates but offers nothing until resumed; a stopped one takes
// none.
func TestWaterfall_CandidatesAddedToAPausedOneWaitAndAStoppedOneTakesNone(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		mgr := s.As(apptest.DeptMgr)
		v := sc.Start(t, s, 1, 1, u[0])
		path := fmt.Sprintf("/waterfall/%d", v.ID)
		mgr.Do("PATCH", path, map[string]any{"action": "pause", "version": v.Version}).Want(200).Decode(&v)
		mgr.Do("POST", path+"/candidates", map[string]any{"userIds": []int64{u[1]}, "version": v.Version}).Want(200).Decode(&v)
		bookingstest.WantStates(t, v, waterfall.WaterfallPaused, "offered", "pending")
		bookingstest.AnswerAsSupplier(t, s, db, sc.Placement, u[0], "rejected")
		bookingstest.WantStates(t, sc.WaterfallOf(t, s, v.ID), waterfall.WaterfallPaused, "declined", "pending")
		mgr.Do("PATCH", path, map[string]any{"action": "resume", "version": v.Version}).Want(200).Decode(&v)
		bookingstest.WantStates(t, v, waterfall.WaterfallRunning, "declined", "offered")
		mgr.Do("PATCH", path, map[string]any{"action": "stop", "version": v.Version}).Want(200).Decode(&v)
		if len(v.Actions) != 0 || v.CanAddCandidates {
			t.Fatalf("stopped: actions %v, candidates %v", v.Actions, v.CanAddCandidates)
		}
		bookingstest.WantMessage(t, mgr.Do("POST", path+"/candidates", map[string]any{"userIds": []int64{u[2]}, "version": v.Version}),
			409, waterfall.MsgWaterfallFinished)
		if filled, ranOut := endEvents(t, db, sc.Booking); filled != 0 || ranOut != 0 {
			t.Fatalf("a stopped offer in turn told its end: filled %d, ran out %d", filled, ranOut)
		}
	})
}
