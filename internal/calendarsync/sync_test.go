package calendarsync_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/calendarsync/caldavtest"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

const (
	davUser = "freelancer"
	davPass = "app-password-1"
)

// world is a Hive on one engine with its clock at 1 March 2027, a radicale with the demo
// freelancer's account and two calendars, and the freelancer (in London) connected to them.
type world struct {
	s           *apptest.Server
	db          *database.DB
	clock       *clock.Settable
	dav         *caldav
	read, write string
	connection  int64
	freelancer  int64
}

type caldav = caldavtest.Server

func start(t *testing.T, db *database.DB) *world {
	t.Helper()
	c := clock.At(time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC))
	db.Now = c.Now
	s := apptest.Start(t, db)
	w := &world{s: s, db: db, clock: c}
	w.dav = caldavtest.Start(t, map[string]string{davUser: davPass, "other": "other-pass"})
	w.read = w.dav.MakeCalendar(davUser, davPass, "personal")
	w.write = w.dav.MakeCalendar(davUser, davPass, "work")
	w.freelancer = orgtest.UserID(t, db, "freelancer@hive.test")
	databasetest.Exec(t, db, `UPDATE users SET timezone = 'Europe/London' WHERE id = ?`, w.freelancer)
	var found calendarsync.DiscoveredCalendars
	s.As(apptest.Freelancer).Do("POST", "/calendar-connection/discover", map[string]any{"serverUrl": w.dav.URL,
		"username": davUser, "password": davPass}).Want(200).Decode(&found)
	if len(found.Calendars) != 2 {
		t.Fatalf("discovered %+v", found)
	}
	var conn calendarsync.CalendarConnection
	s.As(apptest.Freelancer).Do("POST", "/calendar-connection", map[string]any{"serverUrl": w.dav.URL,
		"username": davUser, "password": davPass, "readCalendar": w.read, "writeCalendar": w.write}).Want(201).Decode(&conn)
	w.connection = conn.ID
	return w
}

// syncNow is the freelancer's Sync now; it answers the connection after the sync.
func (w *world) syncNow(t *testing.T) calendarsync.CalendarConnection {
	t.Helper()
	var c calendarsync.CalendarConnection
	w.s.As(apptest.Freelancer).Do("POST", fmt.Sprintf("/calendar-connection/%d/sync", w.connection), nil).Want(200).Decode(&c)
	return c
}

func (w *world) busy(t *testing.T) []string {
	t.Helper()
	blocks, err := calendarsync.Busy(context.Background(), w.db, []int64{w.freelancer},
		time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2028, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, b := range blocks {
		out = append(out, b.Start.UTC().Format("2006-01-02T15:04Z")+"/"+b.End.UTC().Format("2006-01-02T15:04Z"))
	}
	return out
}

func vevent(uid, body string) string {
	return "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//EN\nBEGIN:VEVENT\nUID:" + uid +
		"\nDTSTAMP:20270101T000000Z\n" + body + "\nEND:VEVENT\nEND:VCALENDAR\n"
}

// The freelancer's own events appear as busy times after a sync: a single one, an all-day one,
// a weekly one across the clock change of 28 March 2027 (09:00 London is 09:00Z, then 08:00Z),
// and the all-day 28 March itself, 23 hours long. No title is stored.
func TestBusyTimesFromTheFreelancersCalendar(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		w.dav.Put(davUser, davPass, w.read+"single.ics", vevent("single", "SUMMARY:Dentist\nDTSTART;TZID=Europe/London:20270310T100000\nDTEND;TZID=Europe/London:20270310T120000"))
		w.dav.Put(davUser, davPass, w.read+"allday.ics", vevent("allday", "SUMMARY:Other client shoot\nDTSTART;VALUE=DATE:20270315\nDTEND;VALUE=DATE:20270316"))
		w.dav.Put(davUser, davPass, w.read+"weekly.ics", vevent("weekly", "SUMMARY:Yoga\nDTSTART;TZID=Europe/London:20270318T090000\nDTEND;TZID=Europe/London:20270318T100000\nRRULE:FREQ=WEEKLY;COUNT=3"))
		w.dav.Put(davUser, davPass, w.read+"change.ics", vevent("change", "SUMMARY:Clocks\nDTSTART;VALUE=DATE:20270328\nDTEND;VALUE=DATE:20270329"))
		w.dav.Put(davUser, davPass, w.read+"free.ics", vevent("free", "SUMMARY:Free\nTRANSP:TRANSPARENT\nDTSTART:20270311T100000Z\nDTEND:20270311T110000Z"))
		c := w.syncNow(t)
		if c.LastError != "" || c.LastGoodSyncAt == nil {
			t.Fatalf("sync: %+v", c)
		}
		apptest.WantLines(t, "busy", w.busy(t),
			"2027-03-10T10:00Z/2027-03-10T12:00Z",
			"2027-03-15T00:00Z/2027-03-16T00:00Z",
			"2027-03-18T09:00Z/2027-03-18T10:00Z",
			"2027-03-25T09:00Z/2027-03-25T10:00Z",
			"2027-03-28T00:00Z/2027-03-28T23:00Z",
			"2027-04-01T08:00Z/2027-04-01T09:00Z")
		// An edited event replaces its blocks (by ETag); a deleted one drops them.
		w.dav.Put(davUser, davPass, w.read+"single.ics", vevent("single", "SUMMARY:Dentist\nDTSTART;TZID=Europe/London:20270310T140000\nDTEND;TZID=Europe/London:20270310T150000"))
		w.dav.Do(davUser, davPass, "DELETE", w.read+"allday.ics", "", "")
		w.syncNow(t)
		got := w.busy(t)
		if len(got) != 5 || got[0] != "2027-03-10T14:00Z/2027-03-10T15:00Z" {
			t.Fatalf("after edit and delete: %v", got)
		}
	})
}

