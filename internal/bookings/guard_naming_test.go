package bookings_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/suppliers"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search"
)

// The guard's messages name a job only to whom may see its booking (access.CanSeeBooking): the
// freelancer whose work it is, its client's managers, administrators. Anyone else reads the same
// sentence with "other work (busy)" and the times.

// namingScene: Beta Television (client B, Drama) has booked the demo freelancer as "Saturday
// Highlights" (Camera Operator, 09:00-17:00) from Monday 1 to Saturday 6 March 2027, and the
// freelancer accepted every day. Staff manages Beta (its own client's manager). Alpha's manager,
// who may see every freelancer, links the freelancer to their own department over HTTP: the
// attack's first step.
type namingScene struct {
	freelancer int64
	beta       orgtest.Booked
	alphaJT    int64 // Alpha's "Sunday Service" (Crew, 09:00-17:00)
}

// The sentences the scene's work gives, named and not.
const (
	betaJob        = "Saturday Highlights (Camera Operator)"
	weeklyNamed    = "This would be 7 days in a row without 24 hours off, with " + betaJob + " on Mon 1 Mar"
	weeklyUnnamed  = "This would be 7 days in a row without 24 hours off, with other work (busy) on Mon 1 Mar"
	bookedNamed    = "booked at an overlapping time: " + betaJob + ", Wed 3 Mar 09:00–17:00."
	bookedUnnamed  = "booked at an overlapping time: other work (busy), Wed 3 Mar 09:00–17:00."
	betaJobStrayed = "Saturday Highlights"
)

func buildNamingScene(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) namingScene {
	t.Helper()
	bookingstest.ClockAt(db, bookingstest.WorkingTimeStart)
	sc := namingScene{freelancer: w.Users["freelancer"]}
	orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
	betaJT := orgtest.JobTemplateOf(t, db, w.DeptB1, "Saturday Highlights", orgtest.Shift{Title: "Camera Operator", Start: "09:00", End: "17:00"})
	sc.beta = orgtest.Book(t, s, apptest.Admin, betaJT, []string{"2027-03-01", "2027-03-02", "2027-03-03", "2027-03-04",
		"2027-03-05", "2027-03-06"}, sc.freelancer)
	ids := []int64{}
	for n := range sc.beta.Placements {
		ids = append(ids, sc.beta.Instruction(t, n, sc.freelancer))
	}
	bookingstest.Accept(s, apptest.Freelancer, ids...).Want(200)
	s.As(apptest.Manager).Do("POST", "/associations/user-department-refs", map[string]any{"userId": sc.freelancer,
		"departmentId": w.DeptA1, "canHire": true, "canManage": false, "canSelect": false}).Want(201)
	sc.alphaJT = orgtest.JobTemplateOf(t, db, w.DeptA1, "Sunday Service", orgtest.Shift{Title: "Crew", Start: "09:00", End: "17:00"})
	return sc
}

// suppliersAs lists the available suppliers of b's first placement template as role, answering
// the scene's freelancer's row.
func (sc namingScene) suppliersAs(t *testing.T, s *apptest.Server, db *database.DB, role string, b bookingstest.Booking) suppliers.AvailableSupplier {
	t.Helper()
	template := placementTemplateOf(t, db, b.Placements[0].ID)
	var list suppliers.AvailableSuppliersList
	s.As(role).Do("GET", fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers", b.ID, template), nil).
		Want(200).Decode(&list)
	for _, it := range list.Items {
		if it.User.ID == sc.freelancer {
			return it
		}
	}
	t.Fatalf("the freelancer is not among %s's available suppliers", role)
	return suppliers.AvailableSupplier{}
}

// searchMarkAs runs the advanced search with a date range as role and answers the freelancer's
// rest mark.
func (sc namingScene) searchMarkAs(t *testing.T, s *apptest.Server, role, date string) string {
	t.Helper()
	var out struct{ Data []search.Result }
	s.As(role).Do("POST", "/search", map[string]any{"data": map[string]any{"startDate": date, "endDate": date}}).
		Want(200).Decode(&out)
	for _, r := range out.Data {
		if r.ID == sc.freelancer {
			return r.RestWarning
		}
	}
	t.Fatalf("the freelancer is not among %s's search results", role)
	return ""
}

// grantAs grants the freelancer every placement of b as role and answers the refusals.
func (sc namingScene) grantAs(t *testing.T, s *apptest.Server, role string, b bookingstest.Booking) []bookings.Refusal {
	t.Helper()
	var res bookings.GrantResult
	s.As(role).Do("POST", fmt.Sprintf("/placement/%d/grant", b.Placements[0].ID), map[string]any{
		"userIds": []int64{sc.freelancer}, "placementIds": b.PlacementIDs()}).Want(200).Decode(&res)
	return res.Refused
}

func placementTemplateOf(t *testing.T, db *database.DB, placement int64) int64 {
	t.Helper()
	var id int64
	if err := db.Get(t.Context(), &id, `SELECT placement_template_id FROM placements WHERE id = ?`, placement); err != nil {
		t.Fatal(err)
	}
	return id
}

// wantNamed fails unless got contains want and, when the job must stay hidden, does not name it.
func wantNamed(t *testing.T, what, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Errorf("%s: %q, want it to contain %q", what, got, want)
	}
	if !strings.Contains(want, betaJobStrayed) && strings.Contains(got, betaJobStrayed) {
		t.Errorf("%s names another client's job: %q", what, got)
	}
}

