package commitment_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/suppliers"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// restScene is a late shift on Monday 1 March 2027 (14:00-23:00, "Late Match") and an early one
// the next morning (06:00-14:00, "Breakfast News"), both offered to the demo freelancer: 7 hours
// between them, less than the UK's 11.
type restScene struct {
	late, early     orgtest.Booked
	lateID, earlyID int64 // the freelancer's instructions
	freelancer      int64
}

func buildRestScene(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) restScene {
	bookingstest.ClockAt(db, bookingstest.WorkingTimeStart)
	f := w.Users["freelancer"]
	lateJT := orgtest.JobTemplateOf(t, db, w.DeptA1, "Late Match", orgtest.Shift{Title: "Late", Start: "14:00", End: "23:00"})
	earlyJT := orgtest.JobTemplateOf(t, db, w.DeptA1, "Breakfast News", orgtest.Shift{Title: "Early", Start: "06:00", End: "14:00"})
	sc := restScene{freelancer: f,
		late:  orgtest.Book(t, s, apptest.DeptMgr, lateJT, []string{"2027-03-01"}, f),
		early: orgtest.Book(t, s, apptest.DeptMgr, earlyJT, []string{"2027-03-02"}, f)}
	sc.lateID, sc.earlyID = sc.late.Instruction(t, 0, f), sc.early.Instruction(t, 0, f)
	return sc
}

// dawnPatrol has the scene's freelancer accept the late shift, hires a rested freelancer and
// books a pre-confirmed "Dawn Patrol" (one shift, start to end) on the morning after, with
// substitution allowed or not: the commitments that must still leave the freelancer their rest.
// It answers the rested freelancer and the booking's placement.
func (sc restScene) dawnPatrol(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, start, end string,
	substitution bool) (other, placement int64) {
	t.Helper()
	bookingstest.Accept(s, apptest.Freelancer, sc.lateID).Want(200)
	other = orgtest.Freelancer(t, db, "rested@hive.test", "Rested")
	orgtest.Hire(t, db, w.DeptA1, other)
	jt := orgtest.JobTemplateOf(t, db, w.DeptA1, "Dawn Patrol", orgtest.Shift{Title: "Dawn", Start: start, End: end})
	b := bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{"2027-03-02"}, "type": "pre_confirmed",
		"substitutionAllowed": substitution})
	return other, b.Placements[0].ID
}

