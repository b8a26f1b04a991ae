package suppliers_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/suppliers"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// The same table can drive the TypeScript twin (availabilityColour in
// web/src/features/bookings/instructions/rules.ts).
func TestAvailabilityColourThresholds(t *testing.T) {
	data, err := os.ReadFile("../testdata/availability_colour_cases.json") // shared with the web twin, beside the core
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Ratio  float64 `json:"ratio"`
		Colour string  `json:"colour"`
	}
	if err := json.Unmarshal(data, &cases); err != nil || len(cases) < 4 {
		t.Fatalf("cases %v: %v", cases, err)
	}
	for _, c := range cases {
		if got := suppliers.AvailabilityColour(c.Ratio); got != c.Colour {
			t.Errorf("AvailabilityColour(%v) = %s, want %s", c.Ratio, got, c.Colour)
		}
	}
}

// supplierWorld is a booking of department A1 with day ("Camera Operator (Steadicam)", 09-17)
// and night (22-06) placements on 2 to 5 November 2026 (London is on UTC then), another booking
// on 2, 3, 4 and 6 November, and hireable users whose instructions and dates make each case.
type supplierWorld struct {
	booking, other   bookingstest.Booking
	jobTemplate      int64
	dayTemplate      int64
	day, night       map[string]int64 // date → placement of the booking
	otherDay, otherN map[string]int64 // date → placement of the other booking
	users            map[string]int64 // first name → id
}

