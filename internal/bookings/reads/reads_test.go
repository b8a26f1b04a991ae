package reads_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// The reads other features make of bookings: audit's history of a booking (HistoryRecords) and
// jobs' in-use check of a template (UsesJobTemplate).

func TestHistoryRecords(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		b := bookingstest.Book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1),
			"dates": []string{"2027-02-01"}, "periodType": "custom"})
		day, night := b.Placements[0].ID, b.Placements[1].ID
		freelancer := w.Users["freelancer"]
		orgtest.Hire(t, db, w.DeptA1, freelancer)
		bookingstest.GrantEvery(t, s, freelancer, day, night)
		// A cancelled placement and its cancelled instruction stay in the history.
		s.As(apptest.DeptMgr).Do("DELETE", "/placements", map[string]any{"ids": []int64{night},
			"cancellationReason": "Other"}).Want(200)
		// Another booking's records are not this one's.
		bookingstest.Book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1),
			"dates": []string{"2027-02-02"}, "periodType": "custom"})

		recs, err := reads.HistoryRecords(context.Background(), db, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		got := map[audit.Source]audit.Records{}
		for _, r := range recs {
			got[r.Source] = r
		}
		if bk := got[audit.SourceBooking]; len(bk.IDs) != 1 || bk.IDs[0] != b.ID || bk.Names[b.ID] != "Cup Final" {
			t.Errorf("booking %+v", bk)
		}
		pl := got[audit.SourcePlacement]
		if len(pl.IDs) != 2 || pl.IDs[0] != day || pl.IDs[1] != night || pl.Names[day] != "Shift 1, 2027-02-01" {
			t.Errorf("placements %+v", pl)
		}
		in := got[audit.SourceInstruction]
		if len(in.IDs) != 2 {
			t.Fatalf("instructions %+v", in)
		}
		for _, id := range in.IDs {
			if !strings.HasPrefix(in.Names[id], "Felix Reid, Shift ") || !strings.HasSuffix(in.Names[id], ", 2027-02-01") {
				t.Errorf("instruction %d named %q", id, in.Names[id])
			}
		}

		_, err = reads.HistoryRecords(context.Background(), db, 999999)
		if apperror.KindOf(err) != apperror.KindNotFound {
			t.Fatalf("missing booking: %v", err)
		}
	})
}

// jobs asks bookings (reads.UsesJobTemplate, wired by internal/app) whether a template is in
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