// An accept that would leave less than the daily rest is refused naming the job in the way; the
// offers themselves (grants that do not start accepted) were never refused. A manager's
// justified override, audited with its event, lets that accept through.
func TestWorkingTime_DailyRestRefusesNamingTheJobUntilOverridden(t *testing.T) {
	bookingstest.WithScene(t, buildRestScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc restScene) {
		bookingstest.Accept(s, apptest.Freelancer, sc.lateID).Want(200)
		res := bookingstest.Accept(s, apptest.Freelancer, sc.earlyID)
		res.WantError(409, "C-409")
		msg := bookingstest.ErrorText(t, res)
		if want := "Less than 11 hours' rest after Late Match (Late), which ends Mon 1 Mar 23:00"; !strings.Contains(msg, want) {
			t.Fatalf("refusal %q, want it to contain %q", msg, want)
		}
		// The other way round too: the early one accepted first refuses the late one before it.
		path := fmt.Sprintf("/instruction/%d/working-time-override", sc.earlyID)
		s.As(apptest.DeptMgr).Do("POST", path, map[string]any{"reason": "  "}).WantError(422, "V-422")
		s.As(apptest.Freelancer).Do("POST", path, map[string]any{"reason": "I am fine"}).Want(404)
		s.As(apptest.Staff).Do("POST", path, map[string]any{"reason": "Fine"}).Want(404)
		s.As(apptest.DeptMgr).Do("POST", path, map[string]any{"reason": "Agreed with the crew: short turnaround"}).Want(200)
		bookingstest.Accept(s, apptest.Freelancer, sc.earlyID).Want(200)

		row := databasetest.Get[string](t, db, `SELECT row_json FROM audit_log WHERE hive_source = 'instruction'
			AND record_id = ? AND row_json LIKE '%workingTimeOverride%'`, sc.earlyID)
		if !strings.Contains(row, "short turnaround") {
			t.Errorf("override audit %s", row)
		}
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE kind = ? AND instruction_id = ?`,
			string("instruction.rest_overridden"), sc.earlyID); n != 1 {
			t.Errorf("%d override events", n)
		}
		bookingstest.EveryInstructionChangeAudited(t, db)
	})
}

// Another client's manager may not override (404, as for any record of another client), and an
// administrator may.
func TestWorkingTime_OverrideRefusedToAnotherClientsManager(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		f := w.Users["freelancer"]
		jt := orgtest.JobTemplateOf(t, db, w.DeptB1, "Drama Shoot", orgtest.Shift{Title: "Day", Start: "08:00", End: "18:00"})
		b := orgtest.Book(t, s, apptest.Admin, jt, []string{"2027-05-03"}, f)
		path := fmt.Sprintf("/instruction/%d/working-time-override", b.Instruction(t, 0, f))
		body := map[string]any{"reason": "Planted"}
		s.Run(t, []apptest.Case{
			{As: apptest.Manager, Method: "POST", Path: path, Body: body, Status: 404},
			{As: apptest.DeptMgr, Method: "POST", Path: path, Body: body, Status: 404},
			{As: apptest.Freelancer, Method: "POST", Path: path, Body: body, Status: 404},
			{As: apptest.Admin, Method: "POST", Path: path, Body: body, Status: 200},
		})
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM working_time_overrides`); n != 1 {
			t.Errorf("%d overrides, want the administrator's only", n)
		}
	})
}