func buildSupplierWorld(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) supplierWorld {
	t.Helper()
	jt := orgtest.JobTemplate(t, db, w.DeptA1)
	databasetest.Exec(t, db, `UPDATE job_templates SET title = 'Cup Final - Outside Broadcast' WHERE id = ?`, jt)
	databasetest.Exec(t, db, `UPDATE placement_templates SET title = 'Camera Operator (Steadicam)' WHERE job_template_id = ? AND position = 0`, jt)
	sw := supplierWorld{jobTemplate: jt, day: map[string]int64{}, night: map[string]int64{}, otherDay: map[string]int64{},
		otherN: map[string]int64{}, users: map[string]int64{}}
	sw.dayTemplate = databasetest.Get[int64](t, db, `SELECT id FROM placement_templates WHERE job_template_id = ? AND position = 0`, jt)
	create := func(dates []string, b *bookingstest.Booking, day, night map[string]int64) {
		*b = bookingstest.Book(t, s, map[string]any{"jobTemplateId": jt, "dates": dates})
		for _, p := range b.Placements {
			if p.Overnight {
				night[p.Date] = p.ID
			} else {
				day[p.Date] = p.ID
			}
		}
	}
	create([]string{"2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"}, &sw.booking, sw.day, sw.night)
	create([]string{"2026-11-02", "2026-11-03", "2026-11-04", "2026-11-06"}, &sw.other, sw.otherDay, sw.otherN)
	for _, name := range []string{"Ada", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jill", "Kit"} {
		status := "active"
		if name == "Eve" {
			status = "inactive" // never activated: not offered
		}
		sw.users[name] = bookingstest.InsertID(t, db, `INSERT INTO users (email, email_lc, first_name, last_name, phone, account_status,
			is_freelancer, created_at, updated_at) VALUES (?, ?, ?, 'Test', '07700 900123', ?, TRUE, ?, ?) RETURNING id`,
			name+"@suppliers.test", strings.ToLower(name)+"@suppliers.test", name, status, time.Now().UTC(), time.Now().UTC())
		orgtest.LinkDepartment(t, db, sw.users[name], w.DeptA1, name != "Kit", false, false) // Kit cannot be hired
	}
	u := sw.users
	// Ada: free, but unavailable the day before the selection.
	bookingstest.MarkUnavailable(t, db, u["Ada"], "2026-11-01")
	// Ben: accepted elsewhere over day 3 and the day after, and over the night of the 2nd.
	supInstruct(t, db, sw.other.ID, sw.otherDay["2026-11-03"], u["Ben"], "accepted", "awaiting_response", false)
	supInstruct(t, db, sw.other.ID, sw.otherDay["2026-11-06"], u["Ben"], "accepted", "accepted", false)
	supInstruct(t, db, sw.other.ID, sw.otherN["2026-11-02"], u["Ben"], "accepted", "awaiting_response", false)
	// Cat: unavailable on the 2nd and the 4th.
	bookingstest.MarkUnavailable(t, db, u["Cat"], "2026-11-02", "2026-11-04")
	// Dan: only instructions that hold no time (rejected, cancelled by the client, deleted), and the job title.
	supInstruct(t, db, sw.other.ID, sw.otherDay["2026-11-03"], u["Dan"], "rejected", "awaiting_response", false)
	supInstruct(t, db, sw.other.ID, sw.otherDay["2026-11-04"], u["Dan"], "accepted", "cancelled", false)
	supInstruct(t, db, sw.other.ID, sw.otherDay["2026-11-02"], u["Dan"], "accepted", "accepted", true)
	supInstruct(t, db, sw.other.ID, sw.otherDay["2026-11-06"], u["Dan"], "awaiting_response", "rejected", false)
	supTag(t, db, u["Dan"], "Camera Operator", "job_title")
	supTag(t, db, u["Dan"], "Steadicam", "skills")
	supTag(t, db, u["Dan"], "Outside broadcast", "skills")
	supTag(t, db, u["Dan"], "Sony FX9", "skills")
	supTag(t, db, u["Ada"], "Camera Assistant", "job_title")
	// Fay: preferred, but invited elsewhere on days 2, 3 and 4.
	bookingstest.InsertID(t, db, `INSERT INTO job_template_preferred_users (job_template_id, user_id, created_at) VALUES (?, ?, ?) RETURNING user_id`,
		jt, u["Fay"], time.Now().UTC())
	for _, d := range []string{"2026-11-02", "2026-11-03", "2026-11-04"} {
		supInstruct(t, db, sw.other.ID, sw.otherDay[d], u["Fay"], "awaiting_response", "awaiting_response", false)
	}
	// Gus invited in the booking's day 2 (and accepted on day 4), Hal accepted, Jill rejected in day 2; Ivy in the night only, and deleted from day 3.
	supInstruct(t, db, sw.booking.ID, sw.day["2026-11-02"], u["Gus"], "awaiting_response", "awaiting_response", false)
	supInstruct(t, db, sw.booking.ID, sw.day["2026-11-04"], u["Gus"], "accepted", "awaiting_response", false)
	supInstruct(t, db, sw.booking.ID, sw.day["2026-11-02"], u["Hal"], "accepted", "accepted", false)
	supInstruct(t, db, sw.booking.ID, sw.night["2026-11-05"], u["Hal"], "accepted", "accepted", false)
	supInstruct(t, db, sw.booking.ID, sw.night["2026-11-02"], u["Ivy"], "awaiting_response", "awaiting_response", false)
	supInstruct(t, db, sw.booking.ID, sw.day["2026-11-03"], u["Ivy"], "awaiting_response", "awaiting_response", true)
	supInstruct(t, db, sw.booking.ID, sw.day["2026-11-02"], u["Jill"], "rejected", "awaiting_response", false)
	return sw
}

