package create_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/create"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/input"
)

// TestAttack_BookingDatesOutsideTheYearsAreRefused: a booking dated 9999-12-31 (its overnight
// placement would end in year 10000, which SQLite cannot read back) is refused before anything
// is written; the last day Hive takes still works, overnight placement included.
func TestAttack_BookingDatesOutsideTheYearsAreRefused(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		admin := s.Login("admin@hive.test")
		count := func() int { return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM bookings`) }
		for _, date := range []string{"9999-12-31", "0000-01-01", "1999-12-31", "3000-01-01"} {
			var p apptest.Problem
			admin.Do("POST", "/booking", map[string]any{"jobTemplateId": jt, "dates": []string{date}}).
				WantError(http.StatusUnprocessableEntity, apperror.CodeValidation).Decode(&p)
			if p.Msg("dates") != input.MsgDate {
				t.Errorf("%s: %+v", date, p)
			}
		}
		if n := count(); n != 0 {
			t.Fatalf("%d bookings written", n)
		}
		var b struct{ ID int64 }
		admin.Do("POST", "/booking", map[string]any{"jobTemplateId": jt, "dates": []string{"2999-12-31"}}).
			Want(http.StatusCreated).Decode(&b)
		admin.Do("GET", fmt.Sprintf("/booking/%d", b.ID), nil).Want(http.StatusOK)
	})
}

// TestCreateBookingOnceForOneIdempotencyKey: a resend with the same Idempotency-Key (after a
// lost answer, a double click, a node killed mid-request) answers with the first request's
// booking and makes no other; the key is the sender's own; a key sent with another booking is
// refused; eight requests at once with one key make one booking.
func TestCreateBookingOnceForOneIdempotencyKey(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		jt := orgtest.JobTemplate(t, db, w.DeptA1)
		form := map[string]any{"jobTemplateId": jt, "dates": []string{"2026-10-24"}, "periodType": "custom"}
		mgr := s.As(apptest.DeptMgr)
		created := func(c *apptest.Client, body map[string]any, key string) int64 {
			t.Helper()
			var headers []string
			if key != "" {
				headers = []string{"Idempotency-Key", key}
			}
			var b bookingstest.Booking
			c.Do("POST", "/booking", body, headers...).Want(201).Decode(&b)
			return b.ID
		}

		first := created(mgr, form, "form-1")
		if again := created(mgr, form, "form-1"); again != first {
			t.Fatalf("resend made booking %d, want %d", again, first)
		}
		other := map[string]any{"jobTemplateId": jt, "dates": []string{"2026-10-25"}, "periodType": "custom"}
		r := mgr.Do("POST", "/booking", other, "Idempotency-Key", "form-1").WantError(422, "V-422")
		if !strings.Contains(string(r.Body), create.MsgIdempotencyKeyReused) {
			t.Errorf("reused key: %s", r.Body)
		}
		made := map[int64]bool{first: true}
		for _, id := range []int64{created(mgr, form, ""), created(mgr, form, "form-2"), created(s.As(apptest.Manager), form, "form-1")} {
			if made[id] {
				t.Errorf("booking %d answered twice: no key, another key and another user's same key each make one", id)
			}
			made[id] = true
		}

		ids := make([]int64, 8)
		bookingstest.AtOnce(len(ids), func(i int) {
			var b bookingstest.Booking
			r := mgr.Do("POST", "/booking", form, "Idempotency-Key", "form-3")
			if r.Status == 201 {
				r.Decode(&b)
			}
			ids[i] = b.ID
		})
		for _, id := range ids {
			if id == 0 || id != ids[0] {
				t.Fatalf("eight requests with one key answered %v", ids)
			}
		}
		bookingsMade := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM bookings`)
		placements := func(id int64) int {
			return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM placements WHERE booking_id = ?`, id)
		}
		if bookingsMade != 5 || placements(ids[0]) != placements(first) {
			t.Errorf("%d bookings, %d placements of the raced one; want 5 and %d", bookingsMade, placements(ids[0]), placements(first))
		}
	})
}
