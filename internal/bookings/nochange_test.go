package bookings_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// historyOf counts the audit entries of one record of source.
func historyOf(t *testing.T, db *database.DB, source audit.Source, id int64) int {
	t.Helper()
	return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM audit_log WHERE hive_source = ? AND record_id = ?`,
		string(source), id)
}

// changesOf reads the changes the newest event of kind carries.
func changesOf(t *testing.T, db *database.DB, kind string) []audit.Change {
	t.Helper()
	payload := databasetest.Get[string](t, db, `SELECT payload_json FROM booking_events WHERE kind = ? ORDER BY id DESC LIMIT 1`, kind)
	var p struct{ Changes []audit.Change }
	if err := json.Unmarshal([]byte(payload), &p); err != nil {
		t.Fatal(err)
	}
	return p.Changes
}

func TestSavingWhatIsThereWritesNoVersionAndTellsNobody(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BookedWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, b bookingstest.Booking) {
		path := fmt.Sprintf("/booking/%d", b.ID)
		var v struct {
			Title, Reference    string
			IR35                bool `json:"ir35"`
			SubstitutionAllowed bool
			Version             int
		}
		s.As(apptest.DeptMgr).Do("GET", path, nil).Want(200).Decode(&v)
		entries := historyOf(t, db, audit.SourceBooking, b.ID)
		// The form sends every field as it read them: IR35 off and an empty reference, which the
		// booking was created without.
		same := map[string]any{"version": v.Version, "title": v.Title + " ", "reference": "", "ir35": false,
			"substitutionAllowed": v.SubstitutionAllowed}
		s.As(apptest.DeptMgr).Do("PATCH", path, same).Want(200)
		s.As(apptest.DeptMgr).Do("PATCH", path, same).Want(200) // the version did not move
		if n := historyOf(t, db, audit.SourceBooking, b.ID); n != entries {
			t.Errorf("a save of nothing wrote %d history entries", n-entries)
		}
		bookingstest.WantEvents(t, db, "booking.updated", 0)

		// A real change is one version and one event that says what changed, before and after.
		change := map[string]any{"version": v.Version, "title": v.Title, "reference": "PO-7", "ir35": true,
			"substitutionAllowed": v.SubstitutionAllowed}
		s.As(apptest.DeptMgr).Do("PATCH", path, change).Want(200)
		bookingstest.WantEvents(t, db, "booking.updated", 1)
		want := []audit.Change{{Field: "ir35", Before: false, After: true}, {Field: "reference", Before: "", After: "PO-7"}}
		if got := changesOf(t, db, "booking.updated"); !reflect.DeepEqual(got, want) {
			t.Errorf("the event's changes = %+v, want %+v", got, want)
		}

		// A placement amended to what it is, and a rate set to what it is, change nothing either.
		day := b.Placements[0]
		pl := databasetest.Get[placementFields](t, db, `SELECT title, start_time, end_time, supplier_notes, unpaid_breaks, version FROM placements WHERE id = ?`, day.ID)
		entries = historyOf(t, db, audit.SourcePlacement, day.ID)
		s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": day.ID, "revision": pl.Version,
			"title": pl.Title, "startTime": pl.Start + ":00", "endTime": pl.End, "supplierNotes": pl.Notes,
			"unpaidBreaks": pl.Breaks}}).Want(200)
		if n := historyOf(t, db, audit.SourcePlacement, day.ID); n != entries {
			t.Errorf("an amendment to what is there wrote %d history entries", n-entries)
		}
		bookingstest.WantEvents(t, db, "placement.amended", 0)
		in := day.Instructions[0]
		entries = historyOf(t, db, audit.SourceInstruction, in.ID)
		s.As(apptest.DeptMgr).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{in.ID},
			"sellRate": map[string]any{"rate": in.SellRate.Rate, "currency": "GBP", "period": "day"}}).Want(200)
		if n := historyOf(t, db, audit.SourceInstruction, in.ID); n != entries {
			t.Errorf("a rate set to what it is wrote %d history entries", n-entries)
		}
		bookingstest.WantEvents(t, db, "instruction.rate_amended", 0)

		// Moved an hour later: the event carries the period before and after.
		s.As(apptest.DeptMgr).Do("PATCH", "/placements", []map[string]any{{"id": day.ID, "title": pl.Title,
			"startTime": "10:00", "endTime": "18:00", "supplierNotes": pl.Notes, "unpaidBreaks": pl.Breaks}}).Want(200)
		got := changesOf(t, db, "placement.amended")
		if len(got) != 1 || got[0].Field != "period" {
			t.Fatalf("the amendment's changes = %+v", got)
		}
	})
}

// placementFields are what an amendment sends of a placement, as stored.
type placementFields struct {
	Title   string `db:"title"`
	Start   string `db:"start_time"`
	End     string `db:"end_time"`
	Notes   string `db:"supplier_notes"`
	Breaks  int    `db:"unpaid_breaks"`
	Version int    `db:"version"`
}
