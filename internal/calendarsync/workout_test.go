package calendarsync_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// An accepted offer becomes an event of the write calendar; it moves (SEQUENCE raised) when the
// placement moves and is removed when the placement is cancelled. An event Hive did not create,
// in the same calendar, is never touched, even with Hive's title.
func TestAcceptedWorkIsWrittenMovedAndRemoved(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		org := orgtest.Build(t, db)
		foreign := vevent("foreign-1", "SUMMARY:Hive Booking: Camera\nDTSTART:20270320T090000Z\nDTEND:20270320T170000Z")
		w.dav.Put(davUser, davPass, w.write+"foreign.ics", foreign)
		_, stored := w.dav.Get(davUser, davPass, w.write+"foreign.ics")
		b := orgtest.Book(t, w.s, apptest.DeptMgr, orgtest.JobTemplate(t, db, org.DeptA1), []string{"2027-03-20"}, w.freelancer)
		instruction := b.Instruction(t, 0, w.freelancer)
		w.syncNow(t)
		if n := events(w); n != 1 {
			t.Fatalf("an offer not yet accepted was written: %d events", n)
		}
		w.s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": instruction, "supplierStatus": "accepted"}}).Want(200)
		if due := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM calendar_connections WHERE next_sync_at <= ?`, w.clock.Now()); due != 1 {
			t.Errorf("the accept did not make the connection due")
		}
		c := w.syncNow(t)
		if c.WrittenEvents != 1 || c.LastError != "" {
			t.Fatalf("after accepting: %+v", c)
		}
		href := databasetest.Get[string](t, db, `SELECT href FROM calendar_written_events`)
		code, ics := w.dav.Get(davUser, davPass, href)
		ics = strings.ReplaceAll(ics, "\r\n", "\n")
		if code != 200 || !hasLine(ics, "SEQUENCE:0") || !strings.Contains(ics, "DTSTART:20270320T") {
			t.Fatalf("written event %d:\n%s", code, ics)
		}
		uid := databasetest.Get[string](t, db, `SELECT uid FROM calendar_written_events`)

		w.s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": b.Placements[0].ID, "title": "Camera (early)",
			"startTime": "06:00", "endTime": "12:00", "unpaidBreaks": 0, "supplierNotes": ""}}).Want(200)
		w.syncNow(t)
		_, moved := w.dav.Get(davUser, davPass, href)
		moved = strings.ReplaceAll(moved, "\r\n", "\n")
		if !hasLine(moved, "SEQUENCE:1") || !hasLine(moved, "UID:"+uid) || !hasLine(moved, "DTSTART:20270320T060000Z") {
			t.Fatalf("moved event:\n%s", moved)
		}

		w.s.As(apptest.DeptMgr).Do("DELETE", "/placements", map[string]any{"ids": []int64{b.Placements[0].ID},
			"cancellationReason": "Client - Placement Not Needed"}).Want(200)
		if c := w.syncNow(t); c.WrittenEvents != 0 {
			t.Fatalf("after cancelling: %+v", c)
		}
		if code, _ := w.dav.Get(davUser, davPass, href); code != 404 {
			t.Fatalf("the cancelled work's event is still there: %d", code)
		}
		if code, body := w.dav.Get(davUser, davPass, w.write+"foreign.ics"); code != 200 || body != stored {
			t.Fatalf("the foreign event was touched: %d\n%s", code, body)
		}
		if n := events(w); n != 1 {
			t.Fatalf("write calendar holds %d events, want the foreign one", n)
		}
	})
}

// events counts the VEVENTs of the write calendar.
func events(w *world) int {
	return strings.Count(w.dav.Calendar(davUser, davPass, w.write), "BEGIN:VEVENT")
}

// A placement's move, its new title and its cancellation each make the freelancer's connection
// due at once, as an accept does, so the written event follows without waiting for the interval.
func TestPlacementChangesMakeTheConnectionDue(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		org := orgtest.Build(t, db)
		b := orgtest.Book(t, w.s, apptest.DeptMgr, orgtest.JobTemplate(t, db, org.DeptA1), []string{"2027-03-20"}, w.freelancer)
		w.s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": b.Instruction(t, 0, w.freelancer), "supplierStatus": "accepted"}}).Want(200)
		due := func() bool {
			return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM calendar_connections WHERE next_sync_at <= ?`, w.clock.Now()) == 1
		}
		amend := func(title, start, end string) {
			w.s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": b.Placements[0].ID, "title": title,
				"startTime": start, "endTime": end, "unpaidBreaks": 0, "supplierNotes": ""}}).Want(200)
		}
		href := ""
		for _, step := range []struct {
			name   string
			change func()
			want   string // a line of the written event after the sync; "" when it is gone
		}{
			{"a move", func() { amend("Camera", "06:00", "12:00") }, "DTSTART:20270320T060000Z"},
			{"a new title", func() { amend("Camera (early)", "06:00", "12:00") }, "SEQUENCE:2"},
			{"a cancellation", func() {
				w.s.As(apptest.DeptMgr).Do("DELETE", "/placements", map[string]any{"ids": []int64{b.Placements[0].ID},
					"cancellationReason": "Client - Placement Not Needed"}).Want(200)
			}, ""},
		} {
			if c := w.syncNow(t); c.LastError != "" {
				t.Fatalf("before %s: %+v", step.name, c)
			}
			if href == "" {
				href = databasetest.Get[string](t, db, `SELECT href FROM calendar_written_events`)
			}
			if due() {
				t.Fatalf("the connection is due before %s", step.name)
			}
			step.change()
			if !due() {
				t.Errorf("%s did not make the connection due", step.name)
			}
			w.syncNow(t)
			code, ics := w.dav.Get(davUser, davPass, href)
			ics = strings.ReplaceAll(ics, "\r\n", "\n")
			switch {
			case step.want == "" && code != 404:
				t.Errorf("after %s the event is still there: %d", step.name, code)
			case step.want != "" && (code != 200 || !hasLine(ics, step.want)):
				t.Errorf("after %s the event lacks %q: %d\n%s", step.name, step.want, code, ics)
			}
		}
	})
}

