package bookings_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/database"
)

// jobs asks bookings (bookings.UsesJobTemplate, wired by internal/app) whether a template is in
// use: a template a booking was made from is not deleted, an unused one is.
func TestAJobTemplateABookingUsesIsNotDeleted(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		used, unused := orgtest.JobTemplate(t, db, w.DeptA1), orgtest.JobTemplate(t, db, w.DeptA1)
		s.As(apptest.DeptMgr).Do("POST", "/booking", map[string]any{"jobTemplateId": used, "dates": []string{"2026-10-24"}}).Want(201)

		r := s.As(apptest.DeptMgr).Do("DELETE", fmt.Sprintf("/job-template/%d", used), nil).WantError(409, "C-409")
		if !strings.Contains(string(r.Body), jobs.MsgInUse) {
			t.Errorf("refusal %s, want %q", r.Body, jobs.MsgInUse)
		}
		s.As(apptest.DeptMgr).Do("DELETE", fmt.Sprintf("/job-template/%d", unused), nil).Want(204)
	})
}
