package bookings_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/input"
)

// TestAttack_BookingDatesOutsideTheYearsAreRefused: a booking dated 9999-12-31 (its overnight
// placement ends in year 10000) was written, then could not be read back on SQLite: the answer
// was 500 and the booking stayed. Found by FuzzAPIInput. Such dates are now refused before
// anything is written; the last day Hive takes still works, overnight placement included.
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
