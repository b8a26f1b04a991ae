package bookings_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// viewed reads every instruction of placement's booking as role sees it; nil when role may
// not see the booking (404).
func viewed(t *testing.T, s *apptest.Server, db *database.DB, role string, placement int64) map[int64]bookingstest.Instruction {
	t.Helper()
	res := s.As(role).Do("GET", fmt.Sprintf("/booking/%d", bookingstest.BookingOf(t, db, placement)), nil)
	if res.Status == 404 {
		return nil
	}
	var b bookingstest.Booking
	res.Want(200).Decode(&b)
	out := map[int64]bookingstest.Instruction{}
	for _, p := range b.Placements {
		for _, i := range p.Instructions {
			out[i.ID] = i
		}
	}
	return out
}

// statusWrite is the PATCH /instruction/status item of each flag, as the web sends it.
func statusWrite(flag string, i bookingstest.Instruction, freelancer bool) map[string]any {
	own := "clientStatus"
	if freelancer {
		own = "supplierStatus"
	}
	item := map[string]any{"id": i.ID, "version": i.Version}
	switch flag {
	case "canAccept":
		item[own] = "accepted"
	case "canReject":
		item[own] = "rejected"
	case "canAcceptAsSupplier":
		item["supplierStatus"] = "accepted"
	case "canRejectAsSupplier":
		item["supplierStatus"] = "rejected"
	case "canCancel":
		item["clientStatus"], item["cancellationReason"] = "cancelled", "Other"
	}
	return item
}

func flags(a bookings.InstructionActions) map[string]bool {
	return map[string]bool{"canAccept": a.CanAccept, "canReject": a.CanReject, "canAcceptAsSupplier": a.CanAcceptAsSupplier,
		"canRejectAsSupplier": a.CanRejectAsSupplier, "canCancel": a.CanCancel}
}

// Every flag the views send is false exactly where its write refuses: a read-only viewer (staff),
// a freelancer and a manager of another client are shown nothing they may not do, and the write
// they could still try answers with its reason.
func TestInstructionActionsMatchTheWrites(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BuildSubWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sw bookingstest.SubWorld) {
		bookingstest.Grant(t, s, sw.OtherNight, sw.Users["Able"])
		hill := bookingstest.InstructionID(t, db, sw.Day, sw.Users["Hill"])
		noSub := bookingstest.InstructionID(t, db, sw.OtherNight, sw.Users["Able"])

		// staff@ manages another client only: the booking, its instructions and their writes are
		// not theirs to know of.
		orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
		if got := viewed(t, s, db, apptest.Staff, sw.Day); got != nil {
			t.Fatalf("another client's manager sees the booking: %+v", got)
		}
		s.As(apptest.Staff).Do("PATCH", "/instruction/status", []map[string]any{{"id": hill, "clientStatus": "accepted"}}).
			WantError(404, "N-404")
		s.As(apptest.Staff).Do("GET", fmt.Sprintf("/placement/%d/available-substitutes?instructionId=%d", sw.Day, hill), nil).
			WantError(404, "N-404")

		// Now staff@ also sees (not manages) the department: every flag is false and every write 403.
		orgtest.LinkDepartment(t, db, w.Users["staff"], w.DeptA1, false, false, true)
		staff := viewed(t, s, db, apptest.Staff, sw.Day)
		if len(staff) == 0 {
			t.Fatal("a viewer of the department sees no instruction")
		}
		for id, i := range staff {
			if i.InstructionActions != (bookings.InstructionActions{}) {
				t.Errorf("staff may act on instruction %d: %+v", id, i.InstructionActions)
			}
			for flag := range flags(i.InstructionActions) {
				bookingstest.WantMessage(t, s.As(apptest.Staff).Do("PATCH", "/instruction/status",
					[]map[string]any{statusWrite(flag, i, false)}), 403, apperror.Forbidden().Message)
			}
		}
		bookingstest.WantMessage(t, s.As(apptest.Staff).Do("GET", fmt.Sprintf("/placement/%d/available-substitutes?instructionId=%d",
			sw.Day, sw.Incumbent), nil), 403, apperror.Forbidden().Message)

		// The freelancer sees their accepted instruction: nothing left to answer, no cancelling,
		// but the booking allows them to find a substitute.
		own := viewed(t, s, db, apptest.Freelancer, sw.Day)[sw.Incumbent]
		if want := (bookings.InstructionActions{CanSubstitute: true, AnswerSide: "supplier"}); own.InstructionActions != want {
			t.Errorf("freelancer's actions %+v, want %+v", own.InstructionActions, want)
		}
		wantRefused := map[string]int{"canAccept": 409, "canReject": 409, "canAcceptAsSupplier": 409,
			"canRejectAsSupplier": 409, "canCancel": 403}
		for flag, code := range wantRefused {
			s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", []map[string]any{statusWrite(flag, own, true)}).Want(code)
		}
		s.As(apptest.Freelancer).Do("GET", fmt.Sprintf("/placement/%d/available-substitutes", sw.Day), nil).Want(200)

		// The manager: everything the state allows, and no substitution where the booking forbids it.
		mgr := viewed(t, s, db, apptest.DeptMgr, sw.Day)
		if want := (bookings.InstructionActions{CanAccept: true, CanReject: true, CanCancel: true, CanSubstitute: true,
			AnswerSide: "client"}); mgr[sw.Incumbent].InstructionActions != want {
			t.Errorf("manager's actions on the accepted instruction %+v, want %+v", mgr[sw.Incumbent].InstructionActions, want)
		}
		if want := (bookings.InstructionActions{CanAccept: true, CanReject: true, CanAcceptAsSupplier: true,
			CanRejectAsSupplier: true, CanCancel: true, CanSubstitute: true, AnswerSide: "client"}); mgr[hill].InstructionActions != want {
			t.Errorf("manager's actions on the awaiting instruction %+v, want %+v", mgr[hill].InstructionActions, want)
		}
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/status",
			[]map[string]any{statusWrite("canAcceptAsSupplier", mgr[sw.Incumbent], false)}).WantError(409, "C-409")
		other := viewed(t, s, db, apptest.DeptMgr, sw.OtherNight)[noSub]
		if other.CanSubstitute || !other.CanCancel {
			t.Errorf("manager's actions where substitution is not allowed %+v", other.InstructionActions)
		}
		bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/placement/%d/available-substitutes?instructionId=%d",
			sw.OtherNight, noSub), nil), 422, bookings.MsgNoSubstitution)

		// A flag that is true is a write that goes through; afterwards the flags follow the state.
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/status",
			[]map[string]any{statusWrite("canAccept", mgr[sw.Incumbent], false)}).Want(200)
		after := viewed(t, s, db, apptest.DeptMgr, sw.Day)[sw.Incumbent]
		if after.CanAccept || after.CanReject || !after.CanCancel || !after.CanSubstitute {
			t.Errorf("manager's actions on the confirmed instruction %+v", after.InstructionActions)
		}

		// The agenda's rows carry the same flags as the booking page's.
		var agenda struct {
			Items []struct {
				Instructions []bookingstest.Instruction
			}
		}
		s.As(apptest.Staff).Do("GET", "/agenda?as=manager&tab=archived&pageSize=200", nil).Want(200).Decode(&agenda)
		seen := 0
		for _, c := range agenda.Items {
			for _, i := range c.Instructions {
				seen++
				if i.InstructionActions != (bookings.InstructionActions{}) {
					t.Errorf("staff may act on instruction %d in the agenda: %+v", i.ID, i.InstructionActions)
				}
			}
		}
		if seen == 0 {
			t.Error("staff's agenda shows no instruction")
		}
		s.As(apptest.DeptMgr).Do("GET", "/agenda?as=manager&tab=archived&pageSize=200", nil).Want(200).Decode(&agenda)
		mgr = viewed(t, s, db, apptest.DeptMgr, sw.Day)
		for _, c := range agenda.Items {
			for _, i := range c.Instructions {
				if b, ok := mgr[i.ID]; ok && b.InstructionActions != i.InstructionActions {
					t.Errorf("instruction %d: agenda %+v, booking %+v", i.ID, i.InstructionActions, b.InstructionActions)
				}
			}
		}
	})
}

