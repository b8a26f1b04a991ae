package acknowledge_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/agenda"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/acknowledge"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
)

// start is where the tests' clock stands: well before their placement (2027-02-01, 09:00 to
// 17:00 in London).
var start = time.Date(2027, 1, 20, 9, 0, 0, 0, time.UTC)

// scene is a booking of one placement the freelancer accepted, on a clock the test moves.
type scene struct {
	clk         *clock.Settable
	booking     int64
	placement   int64
	instruction int64
	freelancer  int64
}

func withAccepted(t *testing.T, test func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc scene)) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		clk := clock.At(start)
		db.Now = clk.Now
		fran := w.Users["freelancer"]
		jt := orgtest.JobTemplateOf(t, db, w.DeptA1, "Cup Final", orgtest.Shift{Title: "Camera", Start: "09:00", End: "17:00",
			UnpaidBreaks: 30})
		b := orgtest.Book(t, s, apptest.DeptMgr, jt, []string{"2027-02-01"}, fran)
		sc := scene{clk: clk, booking: b.ID, placement: b.Placements[0].ID, instruction: b.Instruction(t, 0, fran), freelancer: fran}
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", []map[string]any{{"id": sc.instruction,
			"supplierStatus": "accepted"}}).Want(200)
		test(t, s, db, w, sc)
	})
}

// amend changes the placement's start, end and title as the department's manager.
func amend(s *apptest.Server, sc scene, startTime, endTime, title string) {
	s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": sc.placement, "title": title,
		"startTime": startTime, "endTime": endTime, "supplierNotes": "", "unpaidBreaks": 30}}).Want(200)
}

// instructionAs is the scene's instruction as role reads it on the booking page.
func instructionAs(t *testing.T, s *apptest.Server, role string, sc scene) bookings.InstructionView {
	t.Helper()
	var b bookings.BookingView
	s.As(role).Do("GET", fmt.Sprintf("/booking/%d", sc.booking), nil).Want(200).Decode(&b)
	for _, p := range b.Placements {
		for _, i := range p.Instructions {
			if i.ID == sc.instruction {
				return i
			}
		}
	}
	t.Fatalf("no instruction %d in %+v", sc.instruction, b)
	return bookings.InstructionView{}
}

func wantFields(t *testing.T, iv bookings.InstructionView, want ...string) {
	t.Helper()
	if len(want) == 0 {
		if iv.ChangeToAcknowledge != nil {
			t.Fatalf("change to acknowledge %+v, want none", iv.ChangeToAcknowledge)
		}
		return
	}
	if iv.ChangeToAcknowledge == nil || !slices.Equal(iv.ChangeToAcknowledge.Fields, want) {
		t.Fatalf("change to acknowledge %+v, want fields %v", iv.ChangeToAcknowledge, want)
	}
}

func criticalCount(t *testing.T, s *apptest.Server) int {
	t.Helper()
	var st agenda.AgendaStats
	s.As(apptest.DeptMgr).Do("GET", "/agenda/stats", nil).Want(200).Decode(&st)
	return st.Critical
}

func TestChangeIsMarkedShownAndAcknowledged(t *testing.T) {
	withAccepted(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc scene) {
		wantFields(t, instructionAs(t, s, apptest.Freelancer, sc))
		if n := criticalCount(t, s); n != 0 {
			t.Fatalf("critical %d before any change", n)
		}
		amend(s, sc, "08:00", "17:00", "Camera")

		iv := instructionAs(t, s, apptest.Freelancer, sc)
		wantFields(t, iv, acknowledge.FieldStartTime)
		if iv.SupplierStatus != "accepted" || iv.ClientStatus != "awaiting_response" {
			t.Errorf("answers %s/%s, want them kept", iv.SupplierStatus, iv.ClientStatus)
		}
		c := iv.ChangeToAcknowledge
		london, _ := time.LoadLocation("Europe/London")
		if c.Before.StartAt.In(london).Format("15:04") != "09:00" || c.After.StartAt.In(london).Format("15:04") != "08:00" ||
			c.Before.Timezone != "Europe/London" || !c.Since.Equal(start) {
			t.Errorf("change %+v", c)
		}
		// The department's managers see it too, and how long it waits; it is on their Critical tab.
		wantFields(t, instructionAs(t, s, apptest.DeptMgr, sc), acknowledge.FieldStartTime)
		if n := criticalCount(t, s); n != 1 {
			t.Errorf("critical %d, want the changed placement", n)
		}
		var l agenda.AgendaList
		s.As(apptest.DeptMgr).Do("GET", "/agenda?tab=critical", nil).Want(200).Decode(&l)
		if len(l.Items) != 1 || l.Items[0].Placement.ID != sc.placement || l.Items[0].Instructions[0].ChangeToAcknowledge == nil {
			t.Errorf("critical tab %+v", l.Items)
		}

		var res acknowledge.AcknowledgeResult
		s.As(apptest.Freelancer).Do("POST", "/instruction/acknowledge", map[string]any{"ids": []int64{sc.instruction}}).
			Want(200).Decode(&res)
		if res.Acknowledged != 1 {
			t.Errorf("acknowledged %d", res.Acknowledged)
		}
		wantFields(t, instructionAs(t, s, apptest.Freelancer, sc))
		if n := criticalCount(t, s); n != 0 {
			t.Errorf("critical %d after the acknowledgement", n)
		}
		s.As(apptest.Freelancer).Do("POST", "/instruction/acknowledge", map[string]any{"ids": []int64{sc.instruction}}).
			WantError(409, "C-409")
		var kinds []string
		if err := db.Select(context.Background(), &kinds, `SELECT kind FROM booking_events WHERE instruction_id = ?
			AND kind = 'instruction.change_acknowledged'`, sc.instruction); err != nil || len(kinds) != 1 {
			t.Errorf("acknowledged events %v %v", kinds, err)
		}
	})
}