// The attack: Alpha's manager asks, on Sunday the 7th, for available suppliers, searches with
// the date and grants a pre-confirmed booking. Each answer says the freelancer would work 7 days
// in a row, with "other work (busy)": never Beta's title. Administrators and Beta's own manager
// read the job's name.
func TestAttack_RestWarningsNameNoOtherClientsJob(t *testing.T) {
	bookingstest.WithScene(t, buildNamingScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc namingScene) {
		sunday := bookingstest.Book(t, s, map[string]any{"jobTemplateId": sc.alphaJT, "dates": []string{"2027-03-07"}})
		wantNamed(t, "suppliers as Alpha's manager", sc.suppliersAs(t, s, db, apptest.Manager, sunday).RestWarning, weeklyUnnamed)
		wantNamed(t, "suppliers as Alpha's department manager", sc.suppliersAs(t, s, db, apptest.DeptMgr, sunday).RestWarning, weeklyUnnamed)
		wantNamed(t, "suppliers as an administrator", sc.suppliersAs(t, s, db, apptest.Admin, sunday).RestWarning, weeklyNamed)

		wantNamed(t, "search as Alpha's manager", sc.searchMarkAs(t, s, apptest.Manager, "2027-03-07"), weeklyUnnamed)
		wantNamed(t, "search as Alpha's department manager", sc.searchMarkAs(t, s, apptest.DeptMgr, "2027-03-07"), weeklyUnnamed)
		wantNamed(t, "search as Beta's manager", sc.searchMarkAs(t, s, apptest.Staff, "2027-03-07"), weeklyNamed)

		confirmed := bookingstest.Book(t, s, map[string]any{"jobTemplateId": sc.alphaJT, "dates": []string{"2027-03-07"}, "type": "pre_confirmed"})
		refused := sc.grantAs(t, s, apptest.Manager, confirmed)
		if len(refused) != 1 {
			t.Fatalf("pre-confirmed grant refusals %+v", refused)
		}
		wantNamed(t, "pre-confirmed grant as Alpha's manager", refused[0].Reason, weeklyUnnamed)
		refused = sc.grantAs(t, s, apptest.Admin, confirmed)
		if len(refused) != 1 {
			t.Fatalf("pre-confirmed grant refusals %+v", refused)
		}
		wantNamed(t, "pre-confirmed grant as an administrator", refused[0].Reason, weeklyNamed)

		// The freelancer, offered Sunday, reads their own job's name when the accept is refused.
		sc.grantAs(t, s, apptest.Manager, sunday)
		res := bookingstest.Accept(s, apptest.Freelancer, bookingstest.InstructionID(t, db, sunday.Placements[0].ID, sc.freelancer))
		res.WantError(409, "C-409")
		wantNamed(t, "the freelancer's accept", bookingstest.ErrorText(t, res), weeklyNamed)
	})
}

