package bookingstest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/bookings/waterfall"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
)

// The scenes the tests of several bookings packages share: a booked world, the substitution
// world, the waterfall scene, and the steps on holds and answer-by deadlines they take.

// BookedWorld creates a booking of two dates in DeptA1 (four placements) with the freelancer
// granted to every placement and accepted on the first, read back as the administrator sees it.
func BookedWorld(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) Booking {
	t.Helper()
	b := Book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplate(t, db, w.DeptA1),
		"dates": []string{"2027-03-01", "2027-03-02"}})
	orgtest.Hire(t, db, w.DeptA1, w.Users["freelancer"])
	GrantEvery(t, s, w.Users["freelancer"], b.PlacementIDs()...)
	first := BookingAs(t, s, apptest.Admin, b.ID).Placements[0].Instructions[0]
	s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
		[]map[string]any{{"id": first.ID, "supplierStatus": "accepted"}}).Want(200)
	return BookingAs(t, s, apptest.Admin, b.ID)
}

// SubDate is the date of the SubWorld's bookings.
const SubDate = "2026-12-10"

// SubWorld is a substitution-allowed booking (day and night placement on SubDate), a booking
// that does not allow it on the same date, and freelancers in every situation the candidate
// rule separates. Users are by last name.
type SubWorld struct {
	Day, Night           int64 // placements of the substitution-allowed booking
	OtherDay, OtherNight int64 // placements of the other booking
	Incumbent            int64 // freelancer@'s accepted instruction on Day
	Users                map[string]int64
}

// BuildSubWorld makes the SubWorld in world w.
func BuildSubWorld(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) SubWorld {
	t.Helper()
	jt := orgtest.JobTemplate(t, db, w.DeptA1)
	sw := SubWorld{Users: map[string]int64{"Reid": w.Users["freelancer"]}}
	orgtest.Hire(t, db, w.DeptA1, sw.Users["Reid"])
	sw.Day, sw.Night = SubBook(t, s, jt, true)
	sw.OtherDay, sw.OtherNight = SubBook(t, s, jt, false)
	for _, name := range []string{"Able", "Baker", "Carter", "Dunn", "Evans", "Fox", "Gray", "Hill", "Irwin", "Jones", "King"} {
		id := InsertID(t, db, `INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer, created_at, updated_at)
			VALUES (?, ?, ?, ?, TRUE, ?, ?) RETURNING id`, name+"@sub.test", strings.ToLower(name)+"@sub.test", "A", name)
		sw.Users[name] = id
		orgtest.LinkDepartment(t, db, id, w.DeptA1, name != "Irwin", false, false) // Irwin may not be hired
	}
	InsertID(t, db, `UPDATE users SET account_status = 'inactive' WHERE id = ? RETURNING id`, sw.Users["Jones"])
	MarkUnavailable(t, db, sw.Users["Gray"], SubDate)

	// VAT: Reid and Able through their preferred supplier (registered); Baker through the one
	// supplier entity he manages (not registered); Carter has none.
	registered := SubSupplier(t, db, "Able Crew", true)
	InsertID(t, db, `UPDATE users SET preferred_supplier_id = ? WHERE id IN (?, ?) RETURNING id`, registered,
		sw.Users["Reid"], sw.Users["Able"])
	orgtest.LinkEntity(t, db, sw.Users["Baker"], SubSupplier(t, db, "Baker Sound", false), true, true)

	// Work elsewhere: Dunn accepted and Evans awaiting on the overlapping day shift, Fox's there
	// rejected, King accepted on the night shift only; Hill already holds an instruction on Day.
	Grant(t, s, sw.OtherDay, sw.Users["Dunn"], sw.Users["Evans"], sw.Users["Fox"])
	Grant(t, s, sw.OtherNight, sw.Users["King"])
	AnswerAsSupplier(t, s, db, sw.OtherDay, sw.Users["Dunn"], "accepted")
	AnswerAsSupplier(t, s, db, sw.OtherDay, sw.Users["Fox"], "rejected")
	AnswerAsSupplier(t, s, db, sw.OtherNight, sw.Users["King"], "accepted")
	Grant(t, s, sw.Day, sw.Users["Reid"], sw.Users["Hill"])
	s.As(apptest.Freelancer).Do("PATCH", "/instruction/status", []map[string]any{
		{"id": InstructionID(t, db, sw.Day, sw.Users["Reid"]), "supplierStatus": "accepted"}}).Want(200)
	sw.Incumbent = InstructionID(t, db, sw.Day, sw.Users["Reid"])
	return sw
}

// SubBook creates a booking of jt on SubDate as the department manager and returns its day and
// night placements.
func SubBook(t *testing.T, s *apptest.Server, jt int64, substitution bool) (day, night int64) {
	t.Helper()
	b := Book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{SubDate}, "substitutionAllowed": substitution})
	return b.Placements[0].ID, b.Placements[1].ID
}

