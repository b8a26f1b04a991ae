package push_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/notifications/push"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
)

// changed is one accepted placement of its own booking whose start the department's manager
// moved: its instruction now waits for the freelancer's acknowledgement.
type changed struct {
	booking, placement, instruction int64
}

// acceptAndMove books one Camera shift on date for the demo freelancer (a booking of its own,
// so its push is not folded with another), has them accept it, and moves its start an hour
// earlier as the department's manager.
func (h hive) acceptAndMove(name, date string) changed {
	h.t.Helper()
	free := h.w.Users[apptest.Freelancer]
	jt := orgtest.JobTemplateOf(h.t, h.db, h.w.DeptA1, name, orgtest.Shift{Title: "Camera", Start: "09:00", End: "17:00"})
	b := orgtest.Book(h.t, h.s, apptest.DeptMgr, jt, []string{date}, free)
	c := changed{booking: b.ID, placement: b.Placements[0].ID, instruction: b.Instruction(h.t, 0, free)}
	h.s.As(apptest.Freelancer).Do(http.MethodPatch, "/instruction/status", []map[string]any{{"id": c.instruction,
		"supplierStatus": "accepted"}}).Want(http.StatusOK)
	h.s.As(apptest.DeptMgr).Do(http.MethodPatch, "/placements", []map[string]any{{"id": c.placement, "title": "Camera",
		"startTime": "08:00", "endTime": "17:00", "supplierNotes": "", "unpaidBreaks": 0}}).Want(http.StatusOK)
	return c
}

// marked reports whether instruction still waits for an acknowledgement.
func (h hive) marked(instruction int64) bool {
	h.t.Helper()
	return count(h.t, h.db, `SELECT COUNT(*) FROM instruction_acknowledgements WHERE instruction_id = ?`, instruction) == 1
}

// acknowledgedRecord is what an acknowledgement of instruction wrote: its audit row (the row,
// who, in which role) and its event (the payload, the actor), with the instruction's version
// and last modifier.
type acknowledgedRecord struct {
	AuditRow     map[string]any
	AuditUser    *int64
	AuditRole    string
	EventPayload map[string]any
	EventActor   *int64
	Version      int
	ModifiedBy   *int64
}

func (h hive) acknowledged(instruction int64) acknowledgedRecord {
	h.t.Helper()
	ctx := context.Background()
	var audits []struct {
		Row  string `db:"row_json"`
		User *int64 `db:"hive_user_id"`
		Role string `db:"hive_role"`
	}
	if err := h.db.Select(ctx, &audits, `SELECT row_json, hive_user_id, hive_role FROM audit_log
		WHERE hive_source = 'instruction' AND record_id = ? AND row_json LIKE '%changeAcknowledged%'`, instruction); err != nil {
		h.t.Fatal(err)
	}
	var evs []struct {
		Payload string `db:"payload_json"`
		Actor   *int64 `db:"actor_user_id"`
	}
	if err := h.db.Select(ctx, &evs, `SELECT payload_json, actor_user_id FROM booking_events
		WHERE instruction_id = ? AND kind = 'instruction.change_acknowledged'`, instruction); err != nil {
		h.t.Fatal(err)
	}
	if len(audits) != 1 || len(evs) != 1 {
		h.t.Fatalf("instruction %d: %d audit rows and %d events of its acknowledgement, want one each", instruction,
			len(audits), len(evs))
	}
	r := acknowledgedRecord{AuditUser: audits[0].User, AuditRole: audits[0].Role, EventActor: evs[0].Actor}
	if err := json.Unmarshal([]byte(audits[0].Row), &r.AuditRow); err != nil {
		h.t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(evs[0].Payload), &r.EventPayload); err != nil {
		h.t.Fatal(err)
	}
	var rows []struct {
		Version    int    `db:"version"`
		ModifiedBy *int64 `db:"modified_by"`
	}
	if err := h.db.Select(ctx, &rows, `SELECT version, modified_by FROM instructions WHERE id = ?`, instruction); err != nil ||
		len(rows) != 1 {
		h.t.Fatal(instruction, err)
	}
	r.Version, r.ModifiedBy = rows[0].Version, rows[0].ModifiedBy
	return r
}

