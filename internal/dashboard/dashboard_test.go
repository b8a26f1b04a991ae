package dashboard

import (
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

func TestParseRangeRefusesBadDatesReversedAndOverlongRanges(t *testing.T) {
	if r, err := ParseRange("2027-03-01", "2027-03-01"); err != nil || len(r.Weeks()) != 1 {
		t.Fatalf("one day: %+v %v", r, err)
	}
	if _, err := ParseRange("2027-01-01", "2027-12-31"); err != nil { // 365 days
		t.Fatal(err)
	}
	if _, err := ParseRange("2028-01-01", "2028-12-31"); err != nil { // 366 days, a leap year
		t.Fatal(err)
	}
	for _, c := range []struct{ start, end, msg string }{
		{"2027-3-1", "2027-03-02", MsgDate}, {"2027-03-01", "", MsgDate},
		{"2027-03-02", "2027-03-01", MsgDateOrder}, {"2027-01-01", "2028-01-02", MsgRange},
	} {
		_, err := ParseRange(c.start, c.end)
		if e := apperror.As(err); e == nil || e.Kind != apperror.KindInvalid || e.Message != c.msg {
			t.Errorf("%s..%s: %v, want %q", c.start, c.end, err, c.msg)
		}
	}
}

func TestWeeksStartOnMondayAndCoverTheRange(t *testing.T) {
	r, _ := ParseRange("2027-03-03", "2027-03-15") // Wednesday to the Monday after next
	var got []string
	for _, w := range r.Weeks() {
		got = append(got, w.Format(time.DateOnly))
	}
	if strings.Join(got, " ") != "2027-03-01 2027-03-08 2027-03-15" {
		t.Fatalf("weeks %v", got)
	}
	sunday := time.Date(2027, 3, 7, 0, 0, 0, 0, time.UTC)
	if WeekOf(sunday).Format(time.DateOnly) != "2027-03-01" {
		t.Fatalf("Sunday's week %s", WeekOf(sunday))
	}
}

func principal(needs ...auth.Need) *auth.Principal {
	s := auth.NeedSet{}
	s.Add(needs...)
	return &auth.Principal{UserID: 9, Needs: s}
}

func TestScopeOfEachKindOfCaller(t *testing.T) {
	if sc, err := ScopeOf(principal(auth.NeedAdmin, auth.NeedStaff)); err != nil || !sc.Departments.All || !sc.Admin {
		t.Fatalf("admin %+v %v", sc, err)
	}
	manager := principal(auth.NeedStaff, auth.NeedClientManager, auth.ManageEntity(1), auth.ManageDepartment(11),
		auth.ManageDepartment(12), auth.SelectDepartment(30))
	if sc, err := ScopeOf(manager); err != nil || sc.Departments.All || sc.Admin || len(sc.Departments.IDs) != 2 {
		t.Fatalf("manager %+v %v", sc, err)
	}
	for name, p := range map[string]*auth.Principal{
		"freelancer":            principal(auth.NeedFreelancer),
		"freelancer managing":   principal(auth.NeedFreelancer, auth.ManageDepartment(11)),
		"staff":                 principal(auth.NeedStaff, auth.SelectDepartment(30), auth.SelectEntity(3)),
		"supplier manager only": principal(auth.NeedStaff, auth.ManageEntity(5)),
	} {
		if _, err := ScopeOf(p); apperror.KindOf(err) != apperror.KindForbidden {
			t.Errorf("%s: %v, want forbidden", name, err)
		}
	}
}

func TestNarrowToClientsRefusesAnotherClient(t *testing.T) {
	manager := Scope{Departments: database.SeesOnly([]int64{11, 12})}
	if sc, err := manager.NarrowToClients([]int64{1, 1}, []int64{1}); err != nil || len(sc.Clients) != 1 {
		t.Fatalf("own client %+v %v", sc, err)
	}
	if _, err := manager.NarrowToClients([]int64{1, 2}, []int64{1}); apperror.KindOf(err) != apperror.KindForbidden {
		t.Fatalf("other client: %v", err)
	}
	if sc, err := (Scope{Departments: database.SeesAll()}).NarrowToClients([]int64{2}, nil); err != nil || sc.Clients[0] != 2 {
		t.Fatalf("admin %+v %v", sc, err)
	}
}

func TestStartInstantsHoldEveryZonesPlacements(t *testing.T) {
	r, _ := ParseRange("2027-03-01", "2027-03-02")
	from, to := r.StartInstants()
	kiritimati, _ := time.LoadLocation("Pacific/Kiritimati") // UTC+14
	baker := time.FixedZone("UTC-12", -12*3600)
	first := time.Date(2027, 3, 1, 0, 0, 0, 0, kiritimati).UTC()
	last := time.Date(2027, 3, 2, 23, 59, 0, 0, baker).UTC()
	if first.Before(from) || !last.Before(to) {
		t.Fatalf("bounds %s..%s miss %s or %s", from, to, first, last)
	}
}
