package agenda

import (
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
)

var allStatuses = []status.Status{status.Awaiting, status.Accepted, status.Rejected, status.Cancelled, status.Unknown}

// The tab rules must be disjoint, or a freelancer's instruction would be counted in two tabs
// while the stats take Archived as the rest.
func TestInstructionRulesAreDisjoint(t *testing.T) {
	for _, s := range allStatuses {
		for _, c := range allStatuses {
			var tabs []Tab
			for _, r := range instructionRules {
				if slices.Contains(r.Supplier, s) && slices.Contains(r.Client, c) {
					tabs = append(tabs, r.Tab)
				}
			}
			if len(tabs) > 1 {
				t.Errorf("supplier %s, client %s is in %v", s, c, tabs)
			}
		}
	}
}

func TestParseTabDefaultsPerView(t *testing.T) {
	if tab, _ := ParseTab("", FreelancerView); tab != Outstanding {
		t.Errorf("freelancer default %s", tab)
	}
	if tab, _ := ParseTab("", ManagerView); tab != AwaitingConfirmation {
		t.Errorf("manager default %s", tab)
	}
	if tab, err := ParseTab("critical", FreelancerView); err != nil || tab != CriticalTab {
		t.Errorf("critical %s %v", tab, err)
	}
	if _, err := ParseTab("everything", ManagerView); err == nil {
		t.Error("unknown tab accepted")
	}
}