// Six days in a row accepted, a seventh without 24 hours off is refused; the entity's own
// limits (seven days) let it through, and its shorter daily rest the early start too.
func TestWorkingTime_WeeklyRestAndTheEntitysOwnLimits(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		bookingstest.ClockAt(db, bookingstest.WorkingTimeStart)
		f := w.Users["freelancer"]
		jt := orgtest.JobTemplateOf(t, db, w.DeptA1, "Tour Week", orgtest.Shift{Title: "Day", Start: "09:00", End: "17:00"})
		week := orgtest.Book(t, s, apptest.DeptMgr, jt, []string{"2027-04-05", "2027-04-06", "2027-04-07", "2027-04-08",
			"2027-04-09", "2027-04-10"}, f)
		ids := []int64{}
		for i := range week.Placements {
			ids = append(ids, week.Instruction(t, i, f))
		}
		bookingstest.Accept(s, apptest.Freelancer, ids...).Want(200)
		sunday := orgtest.Book(t, s, apptest.DeptMgr, jt, []string{"2027-04-11"}, f)
		res := bookingstest.Accept(s, apptest.Freelancer, sunday.Instruction(t, 0, f))
		res.WantError(409, "C-409")
		if msg := bookingstest.ErrorText(t, res); !strings.Contains(msg, "7 days in a row without 24 hours off, with Tour Week (Day) on Mon 5 Apr") {
			t.Fatalf("weekly refusal %q", msg)
		}

		rules := map[string]any{"version": 0, "dailyRestMinutes": 11 * 60, "maxDaysInRow": 7, "weeklyRestMinutes": 24 * 60,
			"holdChallengeMinutes": 24 * 60, "answerReminderMinutes": 120}
		s.As(apptest.Manager).Do("PUT", fmt.Sprintf("/entity/%d/booking-rules", w.ClientA), rules).Want(200)
		bookingstest.Accept(s, apptest.Freelancer, sunday.Instruction(t, 0, f)).Want(200)
		r, err := bookingrules.For(t.Context(), db, w.ClientA)
		if err != nil || r.MaxDaysInRow != 7 {
			t.Fatalf("stored rules %+v %v", r, err)
		}
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'entity' AND record_id = ?
			AND row_json LIKE '%bookingRules%'`, w.ClientA); n != 1 {
			t.Errorf("%d audit rows of the rules", n)
		}
	})
}

// The booking rules: read and changed by the entity's managers and administrators only, with a
// version (409 on a stale one) and messages for values out of bounds.
func TestBookingRules_PermissionsVersionAndBounds(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		mine, other := fmt.Sprintf("/entity/%d/booking-rules", w.ClientA), fmt.Sprintf("/entity/%d/booking-rules", w.ClientB)
		body := func(version int) map[string]any {
			return map[string]any{"version": version, "dailyRestMinutes": 600, "maxDaysInRow": 5, "weeklyRestMinutes": 2880,
				"holdChallengeMinutes": 720, "answerReminderMinutes": 60}
		}
		s.Run(t, []apptest.Case{
			{As: apptest.Freelancer, Method: "GET", Path: mine, Status: 404},
			{As: apptest.Staff, Method: "GET", Path: mine, Status: 404},
			{As: apptest.Freelancer, Method: "PUT", Path: mine, Body: body(0), Status: 404},
			{As: apptest.Manager, Method: "GET", Path: other, Status: 404},
			{As: apptest.Manager, Method: "PUT", Path: other, Body: body(0), Status: 404},
			{As: apptest.Admin, Method: "GET", Path: other, Status: 200},
		})
		var v bookingrules.EntityBookingRules
		s.As(apptest.Manager).Do("GET", mine, nil).Want(200).Decode(&v)
		if v.Version != 0 || v.Rules != bookingrules.Defaults {
			t.Fatalf("defaults %+v", v)
		}
		s.As(apptest.Manager).Do("PUT", mine, body(0)).Want(200).Decode(&v)
		if v.Version != 1 || v.MaxDaysInRow != 5 {
			t.Fatalf("saved %+v", v)
		}
		s.As(apptest.Admin).Do("PUT", mine, body(0)).WantError(409, "C-409")
		bad := body(1)
		bad["dailyRestMinutes"], bad["maxDaysInRow"], bad["holdChallengeMinutes"] = 1441, 14, 30
		var p apptest.Problem
		s.As(apptest.Manager).Do("PUT", mine, bad).Want(422).Decode(&p)
		for field, msg := range map[string]string{"dailyRestMinutes": bookingrules.MsgDailyRest,
			"maxDaysInRow": bookingrules.MsgDaysInRow, "holdChallengeMinutes": bookingrules.MsgHoldChallenge} {
			if p.Msg(field) != msg {
				t.Errorf("%s: %q, want %q", field, p.Msg(field), msg)
			}
		}
		s.As(apptest.Admin).Do("PUT", mine, body(1)).Want(200)
	})
}

// earlyMarks lists the available suppliers of the early booking, as its department's manager,
// and answers each candidate's rest mark by user.
func (sc restScene) earlyMarks(t *testing.T, s *apptest.Server, db *database.DB) map[int64]string {
	t.Helper()
	template := databasetest.Get[int64](t, db, `SELECT placement_template_id FROM placements WHERE id = ?`,
		sc.early.Placements[0].ID)
	var list suppliers.AvailableSuppliersList
	s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers",
		sc.early.ID, template), nil).Want(200).Decode(&list)
	marks := map[int64]string{}
	for _, c := range list.Items {
		marks[c.User.ID] = c.RestWarning
	}
	return marks
}

// Available suppliers mark a candidate whose accepted work leaves too little rest before the
// selection, naming that work; others carry no mark.
func TestWorkingTime_AvailableSuppliersMarkCandidates(t *testing.T) {
	bookingstest.WithScene(t, buildRestScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc restScene) {
		other := orgtest.Freelancer(t, db, "rested@hive.test", "Rested")
		orgtest.Hire(t, db, w.DeptA1, other)
		bookingstest.Accept(s, apptest.Freelancer, sc.lateID).Want(200)
		marks := sc.earlyMarks(t, s, db)
		if !strings.Contains(marks[sc.freelancer], "after Late Match (Late)") {
			t.Errorf("freelancer's mark %q", marks[sc.freelancer])
		}
		if _, listed := marks[other]; !listed || marks[other] != "" {
			t.Errorf("rested freelancer: listed %v, mark %q", listed, marks[other])
		}
	})
}

// Accepted work is read a row per period with everyone who works it: each freelancer sharing the
// late shift is marked, naming it; one whose only work is days away is not.
func TestWorkingTime_AvailableSuppliersMarkEveryoneSharingAPeriod(t *testing.T) {
	bookingstest.WithScene(t, buildRestScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc restScene) {
		shared := orgtest.Freelancer(t, db, "shared@hive.test", "Shared")
		away := orgtest.Freelancer(t, db, "away@hive.test", "Away")
		orgtest.Hire(t, db, w.DeptA1, shared, away)
		lateJT := databasetest.Get[int64](t, db, `SELECT job_template_id FROM bookings WHERE id = ?`, sc.late.ID)
		late := orgtest.Book(t, s, apptest.DeptMgr, lateJT, []string{"2027-03-01"}, shared)
		later := orgtest.Book(t, s, apptest.DeptMgr, lateJT, []string{"2027-03-05"}, away)
		bookingstest.Accept(s, apptest.Freelancer, sc.lateID).Want(200)
		for _, id := range []int64{late.Instruction(t, 0, shared), later.Instruction(t, 0, away)} {
			databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = 'accepted' WHERE id = ?`, id)
		}
		marks := sc.earlyMarks(t, s, db)
		for _, user := range []int64{sc.freelancer, shared} {
			if !strings.Contains(marks[user], "after Late Match (Late)") {
				t.Errorf("user %d's mark %q", user, marks[user])
			}
		}
		if mark, listed := marks[away]; !listed || mark != "" {
			t.Errorf("freelancer away: listed %v, mark %q", listed, mark)
		}
	})
}