func TestMarkFollowsFurtherChangesAndReverts(t *testing.T) {
	withAccepted(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc scene) {
		amend(s, sc, "08:00", "17:00", "Camera")
		sc.clk.Advance(10 * time.Minute)
		amend(s, sc, "08:00", "17:00", "Lead camera")
		iv := instructionAs(t, s, apptest.Freelancer, sc)
		wantFields(t, iv, acknowledge.FieldStartTime, acknowledge.FieldTitle)
		if !iv.ChangeToAcknowledge.Since.Equal(start) || iv.ChangeToAcknowledge.Before.Title != "Camera" {
			t.Errorf("a further change keeps what was seen and since when: %+v", iv.ChangeToAcknowledge)
		}
		// Reverting the start keeps the mark for the title; reverting the title too clears it.
		amend(s, sc, "09:00", "17:00", "Lead camera")
		wantFields(t, instructionAs(t, s, apptest.Freelancer, sc), acknowledge.FieldTitle)
		amend(s, sc, "09:00", "17:00", "Camera")
		wantFields(t, instructionAs(t, s, apptest.Freelancer, sc))

		// The department's address is material; its name is not.
		var d struct{ Version int }
		s.As(apptest.Admin).Do("GET", fmt.Sprintf("/department/%d", w.DeptA1), nil).Want(200).Decode(&d)
		s.As(apptest.Admin).Do("PATCH", fmt.Sprintf("/department/%d", w.DeptA1), map[string]any{"version": d.Version,
			"name": "Newsroom"}).Want(200)
		wantFields(t, instructionAs(t, s, apptest.Freelancer, sc))
		s.As(apptest.Admin).Do("PATCH", fmt.Sprintf("/department/%d", w.DeptA1), map[string]any{"version": d.Version + 1,
			"address1": "1 Media Way"}).Want(200)
		iv = instructionAs(t, s, apptest.Freelancer, sc)
		wantFields(t, iv, acknowledge.FieldAddress)
		if iv.ChangeToAcknowledge.After.Address != "1 Media Way" {
			t.Errorf("address after %q", iv.ChangeToAcknowledge.After.Address)
		}
	})
}

func TestOnlyAcceptedWorkIsMarkedAndRejectingClears(t *testing.T) {
	withAccepted(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc scene) {
		// A second freelancer offered the same placement, not yet answering, is not marked.
		other := orgtest.UserID(t, db, "grace.adeyemi@hive.test")
		orgtest.Hire(t, db, w.DeptA1, other)
		s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", sc.placement),
			map[string]any{"userIds": []int64{other}, "placementIds": []int64{sc.placement}}).Want(200)
		amend(s, sc, "10:00", "18:00", "Camera")
		var marks []int64
		if err := db.Select(context.Background(), &marks, `SELECT instruction_id FROM instruction_acknowledgements`); err != nil ||
			!slices.Equal(marks, []int64{sc.instruction}) {
			t.Fatalf("marks %v %v, want the accepted instruction's only", marks, err)
		}
		// Rejecting through the status path clears the mark: nothing is left to acknowledge.
		s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", []map[string]any{{"id": sc.instruction,
			"supplierStatus": "rejected"}}).Want(200)
		wantFields(t, instructionAs(t, s, apptest.Freelancer, sc))
		if n := criticalCount(t, s); n != 0 {
			t.Errorf("critical %d after the rejection", n)
		}
	})
}