func TestAvailableSuppliers(t *testing.T) {
	bookingstest.WithScene(t, buildSupplierWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sw supplierWorld) {
		path := fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers", sw.booking.ID, sw.dayTemplate)

		var all suppliers.AvailableSuppliersList
		s.As(apptest.DeptMgr).Do("GET", path, nil).Want(200).Decode(&all)
		if all.PlacementCount != 4 {
			t.Fatalf("placementCount %d, want the 4 day placements", all.PlacementCount)
		}
		var order []string
		rows := map[string]suppliers.AvailableSupplier{}
		for _, it := range all.Items {
			order = append(order, it.User.FirstName)
			rows[it.User.FirstName] = it
		}
		// Preferred first; then availability; the job title; adjacent days; the name.
		if got, want := strings.Join(order, ","), "Fay,Dan,Gus,Hal,Ivy,Jill,Ada,Ben,Cat"; got != want {
			t.Fatalf("ranking %s, want %s (inactive Eve and unhireable Kit left out)", got, want)
		}
		type want struct {
			availability, adjacent, global float64
			colour                         string
			free                           int
			instructed, invited            bool
		}
		for name, w := range map[string]want{
			"Ada":  {1, 0.5, 1, "green", 4, false, false},
			"Ben":  {0.75, 0.5, 0.75, "yellow", 3, false, false},
			"Cat":  {0.5, 1, 0.5, "yellow", 2, false, false},
			"Dan":  {1, 1, 1, "green", 4, false, false},
			"Fay":  {0.25, 1, 0.625, "red", 1, false, false},
			"Gus":  {1, 1, 1, "green", 4, true, true},
			"Hal":  {1, 1, 1, "green", 4, true, false},
			"Ivy":  {1, 1, 1, "green", 4, false, false},
			"Jill": {1, 1, 1, "green", 4, true, false},
		} {
			r := rows[name]
			got := want{r.Availability, r.AdjacentAvailability, r.GlobalAvailabilityRatio, r.AvailabilityColour,
				len(r.PlacementIDs), r.AlreadyInstructed, r.AlreadyInvited}
			if got != w || r.TotalPlacements != 4 {
				t.Errorf("%s: got %+v, want %+v (total %d)", name, got, w, r.TotalPlacements)
			}
		}
		if ben := rows["Ben"]; fmt.Sprint(ben.PlacementIDs) != fmt.Sprint([]int64{sw.day["2026-11-02"], sw.day["2026-11-04"], sw.day["2026-11-05"]}) {
			t.Errorf("Ben is free for %v", ben.PlacementIDs)
		}
		dan := rows["Dan"]
		if !dan.MatchedJobTitle || strings.Join(dan.MatchedSkills, ",") != "Outside broadcast,Steadicam" ||
			len(dan.MatchedSystemsExperience) != 0 || !rows["Fay"].PreferredUser || dan.PreferredUser {
			t.Errorf("Dan's matches %+v", dan)
		}
		if ada := rows["Ada"]; ada.MatchedJobTitle || ada.MatchedSkills == nil || ada.User.FullName != "Ada Test" ||
			ada.User.Phone != "07700 900123" || ada.User.Email != "Ada@suppliers.test" {
			t.Errorf("Ada %+v", ada)
		}

		// An explicit selection: days 2 and 3, so the adjacent days are the 1st and the 4th.
		var two suppliers.AvailableSuppliersList
		s.As(apptest.Manager).Do("GET", path+supQuery(sw.day["2026-11-02"], sw.day["2026-11-03"]), nil).Want(200).Decode(&two)
		picked := map[string]suppliers.AvailableSupplier{}
		for _, it := range two.Items {
			picked[it.User.FirstName] = it
		}
		if two.PlacementCount != 2 || picked["Ben"].Availability != 0.5 || picked["Cat"].Availability != 0.5 ||
			picked["Cat"].AdjacentAvailability != 0.5 || picked["Fay"].Availability != 0 || picked["Fay"].AdjacentAvailability != 0.5 ||
			picked["Ivy"].AlreadyInstructed || picked["Fay"].AvailabilityColour != "red" ||
			picked["Gus"].AdjacentAvailability != 0.5 || picked["Gus"].Availability != 1 {
			t.Errorf("two days: %+v", picked)
		}

		// A booking on two distant days reads the held time around each: Ben is busy on the
		// 3rd (as above), Cat on the 20th through a third booking.
		sparse := bookingstest.Book(t, s, map[string]any{"jobTemplateId": sw.jobTemplate, "dates": []string{"2026-11-03", "2026-11-20"}})
		far := bookingstest.Book(t, s, map[string]any{"jobTemplateId": sw.jobTemplate, "dates": []string{"2026-11-20"}})
		for _, p := range far.Placements {
			if !p.Overnight {
				supInstruct(t, db, far.ID, p.ID, sw.users["Cat"], "accepted", "accepted", false)
			}
		}
		var spread suppliers.AvailableSuppliersList
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers",
			sparse.ID, sw.dayTemplate), nil).Want(200).Decode(&spread)
		got := map[string]float64{}
		for _, it := range spread.Items {
			got[it.User.FirstName] = it.Availability
		}
		if spread.PlacementCount != 2 || got["Ben"] != 0.5 || got["Cat"] != 0.5 || got["Ada"] != 1 {
			t.Errorf("two distant days: %v", got)
		}
	})
}