// Amending an accepted placement's times into too little rest is refused naming the freelancer
// and the job in the way.
func TestWorkingTime_AmendingAcceptedTimesKeepsTheRest(t *testing.T) {
	bookingstest.WithScene(t, buildRestScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc restScene) {
		bookingstest.Accept(s, apptest.Freelancer, sc.lateID).Want(200)
		s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": sc.early.Placements[0].ID,
			"title": "Early", "startTime": "11:00", "endTime": "18:00", "supplierNotes": "", "unpaidBreaks": 0}}).Want(200)
		bookingstest.Accept(s, apptest.Freelancer, sc.earlyID).Want(200)
		res := s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": sc.early.Placements[0].ID,
			"title": "Early", "startTime": "07:00", "endTime": "14:00", "supplierNotes": "", "unpaidBreaks": 0}})
		res.WantError(409, "C-409")
		if msg := bookingstest.ErrorText(t, res); !strings.Contains(msg, "at the new times: Less than 11 hours' rest after Late Match") {
			t.Fatalf("amend refusal %q", msg)
		}
	})
}

// Work accepted while the entity allowed a shorter rest stays editable after the limit is
// tightened: a change of notes keeps the times and is not refused, a move still is.
func TestWorkingTime_NotesOfWorkAcceptedBeforeATighterLimit(t *testing.T) {
	bookingstest.WithScene(t, buildRestScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc restScene) {
		rules := bookingrules.Defaults
		rules.DailyRestMinutes = 7 * 60
		path := fmt.Sprintf("/entity/%d/booking-rules", w.ClientA)
		s.As(apptest.Admin).Do("PUT", path, bookingrules.EntityBookingRulesUpdate{Rules: rules}).Want(200)
		bookingstest.Accept(s, apptest.Freelancer, sc.lateID, sc.earlyID).Want(200)
		s.As(apptest.Admin).Do("PUT", path, bookingrules.EntityBookingRulesUpdate{Rules: bookingrules.Defaults, Version: 1}).Want(200)
		early := func(start string) map[string]any {
			return map[string]any{"id": sc.early.Placements[0].ID, "title": "Early", "startTime": start, "endTime": "14:00",
				"supplierNotes": "Gate B", "unpaidBreaks": 0}
		}
		s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{early("06:00")}).Want(200)
		// Told as a change of details: the notifications say "Booking details changed", not
		// "Times amended".
		payload := databasetest.Get[string](t, db, `SELECT payload_json FROM booking_events
			WHERE kind = 'placement.amended' AND placement_id = ? ORDER BY id DESC LIMIT 1`, sc.early.Placements[0].ID)
		if !strings.Contains(payload, `"detailsOnly":true`) {
			t.Fatalf("the notes' amendment was told as %s", payload)
		}
		s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{early("05:30")}).WantError(409, "C-409")
	})
}