// A wrong password and a stopped server leave the busy times known, and say why with the
// time of the last good sync; the sync after the server is back clears the error.
func TestFailuresKeepKnownBusyTimes(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		w.dav.Put(davUser, davPass, w.read+"single.ics", vevent("single", "DTSTART:20270310T100000Z\nDTEND:20270310T120000Z"))
		good := w.syncNow(t)
		if len(w.busy(t)) != 1 {
			t.Fatal("no busy time after the first sync")
		}
		w.clock.Advance(time.Minute)
		w.dav.Stop()
		c := w.syncNow(t)
		if c.LastError != calendarsync.MsgUnreachable || c.LastGoodSyncAt == nil || !c.LastGoodSyncAt.Equal(*good.LastGoodSyncAt) {
			t.Fatalf("server down: %+v", c)
		}
		if !c.NextSyncAt.After(w.clock.Now()) {
			t.Errorf("no back-off: next %v", c.NextSyncAt)
		}
		if len(w.busy(t)) != 1 {
			t.Fatal("the busy time was dropped while the server was down")
		}
		w.dav.Restart()
		databasetest.Exec(t, db, `UPDATE calendar_connections SET secret_sealed = ? WHERE id = ?`, w.sealed(t, "wrong"), w.connection)
		c = w.syncNow(t)
		if c.LastError != calendarsync.MsgRefused || len(w.busy(t)) != 1 {
			t.Fatalf("wrong password: %+v, busy %v", c, w.busy(t))
		}
		databasetest.Exec(t, db, `UPDATE calendar_connections SET secret_sealed = ? WHERE id = ?`, w.sealed(t, davPass), w.connection)
		if c = w.syncNow(t); c.LastError != "" || !c.LastGoodSyncAt.After(*good.LastGoodSyncAt) {
			t.Fatalf("after recovery: %+v", c)
		}
	})
}

func (w *world) sealed(t *testing.T, password string) string {
	t.Helper()
	s, err := calendarsync.KeysOf(w.s.App.Config).Seal(password)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Two workers on one database (two nodes) sync a due connection once between them.
func TestTwoNodesSyncEachConnectionOnce(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := start(t, db)
		w.dav.Put(davUser, davPass, w.read+"single.ics", vevent("single", "DTSTART:20270310T100000Z\nDTEND:20270310T120000Z"))
		keys := calendarsync.KeysOf(w.s.App.Config)
		a := calendarsync.NewWorker(&calendarsync.Store{DB: db}, keys, nil)
		b := calendarsync.NewWorker(&calendarsync.Store{DB: db}, keys, nil)
		a.Node, b.Node = "node-a", "node-b"
		a.Net, b.Net = calendarsync.NewNetwork(true), calendarsync.NewNetwork(true) // radicale is on 127.0.0.1
		counts := make(chan int, 2)
		for _, wk := range []*calendarsync.Worker{a, b} {
			go func() {
				n, err := wk.SyncDue(context.Background())
				if err != nil {
					t.Error(err)
				}
				counts <- n
			}()
		}
		total := <-counts + <-counts
		syncs := databasetest.Get[int](t, db, `SELECT sync_count FROM calendar_connections WHERE id = ?`, w.connection)
		if total != 1 || syncs != 1 {
			t.Fatalf("synced %d times by the workers, %d recorded", total, syncs)
		}
	})
}

func hasLine(text, line string) bool {
	for _, l := range strings.Split(text, "\n") {
		if l == line {
			return true
		}
	}
	return false
}
