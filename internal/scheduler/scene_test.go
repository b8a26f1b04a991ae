package scheduler_test

import (
	"fmt"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// scene is a month of bookings seen differently by each role (dates in May 2027):
//
//	Cup Final (DeptA1, client A): two shifts (09:00-17:00, 22:00-06:00) on 05-03 and 05-04,
//	  Felix (the demo freelancer) and Grace instructed on all four placements:
//	  05-03 day:   Felix green, Grace rejected               → red group
//	  05-03 night: Felix awaiting, Grace cancelled (hidden)  → orange
//	  05-04 day:   Felix rejected, Grace purple              → red
//	  05-04 night: Felix substituted by Grace (green)        → green
//	League Cup (DeptA2, client A; 10-year cancel window): two alike camera placements a day, so
//	  one group of two: 05-05 Grace awaiting on both → orange; 05-06 both placements cancelled
//	  with Grace's instructions (late cancellations)
//	Drama Night (DeptB1, client B): 05-05 Felix purple and Devi (DeptA1's manager, who sees
//	  client B only through this instruction of hers) awaiting → orange
type scene struct {
	w                              orgtest.World
	felix, grace                   int64
	cupFinal, leagueCup, drama     int64 // job templates
	cupBooking, leagueBooking      int64
	dramaBooking                   int64
	felixSubstituted, graceReplace int64 // instruction ids of 05-04 night
}

type summaryBody struct {
	Days []struct {
		Date           string
		Groups         []summaryGroup
		GroupCount     int
		PlacementCount int
	}
	Items *[]gridRow
	Total *int
}

type summaryGroup struct {
	BookingID      int64
	BookingTitle   string
	ClientName     string
	DepartmentID   int64
	PlacementTitle string
	StartTime      string
	EndTime        string
	Overnight      bool
	Deleted        bool
	Colour         string
	PlacementIDs   []int64
	Counts         map[string]int
	Instructions   *[]struct {
		ID               int64
		UserID           int64
		FullName         string
		Colour           string
		SubstitutionOfID *int64
		Substituted      bool
	}
}

type gridRow struct {
	InstructionID      int64
	BookingTitle       string
	Date               string
	Period             []string
	LocalPeriod        struct{ Start, End string }
	UserID             int64
	FullName           string
	SupplierStatus     string
	ClientStatus       string
	Colour             string
	ModifiedAt         string
	CancelledAt        *string
	LateCancellation   bool
	CancellationReason string
	BuyRate            *struct{ Rate float64 }
	SellRate           struct{ Rate float64 }
}

// groups lists a summary's groups as "date title start colour", in order.
func (b summaryBody) groups() []string {
	var out []string
	for _, d := range b.Days {
		for _, g := range d.Groups {
			out = append(out, fmt.Sprintf("%s %s %s %s", d.Date, g.BookingTitle, g.StartTime, g.Colour))
		}
	}
	return out
}

// group finds the group of date starting at start of the booking titled title.
func (b summaryBody) group(t *testing.T, date, title, start string) summaryGroup {
	t.Helper()
	for _, d := range b.Days {
		for _, g := range d.Groups {
			if d.Date == date && g.BookingTitle == title && g.StartTime == start {
				return g
			}
		}
	}
	t.Fatalf("no group %s %s %s in %v", date, title, start, b.groups())
	return summaryGroup{}
}

// dayShift is a placement template 'title' from start to end, selling at 250.00 and buying at
// 200.00 a day.
func dayShift(title, start, end string) orgtest.Shift {
	return orgtest.Shift{Title: title, Start: start, End: end, Sell: 25000, Buy: 20000}
}

func setStatus(t *testing.T, s *apptest.Server, role string, id int64, side, to string) {
	t.Helper()
	item := map[string]any{"id": id, side + "Status": to}
	if to == "cancelled" {
		item["cancellationReason"] = "Client - Placement Not Needed"
	}
	s.As(role).Do("PATCH", "/instruction/status", []map[string]any{item}).Want(200)
}

// sceneEngines runs test once per database engine, on a Hive holding the scene.
func sceneEngines(t *testing.T, test func(t *testing.T, s *apptest.Server, sc scene)) {
	t.Helper()
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		test(t, s, buildScene(t, s, db, w))
	})
}

