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
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

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
	withScene(t, waterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc waterfallScene) {
		u := sc.users
		v := sc.start(t, s, 3, 3, u...)
		s.As(apptest.DeptMgr).Do("PATCH", fmt.Sprintf("/waterfall/%d", v.ID), map[string]any{"action": "pause", "version": v.Version}).Want(200)
		for _, user := range u[:3] {
			answerAsSupplier(t, s, db, sc.placement, user, "rejected")
		}
		// Running again without advancing, as if its resume had not advanced yet: three places free.
		databasetest.Exec(t, db, `UPDATE offer_waterfalls SET state = 'running' WHERE id = ?`, v.ID)
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = bookings.AdvanceWaterfall(context.Background(), db, v.ID)
			}()
		}
		wg.Wait()
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
	withScene(t, waterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc waterfallScene) {
		u := sc.users
		v := sc.start(t, s, 2, 2, u...)
		ids := []int64{instructionID(t, db, sc.placement, u[0]), instructionID(t, db, sc.placement, u[1])}
		mgr := s.As(apptest.DeptMgr)
		statuses := make([]int, len(ids))
		var wg sync.WaitGroup
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = mgr.Do("PATCH", "/instruction/status", []map[string]any{{"id": id, "supplierStatus": "rejected"}}).Status
			}()
		}
		wg.Wait()
		for i, st := range statuses {
			if st != 200 {
				t.Fatalf("decline %d: %d", i, st)
			}
		}
		wantWithinLimits(t, db, v.ID, 2)
		wantStates(t, sc.waterfallOf(t, s, v.ID), "running", "declined", "declined", "offered", "offered", "pending", "pending")
	})
}

// A manager stopping a waterfall while a freelancer declines one of its offers: both take the
// waterfall's lock before the instruction's, so neither waits on the other (no deadlock on
// PostgreSQL); the decline either lands first or finds its offer withdrawn (409), and nothing is
// left open.
func TestWaterfall_StopWhileDecliningNeverDeadlocks(t *testing.T) {
	withScene(t, waterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc waterfallScene) {
		u := sc.users
		jt := databasetest.Get[int64](t, db, `SELECT job_template_id FROM bookings WHERE id = ?`, sc.booking)
		mgr := s.As(apptest.DeptMgr)
		for round := range 4 {
			b := book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{fmt.Sprintf("2027-04-%02d", round+1)}})
			placement := b.placementIDs()[0]
			var v bookings.WaterfallView
			mgr.Do("POST", fmt.Sprintf("/booking/%d/waterfall", b.ID), map[string]any{"placementIds": []int64{placement},
				"userIds": u[:4], "places": 1, "openAtOnce": 2, "offerLifetimeMinutes": 240}).Want(201).Decode(&v)
			offer := instructionID(t, db, placement, u[0])
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
	db, url := databasetest.PostgresURL(t)
	other, err := database.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	s := apptest.Start(t, db)
	sc := waterfallWorld(t, s, db, orgtest.Build(t, db))
	other.Now = sc.clk.Now
	v := sc.start(t, s, 3, 3, sc.users...)
	sweepAtOnce := func() int {
		t.Helper()
		var wg sync.WaitGroup
		start := make(chan struct{})
		counts, errs := make([]int, 2), make([]error, 2)
		for n, node := range []*database.DB{db, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				counts[n], errs[n] = bookings.ExpireDue(context.Background(), node)
			}()
		}
		close(start)
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		return counts[0] + counts[1]
	}
	sc.clk.Advance(4 * time.Hour)
	if n := sweepAtOnce(); n != 3 {
		t.Fatalf("%d offers expired, want 3", n)
	}
	wantWithinLimits(t, db, v.ID, 3)
	sc.clk.Advance(4 * time.Hour)
	if n := sweepAtOnce(); n != 3 {
		t.Fatalf("%d offers expired the second time, want 3", n)
	}
	wantWithinLimits(t, db, v.ID, 0)
	if state := databasetest.Get[string](t, db, `SELECT state FROM offer_waterfalls WHERE id = ?`, v.ID); state != "done" {
		t.Fatalf("waterfall %s after its list ran out", state)
	}
	everyInstructionChangeAudited(t, db)
}