// The booking view carries the instruction's supplier, legal entity, notes, last modifier and
// criticality; the legal entity and notes only to its parties.
func TestInstructionViewFields(t *testing.T) {
	// A day before the shifts of subDate (09:00 and 22:00 in London).
	bookingstest.EnginesAt(t, time.Date(2026, 12, 9, 12, 0, 0, 0, time.UTC), func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		sw := bookingstest.BuildSubWorld(t, s, db, w)
		supplier := databasetest.Get[int64](t, db, `SELECT preferred_supplier_id FROM users WHERE id = ?`, sw.Users["Reid"])
		legal := databasetest.Get[int64](t, db, `SELECT preferred_legal_entity_id FROM entities WHERE id = ?`, supplier)
		bookingstest.InsertID(t, db, `UPDATE instructions SET notes = 'Bring a long lens' WHERE id = ? RETURNING id`, sw.Incumbent)
		orgtest.LinkDepartment(t, db, w.Users["staff"], w.DeptA1, false, false, true)

		for _, role := range []string{apptest.DeptMgr, apptest.Freelancer, apptest.Admin} {
			i := viewed(t, s, db, role, sw.Day)[sw.Incumbent]
			if i.SupplierID == nil || *i.SupplierID != supplier || i.LegalEntityID == nil || *i.LegalEntityID != legal ||
				i.Notes != "Bring a long lens" {
				t.Errorf("%s: supplier %v, legal entity %v, notes %q; want %d, %d and the note", role, i.SupplierID,
					i.LegalEntityID, i.Notes, supplier, legal)
			}
			// The freelancer accepted last.
			if i.HiveUser == nil || i.HiveUser.Modifier != sw.Users["Reid"] || i.HiveUser.FullName == "" {
				t.Errorf("%s: last modifier %+v, want the freelancer", role, i.HiveUser)
			}
		}
		i := viewed(t, s, db, apptest.Staff, sw.Day)[sw.Incumbent]
		if i.SupplierID == nil || i.LegalEntityID != nil || i.Notes != "" {
			t.Errorf("a read-only viewer gets legal entity %v and notes %q", i.LegalEntityID, i.Notes)
		}
		// Without a supplier entity nothing is recorded. A day before its shift, an instruction
		// still awaiting an answer is critical; one confirmed on both sides is not.
		day := viewed(t, s, db, apptest.DeptMgr, sw.Day)
		hill := day[bookingstest.InstructionID(t, db, sw.Day, sw.Users["Hill"])]
		if hill.SupplierID != nil || hill.LegalEntityID != nil || !hill.IsCritical {
			t.Errorf("awaiting instruction of a freelancer without a supplier %+v", hill)
		}
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/status", []map[string]any{{"id": sw.Incumbent, "clientStatus": "accepted"}}).Want(200)
		if viewed(t, s, db, apptest.DeptMgr, sw.Day)[sw.Incumbent].IsCritical {
			t.Error("a confirmed instruction is critical")
		}
	})
}