// An offer to a freelancer already booked at the time is refused up front, naming the times and
// pointing to a pencil; the job is named only to whom may see it. Available suppliers count that
// placement as not available and say why.
func TestOfferToABookedFreelancerIsRefusedNamingTheTimes(t *testing.T) {
	bookingstest.WithScene(t, buildNamingScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc namingScene) {
		// Wednesday the 3rd overlaps Beta's work; Monday the 8th is free.
		midweek := bookingstest.Book(t, s, map[string]any{"jobTemplateId": orgtest.JobTemplateOf(t, db, w.DeptA1, "Midweek Match",
			orgtest.Shift{Title: "Crew", Start: "12:00", End: "20:00"}), "dates": []string{"2027-03-03", "2027-03-08"}})
		wednesday, monday := midweek.Placements[0].ID, midweek.Placements[1].ID

		row := sc.suppliersAs(t, s, db, apptest.Manager, midweek)
		if row.Availability != 0.5 || len(row.PlacementIDs) != 1 || row.PlacementIDs[0] != monday ||
			len(row.BookedPlacementIDs) != 1 || row.BookedPlacementIDs[0] != wednesday {
			t.Fatalf("the booked freelancer's row %+v", row)
		}
		wantNamed(t, "booked mark as Alpha's manager", row.BookedWarning, "Already "+bookedUnnamed)
		wantNamed(t, "booked mark as an administrator", sc.suppliersAs(t, s, db, apptest.Admin, midweek).BookedWarning,
			"Already "+bookedNamed)

		refused := sc.grantAs(t, s, apptest.Manager, midweek)
		if len(refused) != 1 || refused[0].PlacementID != wednesday {
			t.Fatalf("grant refusals %+v", refused)
		}
		wantNamed(t, "offer refused to Alpha's manager", refused[0].Reason, "This freelancer is already "+bookedUnnamed+" "+commitment.MsgPencilInstead)
		if n := bookingstest.LiveInstructionsOf(t, db, sc.freelancer); n != 6+1 {
			t.Errorf("the freelancer holds %d live instructions, want Beta's 6 and Monday's offer", n)
		}
		// A pencil is the way to ask for someone booked: it is placed.
		var res bookings.GrantResult
		s.As(apptest.Manager).Do("POST", fmt.Sprintf("/placement/%d/grant", wednesday), map[string]any{
			"userIds": []int64{sc.freelancer}, "placementIds": []int64{wednesday}, "kind": "hold"}).Want(200).Decode(&res)
		if res.Inserted != 1 || len(res.Refused) != 0 {
			t.Fatalf("pencil %+v", res)
		}
		// Confirming it is refused; the freelancer is spoken to and reads their job's name.
		hold := bookingstest.InstructionID(t, db, wednesday, sc.freelancer)
		res2 := s.As(apptest.Freelancer).Do("POST", bookingstest.HoldPath(hold, "confirm"), nil)
		res2.WantError(409, "C-409")
		wantNamed(t, "the freelancer's confirm", bookingstest.ErrorText(t, res2), "You are already "+bookedNamed)
		res2 = s.As(apptest.Manager).Do("POST", bookingstest.HoldPath(hold, "confirm"), nil)
		res2.WantError(409, "C-409")
		wantNamed(t, "Alpha's manager's confirm", bookingstest.ErrorText(t, res2), "This freelancer is already "+bookedUnnamed)
	})
}

// An offer made before the freelancer was booked elsewhere can no longer be accepted: the
// refusal speaks to the freelancer and names their clashing job.
func TestAcceptRefusedForAnOverlapSpeaksToTheFreelancer(t *testing.T) {
	bookingstest.WithScene(t, buildNamingScene, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc namingScene) {
		late := orgtest.JobTemplateOf(t, db, w.DeptA1, "Late Show", orgtest.Shift{Title: "Crew", Start: "10:00", End: "18:00"})
		first := orgtest.Book(t, s, apptest.DeptMgr, late, []string{"2027-03-10"}, sc.freelancer)
		second := bookingstest.Book(t, s, map[string]any{"jobTemplateId": sc.alphaJT, "dates": []string{"2027-03-10"}})
		if refused := sc.grantAs(t, s, apptest.DeptMgr, second); len(refused) != 0 {
			t.Fatalf("an offer beside another open offer was refused: %+v", refused)
		}
		bookingstest.Accept(s, apptest.Freelancer, first.Instruction(t, 0, sc.freelancer)).Want(200)
		res := bookingstest.Accept(s, apptest.Freelancer, bookingstest.InstructionID(t, db, second.Placements[0].ID, sc.freelancer))
		res.WantError(409, "C-409")
		if got, want := bookingstest.ErrorText(t, res), "You are already booked at an overlapping time: Late Show (Crew), Wed 10 Mar 10:00–18:00."; got != want {
			t.Errorf("accept refusal %q, want %q", got, want)
		}
	})
}

// An offer in turn passes over a candidate booked at the time, as a grant refuses them.
func TestWaterfall_SkipsAFreelancerBookedAtTheTime(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.WaterfallWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sc bookingstest.WaterfallScene) {
		u := sc.Users
		other := orgtest.JobTemplateOf(t, db, w.DeptA1, "Early Game", orgtest.Shift{Title: "Sound", Start: "10:00", End: "14:00"})
		booked := orgtest.Book(t, s, apptest.DeptMgr, other, []string{"2027-03-06"}, u[0])
		bookingstest.AnswerAsSupplier(t, s, db, booked.Placements[0].ID, u[0], "accepted")
		v := sc.Start(t, s, 1, 1, u[0], u[1])
		bookingstest.WantStates(t, v, "running", "skipped", "offered")
	})
}