func TestAvailableSuppliersRefusals(t *testing.T) {
	bookingstest.WithScene(t, buildSupplierWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sw supplierWorld) {
		path := fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers", sw.booking.ID, sw.dayTemplate)
		// Staff who may view the department but not manage it are refused; others do not learn it exists.
		orgtest.LinkDepartment(t, db, w.Users["staff"], w.DeptA1, false, false, true)
		s.As(apptest.Staff).Do("GET", path, nil).WantError(403, "A-102")
		s.As(apptest.Freelancer).Do("GET", path, nil).WantError(404, "N-404")
		s.As(apptest.Anonymous).Do("GET", path, nil).Want(401)
		s.As(apptest.Admin).Do("GET", path, nil).Want(200)

		for name, ids := range map[string][]int64{
			"another template":  {sw.day["2026-11-02"], sw.night["2026-11-02"]},
			"another booking":   {sw.otherDay["2026-11-02"]},
			"no such placement": {99999999},
		} {
			r := s.As(apptest.DeptMgr).Do("GET", path+supQuery(ids...), nil).WantError(422, "V-422")
			msg := suppliers.MsgSelectionNotLive
			if name == "another template" {
				msg = suppliers.MsgSinglePlacementType
			}
			if !strings.Contains(string(r.Body), msg) || !strings.Contains(string(r.Body), "placementIds") {
				t.Errorf("%s: %s", name, r.Body)
			}
		}
		bookingstest.InsertID(t, db, `UPDATE placements SET deleted_at = ? WHERE id = ? RETURNING id`, time.Now().UTC(), sw.day["2026-11-05"])
		s.As(apptest.DeptMgr).Do("GET", path+supQuery(sw.day["2026-11-05"]), nil).WantError(422, "V-422")
		var list suppliers.AvailableSuppliersList
		s.As(apptest.DeptMgr).Do("GET", path, nil).Want(200).Decode(&list)
		if list.PlacementCount != 3 {
			t.Errorf("after deleting a placement the default selection has %d", list.PlacementCount)
		}
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers", sw.booking.ID, 99999999),
			nil).WantError(404, "N-404")
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers", 99999999, sw.dayTemplate),
			nil).WantError(404, "N-404")
	})
}

func supQuery(ids ...int64) string {
	v := url.Values{}
	for _, id := range ids {
		v.Add("placementIds", fmt.Sprint(id))
	}
	return "?" + v.Encode()
}

func supInstruct(t *testing.T, db *database.DB, booking, placement, user int64, supplier, client string, deleted bool) {
	t.Helper()
	var deletedAt any
	if deleted {
		deletedAt = time.Now().UTC()
	}
	bookingstest.InsertID(t, db, `INSERT INTO instructions (placement_id, booking_id, user_id, supplier_status, client_status, deleted_at,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		placement, booking, user, supplier, client, deletedAt, time.Now().UTC(), time.Now().UTC())
}

// supTag gives user the global tag name of category, creating it on first use.
func supTag(t *testing.T, db *database.DB, user int64, name, category string) {
	t.Helper()
	var id int64
	err := db.Get(context.Background(), &id, `SELECT id FROM tags WHERE name_lc = ? AND category = ?`, strings.ToLower(name), category)
	if err != nil {
		id = orgtest.Tag(t, db, name, category, 0)
	}
	bookingstest.InsertID(t, db, `INSERT INTO user_tags (user_id, tag_id) VALUES (?, ?) RETURNING user_id`, user, id)
}