func TestViewOf(t *testing.T) {
	principal := func(needs ...auth.Need) *auth.Principal {
		s := auth.NeedSet{}
		s.Add(needs...)
		return &auth.Principal{UserID: 1, Needs: s}
	}
	freelancer := principal(auth.NeedFreelancer)
	both := principal(auth.NeedFreelancer, auth.SelectDepartment(7))
	cases := []struct {
		name string
		p    *auth.Principal
		as   string
		want View
	}{
		{"freelancer", freelancer, "", FreelancerView},
		{"department manager", principal(auth.NeedStaff, auth.ManageDepartment(7), auth.SelectDepartment(7)), "", ManagerView},
		{"administrator", principal(auth.NeedAdmin, auth.NeedStaff), "", ManagerView},
		{"staff without links", principal(auth.NeedStaff), "", ManagerView},
		{"freelancer who views a department", both, "", ManagerView},
		{"the same, asking for their own", both, "freelancer", FreelancerView},
		{"a freelancer asking for the manager's", freelancer, "manager", ManagerView},
		{"an unknown view is the default", freelancer, "boss", FreelancerView},
	}
	for _, c := range cases {
		if got := ViewOf(c.p, c.as); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestAssembleCard(t *testing.T) {
	now := time.Date(2027, 3, 1, 12, 0, 0, 0, time.UTC)
	pf := placementFacts{ID: 9, BookingID: 3, DepartmentID: 7, Title: "Camera", BookingTitle: "Cup Final",
		Timezone: "Europe/London", LocalDate: "2027-03-02", StartTime: "09:00:00", EndTime: "17:00",
		StartAt: time.Date(2027, 3, 2, 9, 0, 0, 0, time.UTC), EndAt: time.Date(2027, 3, 2, 17, 0, 0, 0, time.UTC)}
	row := func(id, user int64, s, c status.Status) AgendaInstruction {
		return AgendaInstruction{InstructionView: bookings.InstructionView{ID: id, UserID: user,
			SupplierStatus: string(s), ClientStatus: string(c)}}
	}
	manager := &auth.Principal{UserID: 50, Needs: auth.NeedSet{auth.SelectDepartment(7): {}}}
	freelancer := &auth.Principal{UserID: 60, Needs: auth.NeedSet{auth.NeedFreelancer: {}}}

	// An offer cancelled earlier neither colours the card nor is listed (placement group display).
	c := assembleCard(pf, []AgendaInstruction{row(1, 60, status.Cancelled, status.Accepted), row(2, 61, status.Awaiting, status.Awaiting)},
		Query{View: ManagerView}, CallerOf(manager), now)
	if c.Colour != status.Orange || !c.CanOpen || !c.IsCritical || c.Unassigned {
		t.Errorf("manager's card %+v", c)
	}
	// Each row's isCritical is its view's (bookings.InstructionViewOf), tested there.
	if len(c.Instructions) != 1 || c.Instructions[0].ID != 2 || c.Instructions[0].Colour != status.Orange {
		t.Errorf("rows %+v", c.Instructions)
	}
	healthy := assembleCard(pf, []AgendaInstruction{row(1, 60, status.Accepted, status.Cancelled), row(2, 61, status.Accepted, status.Accepted)},
		Query{View: ManagerView}, CallerOf(manager), now)
	if healthy.Colour != status.Green || len(healthy.Instructions) != 1 || healthy.Instructions[0].ID != 2 {
		t.Errorf("an accepted placement with an earlier cancelled offer: %s %+v", healthy.Colour, healthy.Instructions)
	}
	incumbent := row(1, 60, status.Cancelled, status.Accepted)
	incumbent.Substituted = true
	substitute := row(2, 61, status.Awaiting, status.Accepted)
	substitute.SubstitutionOfID = &incumbent.ID
	subbed := assembleCard(pf, []AgendaInstruction{incumbent, substitute}, Query{View: ManagerView}, CallerOf(manager), now)
	if subbed.Colour != status.Orange || len(subbed.Instructions) != 2 || subbed.Instructions[0].Colour != status.Red {
		t.Errorf("a substitution lists both, coloured by the substitute: %s %+v", subbed.Colour, subbed.Instructions)
	}
	if own := assembleCard(pf, []AgendaInstruction{row(1, 60, status.Cancelled, status.Accepted)}, Query{View: FreelancerView},
		CallerOf(freelancer), now); own.Colour != status.Red || len(own.Instructions) != 1 {
		t.Errorf("a freelancer's cancelled instruction stays on their card: %s %+v", own.Colour, own.Instructions)
	}
	if c.Placement.StartTime != "09:00" || c.Placement.LocalPeriod.Start != "2027-03-02T09:00:00.000+00:00" ||
		c.Placement.Period[1] != "2027-03-02T17:00:00.000+00:00" {
		t.Errorf("placement %+v", c.Placement)
	}

	// The local period is in the placement's zone, with its offset; an unknown zone falls back to UTC.
	for zone, want := range map[string]string{"America/New_York": "2027-03-02T04:00:00.000-05:00", "Mars/Olympus": "2027-03-02T09:00:00.000+00:00"} {
		z := pf
		z.Timezone = zone
		if got := assembleCard(z, nil, Query{View: ManagerView}, CallerOf(manager), now).Placement.LocalPeriod.Start; got != want {
			t.Errorf("%s: local start %s, want %s", zone, got, want)
		}
	}

	empty := assembleCard(pf, nil, Query{View: ManagerView}, CallerOf(manager), now)
	if !empty.Unassigned || empty.Colour != status.Gray || empty.Instructions == nil || !empty.IsCritical {
		t.Errorf("card without instructions %+v", empty)
	}
	deleted := time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC)
	pf.DeletedAt = &deleted
	if c := assembleCard(pf, nil, Query{View: ManagerView}, CallerOf(manager), now); c.Unassigned || c.IsCritical || c.Placement.DeletedAt == nil {
		t.Errorf("cancelled placement %+v", c)
	}
	pf.DeletedAt = nil

	own := assembleCard(pf, []AgendaInstruction{row(1, 60, status.Awaiting, status.Awaiting)}, Query{View: FreelancerView}, CallerOf(freelancer), now)
	if !own.CanOpen || own.IsCritical || own.Unassigned {
		t.Errorf("freelancer's card %+v", own)
	}
	stranger := &auth.Principal{UserID: 70}
	if c := assembleCard(pf, nil, Query{View: ManagerView}, CallerOf(stranger), now); c.CanOpen {
		t.Error("a caller who neither views the department nor holds an instruction may open the booking")
	}
}