// A booking's new title makes its freelancers' connections due at once, as a placement's does:
// the worker's next pass renames the written event (SUMMARY, SEQUENCE raised) without waiting for
// the interval.
func TestBookingRenameReachesTheCalendarAtOnce(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		org := orgtest.Build(t, db)
		b := orgtest.Book(t, w.s, apptest.DeptMgr, orgtest.JobTemplate(t, db, org.DeptA1), []string{"2027-03-20"}, w.freelancer)
		w.s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": b.Instruction(t, 0, w.freelancer), "supplierStatus": "accepted"}}).Want(200)
		if c := w.syncNow(t); c.WrittenEvents != 1 || c.LastError != "" {
			t.Fatalf("after accepting: %+v", c)
		}
		href := databasetest.Get[string](t, db, `SELECT href FROM calendar_written_events`)
		version := databasetest.Get[int](t, db, `SELECT version FROM bookings WHERE id = ?`, b.ID)
		w.s.As(apptest.DeptMgr).Do("PATCH", fmt.Sprintf("/booking/%d", b.ID), map[string]any{"version": version,
			"title": "Spring shoot"}).Want(200)
		n, err := w.s.App.CalendarSync.SyncDue(context.Background())
		if err != nil || n != 1 {
			t.Fatalf("the worker's pass synced %d connections (%v): the rename did not make it due", n, err)
		}
		code, ics := w.dav.Get(davUser, davPass, href)
		ics = strings.ReplaceAll(ics, "\r\n", "\n")
		if code != 200 || !strings.Contains(ics, "\nSUMMARY:Spring shoot: ") || !hasLine(ics, "SEQUENCE:1") {
			t.Fatalf("renamed event %d:\n%s", code, ics)
		}
		if n, _ := w.s.App.CalendarSync.SyncDue(context.Background()); n != 0 {
			t.Errorf("a second pass synced %d connections", n)
		}
	})
}