// TestAttack_AcknowledgeIsTheFreelancersOwn: another freelancer, the department's manager, an
// administrator and another client's manager cannot acknowledge the freelancer's change; each is
// refused with the server's reason and the mark stays.
func TestAttack_AcknowledgeIsTheFreelancersOwn(t *testing.T) {
	withAccepted(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc scene) {
		amend(s, sc, "08:00", "17:00", "Camera")
		orgtest.LinkDepartment(t, db, w.Users["staff"], w.DeptB1, true, true, true) // staff@ manages another client's department
		body := map[string]any{"ids": []int64{sc.instruction}}
		missing := s.As(apptest.Freelancer).Do("POST", "/instruction/acknowledge", map[string]any{"ids": []int64{999999}})
		missing.WantError(404, "N-404")
		for _, c := range []struct {
			name   string
			client *apptest.Client
			status int
			code   string
			msg    string
		}{
			{"another freelancer", s.Login("grace.adeyemi@hive.test"), 404, "N-404", "Instruction not found"},
			{"the department's manager", s.As(apptest.DeptMgr), 403, "A-102", acknowledge.MsgOnlyFreelancer},
			{"the client's manager", s.As(apptest.Manager), 403, "A-102", acknowledge.MsgOnlyFreelancer},
			{"an administrator", s.As(apptest.Admin), 403, "A-102", acknowledge.MsgOnlyFreelancer},
			{"another client's manager", s.As(apptest.Staff), 404, "N-404", "Instruction not found"},
		} {
			var p struct{ Error string }
			c.client.Do("POST", "/instruction/acknowledge", body).WantError(c.status, c.code).Decode(&p)
			if p.Error != c.msg {
				t.Errorf("%s: %q, want %q", c.name, p.Error, c.msg)
			}
		}
		// All or none: the freelancer's own change with someone else's id acknowledges nothing.
		s.As(apptest.Freelancer).Do("POST", "/instruction/acknowledge", map[string]any{"ids": []int64{sc.instruction, 999999}}).
			WantError(404, "N-404")
		wantFields(t, instructionAs(t, s, apptest.Freelancer, sc), acknowledge.FieldStartTime)
	})
}

func TestRemindThenEscalate(t *testing.T) {
	withAccepted(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc scene) {
		ctx := context.Background()
		amend(s, sc, "08:00", "17:00", "Camera")
		sweep := func(f func(context.Context, *database.DB) (int, error)) int {
			t.Helper()
			n, err := f(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		events := func(kind string) int {
			t.Helper()
			var n int
			if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM booking_events WHERE kind = ? AND instruction_id = ?`,
				kind, sc.instruction); err != nil {
				t.Fatal(err)
			}
			return n
		}
		sc.clk.Advance(2*time.Hour - time.Minute)
		if sweep(acknowledge.RemindDue) != 0 || sweep(acknowledge.EscalateDue) != 0 {
			t.Fatal("told before the reminder's time")
		}
		sc.clk.Advance(time.Minute)
		if n := sweep(acknowledge.RemindDue); n != 1 {
			t.Fatalf("reminded %d at 2 h", n)
		}
		if sweep(acknowledge.RemindDue) != 0 || sweep(acknowledge.EscalateDue) != 0 {
			t.Fatal("reminded twice, or escalated at 2 h")
		}
		sc.clk.Advance(10 * time.Hour)
		if n := sweep(acknowledge.EscalateDue); n != 1 || sweep(acknowledge.EscalateDue) != 0 {
			t.Fatalf("escalated %d at 12 h, or twice", n)
		}
		if events("instruction.change_reminder") != 1 || events("instruction.change_unacknowledged") != 1 {
			t.Errorf("events: %d reminders, %d escalations", events("instruction.change_reminder"),
				events("instruction.change_unacknowledged"))
		}
	})
}

// TestTheClientsOwnTimes: an entity's booking rules set the two times; an acknowledged change
// is never told.
func TestTheClientsOwnTimes(t *testing.T) {
	withAccepted(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc scene) {
		ctx := context.Background()
		var rules map[string]any
		s.As(apptest.Manager).Do("GET", fmt.Sprintf("/entity/%d/booking-rules", w.ClientA), nil).Want(200).Decode(&rules)
		if rules["changeReminderMinutes"] != float64(120) || rules["changeEscalationMinutes"] != float64(720) {
			t.Fatalf("defaults %v", rules)
		}
		delete(rules, "entityId")
		rules["changeReminderMinutes"], rules["changeEscalationMinutes"] = 60, 30
		s.As(apptest.Manager).Do("PUT", fmt.Sprintf("/entity/%d/booking-rules", w.ClientA), rules).WantError(422, "V-422")
		rules["changeEscalationMinutes"] = 90
		s.As(apptest.Manager).Do("PUT", fmt.Sprintf("/entity/%d/booking-rules", w.ClientA), rules).Want(200)

		amend(s, sc, "08:00", "17:00", "Camera")
		sc.clk.Advance(time.Hour)
		if n, err := acknowledge.RemindDue(ctx, db); err != nil || n != 1 {
			t.Fatalf("reminded %d at the client's hour (%v)", n, err)
		}
		// A session started now: the first one has idled out over the hour.
		s.Login("freelancer@hive.test").Do("POST", "/instruction/acknowledge", map[string]any{"ids": []int64{sc.instruction}}).Want(200)
		sc.clk.Advance(time.Hour)
		if n, err := acknowledge.EscalateDue(ctx, db); err != nil || n != 0 {
			t.Fatalf("escalated %d after the acknowledgement (%v)", n, err)
		}
	})
}