// A grant that starts accepted (a pre-confirmed booking) is a commitment: the pair that would
// leave too little rest is refused with the reason, the others are instructed. Grants that start
// awaiting an answer (the scene's own) were never refused.
func TestWorkingTime_PreConfirmedGrantRefusesThePairWithoutRest(t *testing.T) {
	bookingstest.WithScene(t, buildRestScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc restScene) {
		other, placement := sc.dawnPatrol(t, s, db, w, "05:00", "11:00", false)
		var res bookings.GrantResult
		s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", placement), map[string]any{
			"userIds": []int64{sc.freelancer, other}, "placementIds": []int64{placement}}).Want(200).Decode(&res)
		if res.Inserted != 1 || len(res.Refused) != 1 || res.Refused[0].UserID != sc.freelancer ||
			!strings.Contains(res.Refused[0].Reason, "rest after Late Match (Late)") {
			t.Fatalf("grant %+v", res)
		}
	})
}

// A limit of the entity is one rule for every path: with a daily rest of 7 hours the scene's
// early shift may be accepted without an override.
func TestWorkingTime_EntityDailyRest(t *testing.T) {
	bookingstest.WithScene(t, buildRestScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc restScene) {
		bookingstest.Accept(s, apptest.Freelancer, sc.lateID).Want(200)
		rules := bookingrules.Defaults
		rules.DailyRestMinutes = 7 * 60
		s.As(apptest.Admin).Do("PUT", fmt.Sprintf("/entity/%d/booking-rules", w.ClientA),
			bookingrules.EntityBookingRulesUpdate{Rules: rules}).Want(200)
		bookingstest.Accept(s, apptest.Freelancer, sc.earlyID).Want(200)
	})
}

// A substitute who starts accepted (a pre-confirmed booking) is a commitment too: one whose
// accepted work leaves too little rest is refused naming it, and the incumbent keeps the work.
// (The dawn shift ends before the scene's early offer starts, so the substitute is free for it.)
func TestWorkingTime_AcceptedSubstituteNeedsTheRest(t *testing.T) {
	bookingstest.WithScene(t, buildRestScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc restScene) {
		other, placement := sc.dawnPatrol(t, s, db, w, "03:00", "05:30", true)
		bookingstest.Grant(t, s, placement, other)
		res := s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant-substitution", placement),
			map[string]any{"id": bookingstest.InstructionID(t, db, placement, other), "userIds": []int64{sc.freelancer}})
		res.WantError(409, "C-409")
		if msg := bookingstest.ErrorText(t, res); !strings.Contains(msg, "rest after Late Match (Late)") {
			t.Fatalf("substitution refusal %q", msg)
		}
		if n := bookingstest.LiveInstructionsOf(t, db, sc.freelancer); n != 2 {
			t.Errorf("freelancer holds %d live instructions, want the scene's 2", n)
		}
	})
}