// SubSupplier inserts a supplier entity whose preferred legal entity is (or is not) VAT registered.
func SubSupplier(t *testing.T, db *database.DB, name string, vat bool) int64 {
	t.Helper()
	legal := orgtest.LegalEntity(t, db, name+" Ltd")
	InsertID(t, db, `UPDATE legal_entities SET vat_registered = ? WHERE id = ? RETURNING id`, vat, legal)
	entity := orgtest.Entity(t, db, name, "supplier")
	orgtest.LinkLegal(t, db, entity, legal)
	InsertID(t, db, `UPDATE entities SET preferred_legal_entity_id = ? WHERE id = ? RETURNING id`, legal, entity)
	return entity
}

// WaterfallScene is a booking of one placement in department A1 and n freelancers it may hire,
// in rank order.
type WaterfallScene struct {
	Booking, Placement int64
	Users              []int64
	Clk                *clock.Settable
}

// WaterfallStart is where the waterfall tests' clock stands, five days before their placement.
var WaterfallStart = time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)

// WaterfallWorld builds the scene with six freelancers.
func WaterfallWorld(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) WaterfallScene {
	clk := ClockAt(db, WaterfallStart)
	jt := orgtest.JobTemplateOf(t, db, w.DeptA1, "Match", orgtest.Shift{Title: "Sound assistant", Start: "12:00", End: "20:00"})
	b := Book(t, s, map[string]any{"jobTemplateId": jt, "dates": []string{"2027-03-06"}})
	sc := WaterfallScene{Booking: b.ID, Placement: b.Placements[0].ID, Clk: clk}
	for i := range 6 {
		sc.Users = append(sc.Users, orgtest.Freelancer(t, db, fmt.Sprintf("assistant%d@hive.test", i+1), fmt.Sprintf("Assistant%d", i+1)))
	}
	orgtest.Hire(t, db, w.DeptA1, sc.Users...)
	return sc
}

// Start starts a waterfall of the scene's placement to users as the department's manager.
func (sc WaterfallScene) Start(t *testing.T, s *apptest.Server, places, open int, users ...int64) waterfall.WaterfallView {
	t.Helper()
	var v waterfall.WaterfallView
	s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/booking/%d/waterfall", sc.Booking), sc.Body(places, open, users)).Want(201).Decode(&v)
	return v
}

// Body is the request that starts a waterfall of the scene's placement.
func (sc WaterfallScene) Body(places, open int, users []int64) map[string]any {
	return map[string]any{"placementIds": []int64{sc.Placement}, "userIds": users, "places": places,
		"openAtOnce": open, "offerLifetimeMinutes": 240}
}

// WaterfallOf reads waterfall id of the scene's booking as the department's manager.
func (sc WaterfallScene) WaterfallOf(t *testing.T, s *apptest.Server, id int64) waterfall.WaterfallView {
	t.Helper()
	var l waterfall.WaterfallList
	s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/booking/%d/waterfalls", sc.Booking), nil).Want(200).Decode(&l)
	for _, w := range l.Items {
		if w.ID == id {
			return w
		}
	}
	t.Fatalf("no waterfall %d in %+v", id, l.Items)
	return waterfall.WaterfallView{}
}

// States lists the candidates' states in rank order.
func States(v waterfall.WaterfallView) []string {
	out := []string{}
	for _, c := range v.Candidates {
		out = append(out, c.State)
	}
	return out
}

// WantStates fails unless v is in state with its candidates in the states want, in rank order.
func WantStates(t *testing.T, v waterfall.WaterfallView, state string, want ...string) {
	t.Helper()
	if got := States(v); !slices.Equal(got, want) || v.State != state {
		t.Fatalf("waterfall %s %v, want %s %v", v.State, got, state, want)
	}
}

// ExpireDue runs the expiry sweep and fails on its error.
func ExpireDue(t *testing.T, db *database.DB) int {
	t.Helper()
	n, err := deadlines.ExpireDue(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// HoldPath is the path of operation op (confirm, release, challenge...) on hold id.
func HoldPath(id int64, op string) string { return fmt.Sprintf("/instruction/%d/hold/%s", id, op) }

// WorkingTimeStart is where the working-time tests' clock stands: a month before their shifts.
var WorkingTimeStart = time.Date(2027, 2, 1, 9, 0, 0, 0, time.UTC)

// Accept answers instructions as role on the supplier side.
func Accept(s *apptest.Server, role string, ids ...int64) *apptest.Response {
	items := []map[string]any{}
	for _, id := range ids {
		items = append(items, map[string]any{"id": id, "supplierStatus": "accepted"})
	}
	return s.As(role).Do("PATCH", "/instruction/status", items)
}

// ErrorText is the error message of a refusal.
func ErrorText(t *testing.T, res *apptest.Response) string {
	t.Helper()
	var e struct{ Error string }
	res.Decode(&e)
	return e.Error
}