func buildScene(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) scene {
	t.Helper()
	sc := scene{w: w, felix: w.Users["freelancer"], grace: orgtest.UserID(t, db, "grace.adeyemi@hive.test")}
	sc.cupFinal = orgtest.JobTemplateOf(t, db, w.DeptA1, "Cup Final", dayShift("Day", "09:00", "17:00"), dayShift("Night", "22:00", "06:00"))
	sc.leagueCup = orgtest.JobTemplateOf(t, db, w.DeptA2, "League Cup", dayShift("Camera", "09:00", "17:00"), dayShift("Camera", "09:00", "17:00"))
	sc.drama = orgtest.JobTemplateOf(t, db, w.DeptB1, "Drama Night", dayShift("Drama", "09:00", "17:00"))
	databasetest.Exec(t, db, `UPDATE departments SET cancel_window_days = 3650 WHERE id = ?`, w.DeptA2)

	cup := orgtest.Book(t, s, apptest.DeptMgr, sc.cupFinal, []string{"2027-05-03", "2027-05-04"}, sc.felix, sc.grace)
	sc.cupBooking = cup.ID
	// Placements by start: 0 = 05-03 day, 1 = 05-03 night, 2 = 05-04 day, 3 = 05-04 night.
	setStatus(t, s, apptest.Freelancer, cup.Instruction(t, 0, sc.felix), "supplier", "accepted")
	setStatus(t, s, apptest.DeptMgr, cup.Instruction(t, 0, sc.felix), "client", "accepted")
	setStatus(t, s, apptest.DeptMgr, cup.Instruction(t, 0, sc.grace), "supplier", "rejected")
	setStatus(t, s, apptest.DeptMgr, cup.Instruction(t, 1, sc.grace), "client", "cancelled")
	setStatus(t, s, apptest.Freelancer, cup.Instruction(t, 2, sc.felix), "supplier", "rejected")
	setStatus(t, s, apptest.DeptMgr, cup.Instruction(t, 2, sc.grace), "supplier", "accepted")
	// Grace substitutes Felix on 05-04 night (written directly: this package only reads it).
	sc.felixSubstituted, sc.graceReplace = cup.Instruction(t, 3, sc.felix), cup.Instruction(t, 3, sc.grace)
	databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = 'cancelled', client_status = 'accepted',
		cancellation_reason = 'Substituted' WHERE id = ?`, sc.felixSubstituted)
	databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = 'accepted', client_status = 'accepted', substitution_of_id = ?
		WHERE id = ?`, sc.felixSubstituted, sc.graceReplace)

	league := orgtest.Book(t, s, apptest.Manager, sc.leagueCup, []string{"2027-05-05", "2027-05-06"}, sc.grace)
	sc.leagueBooking = league.ID
	s.As(apptest.Manager).Do("DELETE", "/placements", map[string]any{"ids": []int64{league.Placements[2].ID, league.Placements[3].ID},
		"cancellationReason": "Client - Placement Not Needed"}).Want(200)

	drama := orgtest.Book(t, s, apptest.Admin, sc.drama, []string{"2027-05-05"}, sc.felix)
	sc.dramaBooking = drama.ID
	// Devi (a manager, not a freelancer: no grant may instruct her) holds an instruction in
	// Drama, written directly as a copy of Felix's, so the scene keeps a manager who holds one
	// elsewhere.
	databasetest.Exec(t, db, `INSERT INTO instructions (placement_id, booking_id, user_id, supplier_status, client_status,
		buy_rate_minor, buy_currency, buy_period, sell_rate_minor, sell_currency, sell_period, direct, created_by,
		modified_by, created_at, updated_at) SELECT placement_id, booking_id, ?, supplier_status, client_status,
		buy_rate_minor, buy_currency, buy_period, sell_rate_minor, sell_currency, sell_period, direct, created_by,
		modified_by, created_at, updated_at FROM instructions WHERE id = ?`, w.Users["dept"], drama.Instruction(t, 0, sc.felix))
	setStatus(t, s, apptest.Freelancer, drama.Instruction(t, 0, sc.felix), "supplier", "accepted")
	return sc
}

// summary asks for May 2027 with the extra query as role.
func summary(t *testing.T, s *apptest.Server, role, query string) summaryBody {
	t.Helper()
	var b summaryBody
	s.As(role).Do("GET", "/booking/summary?startDate=2027-05-01&endDate=2027-05-31"+query, nil).Want(200).Decode(&b)
	return b
}