// TestAChangePushsAcknowledgeDoesWhatTheButtonDoes: two accepted placements are moved; when
// the change reminder is due each change is pushed with an Acknowledge answer. The first
// push's answer, with no session, acknowledges its change exactly as POST
// /instruction/acknowledge acknowledges the second (mark cleared, the same audit row and event,
// as the freelancer); its token is then spent. Its token moved to the other instruction or to
// another user does not verify, and a token signed for someone who is not the instruction's
// freelancer meets the button's refusal; none of them clears a mark.
func TestAChangePushsAcknowledgeDoesWhatTheButtonDoes(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		clk := clock.At(time.Date(2029, 6, 1, 9, 0, 0, 0, time.UTC))
		db.Now = clk.Now
		h := start(t, s, db, w)
		free := w.Users[apptest.Freelancer]
		phone := h.device(apptest.Freelancer)
		byPush, byButton := h.acceptAndMove("Cup Final", "2029-07-01"), h.acceptAndMove("Cup Replay", "2029-07-02")
		h.deliver() // the offers, answered before they went out, are not pushed
		before := len(h.payloads(phone))

		clk.Advance(2 * time.Hour) // the client's change reminder (the default)
		if err := s.App.Deadlines.Round(context.Background()); err != nil {
			t.Fatal(err)
		}
		h.deliver()
		got := h.payloads(phone)
		if len(got) != before+2 {
			t.Fatalf("%d pushes after %d, want two change reminders: %+v", len(got), before, got)
		}
		reminders := map[string]push.Payload{}
		for _, p := range got[before:] {
			if !slices.Equal(p.Types, []string{notifications.SupplierChangeReminder}) || len(p.Actions) != 1 {
				t.Fatalf("reminder push %+v", p)
			}
			reminders[p.Path] = p
		}
		pushed, ok := reminders[fmt.Sprintf("/bookings/%d/edit?placementId=%d", byPush.booking, byPush.placement)]
		if !ok {
			t.Fatalf("no reminder opening booking %d: %+v", byPush.booking, got[before:])
		}
		ack := action(t, pushed, notifications.ActionAcknowledge)

		refused := func(name, token string) {
			t.Helper()
			if msg := h.problemOf(h.answer(token), http.StatusUnprocessableEntity).Msg("token"); msg != push.MsgBadAction {
				t.Fatalf("%s: %q", name, msg)
			}
		}
		refused("moved to the other instruction", retarget(t, ack, 2, itoa(byButton.instruction)))
		refused("moved to another user", retarget(t, ack, 1, itoa(w.Users[apptest.DeptMgr])))
		tokens := push.NewTokens(s.App.Config.Secret)
		soon := db.Now().Add(time.Hour)
		// Signed with the real key for someone else, even the department's manager: a token carries
		// who its user is and no manager's rights, so the instruction is not theirs to see.
		for _, other := range []int64{w.Users[apptest.DeptMgr], orgtest.UserID(t, db, "grace.adeyemi@hive.test")} {
			var p struct{ Error string }
			h.answer(tokens.Sign(other, byPush.instruction, notifications.ActionAcknowledge, soon)).
				WantError(http.StatusNotFound, "N-404").Decode(&p)
			if p.Error != "Instruction not found" {
				t.Fatalf("user %d's token: %q", other, p.Error)
			}
		}
		if !h.marked(byPush.instruction) || !h.marked(byButton.instruction) {
			t.Fatal("a refused token cleared a mark")
		}

		var answered push.Answered
		h.answer(ack).Want(http.StatusOK).Decode(&answered)
		if answered.Message != "Change acknowledged." || h.marked(byPush.instruction) || !h.marked(byButton.instruction) {
			t.Fatalf("after Acknowledge: %q, marks %v %v", answered.Message, h.marked(byPush.instruction), h.marked(byButton.instruction))
		}
		refused("spent", ack)

		// The button, on the other change, as the freelancer (a new session: the clock moved on).
		s.Login("freelancer@hive.test").Do(http.MethodPost, "/instruction/acknowledge",
			map[string]any{"ids": []int64{byButton.instruction}}).Want(http.StatusOK)
		viaPush, viaButton := h.acknowledged(byPush.instruction), h.acknowledged(byButton.instruction)
		if viaPush.AuditUser == nil || *viaPush.AuditUser != free || viaPush.EventActor == nil || *viaPush.EventActor != free ||
			viaPush.ModifiedBy == nil || *viaPush.ModifiedBy != free {
			t.Errorf("the push's acknowledgement is not the freelancer's: %+v", viaPush)
		}
		viaPush.AuditRow["version"], viaButton.AuditRow["version"] = nil, nil
		viaPush.EventPayload["version"], viaButton.EventPayload["version"] = nil, nil
		if fmt.Sprint(viaPush.AuditRow) != fmt.Sprint(viaButton.AuditRow) || viaPush.AuditRole != viaButton.AuditRole ||
			fmt.Sprint(viaPush.EventPayload) != fmt.Sprint(viaButton.EventPayload) || *viaButton.AuditUser != free ||
			*viaButton.EventActor != free || viaPush.Version != viaButton.Version {
			t.Errorf("the push and the button differ:\n push   %+v\n button %+v", viaPush, viaButton)
		}
		var stats struct{ Critical int }
		s.Login("dept@hive.test").Do(http.MethodGet, "/agenda/stats", nil).Want(http.StatusOK).Decode(&stats)
		if stats.Critical != 0 {
			t.Errorf("critical %d after both acknowledgements", stats.Critical)
		}
	})
}
