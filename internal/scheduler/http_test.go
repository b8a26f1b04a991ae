package scheduler_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/scheduler"
)

func wantGroups(t *testing.T, who string, b summaryBody, want ...string) {
	t.Helper()
	apptest.WantLines(t, who+" sees", b.groups(), want...)
}

func TestSummaryShowsEachViewerTheirPlacementGroups(t *testing.T) {
	sceneEngines(t, func(t *testing.T, s *apptest.Server, sc scene) {
		admin := summary(t, s, apptest.Admin, "")
		if len(admin.Days) != 31 || admin.Days[0].Date != "2027-05-01" || admin.Days[30].Date != "2027-05-31" {
			t.Fatalf("days %d from %s", len(admin.Days), admin.Days[0].Date)
		}
		cupA1 := []string{"2027-05-03 Cup Final 09:00 red", "2027-05-03 Cup Final 22:00 orange",
			"2027-05-04 Cup Final 09:00 red", "2027-05-04 Cup Final 22:00 green"}
		wantGroups(t, "admin", admin, append(slices.Clone(cupA1),
			"2027-05-05 Drama Night 09:00 orange", "2027-05-05 League Cup 09:00 orange")...)
		wantGroups(t, "the client's manager", summary(t, s, apptest.Manager, ""), append(slices.Clone(cupA1),
			"2027-05-05 League Cup 09:00 orange")...)
		// Devi manages DeptA1 and holds an instruction in DeptB1: there she sees only her own.
		dept := summary(t, s, apptest.DeptMgr, "")
		wantGroups(t, "the department's manager", dept, append(slices.Clone(cupA1), "2027-05-05 Drama Night 09:00 orange")...)
		if is := *dept.group(t, "2027-05-05", "Drama Night", "09:00").Instructions; len(is) != 1 || is[0].UserID != sc.w.Users["dept"] {
			t.Errorf("the manager sees others' instructions elsewhere: %+v", is)
		}
		wantGroups(t, "staff without links", summary(t, s, apptest.Staff, ""))
		// Felix sees his own instructions only, coloured by them, and no red group: not the day
		// he rejected, nor the night he was substituted on.
		wantGroups(t, "the freelancer", summary(t, s, apptest.Freelancer, ""), "2027-05-03 Cup Final 09:00 green",
			"2027-05-03 Cup Final 22:00 orange", "2027-05-05 Drama Night 09:00 purple")

		g := admin.group(t, "2027-05-03", "Cup Final", "09:00")
		if g.BookingID != sc.cupBooking || g.ClientName != "Alpha Broadcasting" || g.DepartmentID != sc.w.DeptA1 ||
			g.PlacementTitle != "Day" || g.EndTime != "17:00" || len(g.PlacementIDs) != 1 || g.Instructions == nil {
			t.Fatalf("group %+v", g)
		}
		// Listed by the status sort priority: both accepted first, then rejected.
		if is := *g.Instructions; len(is) != 2 || is[0].UserID != sc.felix || is[0].Colour != "green" ||
			is[1].UserID != sc.grace || is[1].Colour != "red" || g.Counts["green"] != 1 || g.Counts["red"] != 1 {
			t.Errorf("05-03 day instructions %+v counts %v", is, g.Counts)
		}
		night := admin.group(t, "2027-05-03", "Cup Final", "22:00")
		if is := *night.Instructions; !night.Overnight || len(is) != 1 || is[0].UserID != sc.felix || night.Counts["red"] != 0 {
			t.Errorf("the cancelled instruction shows: %+v", is)
		}
		league := admin.group(t, "2027-05-05", "League Cup", "09:00")
		if is := *league.Instructions; len(league.PlacementIDs) != 2 || league.PlacementIDs[0] >= league.PlacementIDs[1] ||
			len(is) != 2 || is[0].UserID != sc.grace || league.Counts["orange"] != 2 || league.PlacementTitle != "Camera" {
			t.Errorf("group of two alike placements %+v: %+v", league, is)
		}
		sub := admin.group(t, "2027-05-04", "Cup Final", "22:00")
		is := *sub.Instructions
		if len(is) != 2 || is[0].ID != sc.graceReplace || is[0].SubstitutionOfID == nil || *is[0].SubstitutionOfID != sc.felixSubstituted ||
			is[1].ID != sc.felixSubstituted || !is[1].Substituted || is[1].Colour != "red" {
			t.Errorf("substitution group %+v", is)
		}
	})
}

func TestSummaryFilters(t *testing.T) {
	sceneEngines(t, func(t *testing.T, s *apptest.Server, sc scene) {
		as := func(query string) summaryBody { return summary(t, s, apptest.Admin, query) }

		wantGroups(t, "departmentIds", as(fmt.Sprintf("&departmentIds=%d&departmentIds=%d", sc.w.DeptA2, sc.w.DeptB1)),
			"2027-05-05 Drama Night 09:00 orange", "2027-05-05 League Cup 09:00 orange")
		wantGroups(t, "clientIds", as(fmt.Sprintf("&clientIds=%d", sc.w.ClientB)), "2027-05-05 Drama Night 09:00 orange")
		wantGroups(t, "jobTemplateIds", as(fmt.Sprintf("&jobTemplateIds=%d", sc.leagueCup)), "2027-05-05 League Cup 09:00 orange")
		// A user filter keeps the groups they are instructed on, with their instructions only.
		byFelix := as(fmt.Sprintf("&userIds=%d", sc.felix))
		wantGroups(t, "userIds", byFelix, "2027-05-03 Cup Final 09:00 green", "2027-05-03 Cup Final 22:00 orange",
			"2027-05-04 Cup Final 09:00 red", "2027-05-04 Cup Final 22:00 red", "2027-05-05 Drama Night 09:00 purple")
		if is := *byFelix.group(t, "2027-05-03", "Cup Final", "09:00").Instructions; len(is) != 1 || is[0].UserID != sc.felix {
			t.Errorf("user filter lists %+v", is)
		}
		wantGroups(t, "placementStatuses", as("&placementStatuses=red&placementStatuses=green"),
			"2027-05-03 Cup Final 09:00 red", "2027-05-04 Cup Final 09:00 red", "2027-05-04 Cup Final 22:00 green")
		wantGroups(t, "filters together", as(fmt.Sprintf("&departmentIds=%d&placementStatuses=orange&userIds=%d",
			sc.w.DeptA1, sc.grace)))

		// includeDeleted adds the cancelled placement as a gray group of its own, listing nothing.
		withDeleted := as(fmt.Sprintf("&includeDeleted=true&departmentIds=%d", sc.w.DeptA2))
		wantGroups(t, "includeDeleted", withDeleted, "2027-05-05 League Cup 09:00 orange", "2027-05-06 League Cup 09:00 gray")
		if g := withDeleted.group(t, "2027-05-06", "League Cup", "09:00"); !g.Deleted || len(*g.Instructions) != 0 {
			t.Errorf("cancelled placement's group %+v", g)
		}

		// overviewOnly: colours and counts, no instruction lists.
		overview := as("&overviewOnly=true")
		g := overview.group(t, "2027-05-03", "Cup Final", "09:00")
		if g.Instructions != nil || g.Colour != "red" || g.Counts["green"] != 1 || g.Counts["red"] != 1 {
			t.Errorf("overview group %+v", g)
		}
		if len(overview.groups()) != 6 {
			t.Errorf("overview groups %v", overview.groups())
		}
	})
}

// The month view counts instructions in the database; the day view reads them one by one.
// Both must show every viewer the same groups, colours and counts, whatever the filters.
func TestOverviewAgreesWithTheFullSummary(t *testing.T) {
	sceneEngines(t, func(t *testing.T, s *apptest.Server, sc scene) {
		queries := []string{"", "&includeDeleted=true", fmt.Sprintf("&userIds=%d", sc.felix),
			fmt.Sprintf("&userIds=%d&includeDeleted=true", sc.grace), "&placementStatuses=green&placementStatuses=red"}
		outline := func(b summaryBody) string {
			var out []string
			for _, d := range b.Days {
				for _, g := range d.Groups {
					out = append(out, fmt.Sprintf("%s %d %s %v %v %v", d.Date, g.BookingID, g.Colour, g.Counts, g.PlacementIDs, g.Deleted))
				}
			}
			return strings.Join(out, "\n")
		}
		for _, role := range []string{apptest.Admin, apptest.Manager, apptest.DeptMgr, apptest.Freelancer} {
			for _, q := range queries {
				full, overview := summary(t, s, role, q), summary(t, s, role, q+"&overviewOnly=true")
				if outline(full) != outline(overview) {
					t.Errorf("%s %q:\nfull\n%s\noverview\n%s", role, q, outline(full), outline(overview))
				}
				if len(full.groups()) == 0 && role != apptest.Freelancer {
					t.Errorf("%s %q: no groups", role, q)
				}
			}
		}
	})
}

// groupsPerDay lists each day's first groups and counts them all; an overview of whole
// departments reads a small range whole and a larger one from the day index, every other view
// cuts its full list: each must list what the full summary lists first. The bounds take the
// index (0) and the whole range (1000).
func TestGroupsPerDayListsTheFirstGroupsAndCountsThemAll(t *testing.T) {
	sceneEngines(t, func(t *testing.T, s *apptest.Server, sc scene) {
		queries := []string{"", "&overviewOnly=true", "&overviewOnly=true&includeDeleted=true",
			fmt.Sprintf("&overviewOnly=true&departmentIds=%d", sc.w.DeptA2), fmt.Sprintf("&overviewOnly=true&clientIds=%d", sc.w.ClientA),
			fmt.Sprintf("&overviewOnly=true&userIds=%d", sc.grace), "&overviewOnly=true&placementStatuses=red"}
		for _, bound := range []int{0, 1000} {
			restore := scheduler.SetWholeRangeBound(bound)
			checkFirstGroups(t, s, queries, bound)
			restore()
		}
	})
}

// checkFirstGroups compares each day's first one and two groups with the full summary's.
func checkFirstGroups(t *testing.T, s *apptest.Server, queries []string, bound int) {
	t.Helper()
	for _, role := range []string{apptest.Admin, apptest.Manager, apptest.DeptMgr, apptest.Freelancer} {
		for _, q := range queries {
			all := summary(t, s, role, q)
			for _, n := range []int{1, 2} {
				firsts := summary(t, s, role, fmt.Sprintf("%s&groupsPerDay=%d", q, n))
				for d, day := range all.Days {
					got, placements := firsts.Days[d], 0
					for _, g := range day.Groups {
						placements += len(g.PlacementIDs)
					}
					want, _ := json.Marshal(day.Groups[:min(n, len(day.Groups))])
					listed, _ := json.Marshal(got.Groups)
					if string(listed) != string(want) || got.GroupCount != len(day.Groups) || got.PlacementCount != placements ||
						day.GroupCount != len(day.Groups) || day.PlacementCount != placements {
						t.Errorf("bound %d, %s %q, %d a day, %s: %d groups of %d placements %v, want %d of %d %s (all: %d, %d)",
							bound, role, q, n, day.Date, got.GroupCount, got.PlacementCount, listed, len(day.Groups), placements,
							want, day.GroupCount, day.PlacementCount)
					}
				}
			}
		}
	}
}

func TestSummaryChecksTheRange(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		c := s.As(apptest.DeptMgr)
		c.Do("GET", "/booking/summary?startDate=2027-05-01&endDate=2027-07-02", nil).Want(200) // 62 days apart
		r := c.Do("GET", "/booking/summary?startDate=2027-05-01&endDate=2027-07-03", nil).WantError(422, "V-422")
		if !strings.Contains(string(r.Body), scheduler.MsgRangeTooLong) {
			t.Errorf("too long: %s", r.Body)
		}
		c.Do("GET", "/booking/summary?startDate=2027-05-02&endDate=2027-05-01", nil).WantError(422, "V-422")
		c.Do("GET", "/booking/summary?startDate=1/5/2027&endDate=2027-05-01", nil).WantError(422, "V-422")
		c.Do("GET", "/booking/summary?endDate=2027-05-01", nil).WantError(422, "V-422")
		c.Do("GET", "/booking/summary?startDate=2027-05-01&endDate=2027-05-02&placementStatuses=blue", nil).WantError(422, "V-422")
		c.Do("GET", "/booking/summary?startDate=2027-05-01&endDate=2027-05-02&grouped=false&pageSize=201", nil).WantError(422, "V-422")
		s.Client().Do("GET", "/booking/summary?startDate=2027-05-01&endDate=2027-05-02", nil).WantError(401, "A-100")
	})
}

func grid(t *testing.T, s *apptest.Server, role, query string) ([]gridRow, int) {
	t.Helper()
	b := summary(t, s, role, "&grouped=false"+query)
	if b.Items == nil || b.Total == nil || b.Days != nil {
		t.Fatalf("grid answer without items and total: %+v", b)
	}
	return *b.Items, *b.Total
}

func TestGridRowsPagesCancellationsAndRates(t *testing.T) {
	sceneEngines(t, func(t *testing.T, s *apptest.Server, sc scene) {
		rows, total := grid(t, s, apptest.Admin, "")
		if total != 12 || len(rows) != 12 {
			t.Fatalf("admin grid %d rows of %d", len(rows), total)
		}
		for i := 1; i < len(rows); i++ {
			if rows[i].ModifiedAt > rows[i-1].ModifiedAt {
				t.Errorf("not most recently changed first: %s after %s", rows[i].ModifiedAt, rows[i-1].ModifiedAt)
			}
		}
		if r := rows[0]; r.BuyRate == nil || r.BuyRate.Rate != 200 || r.SellRate.Rate != 250 || len(r.Period) != 2 {
			t.Errorf("admin row %+v", r)
		}
		managed, total := grid(t, s, apptest.Manager, "")
		if total != 10 || managed[0].BuyRate != nil || managed[0].SellRate.Rate != 250 {
			t.Errorf("manager grid total %d, first %+v", total, managed[0])
		}
		own, total := grid(t, s, apptest.Freelancer, "")
		if total != 5 || slices.ContainsFunc(own, func(r gridRow) bool { return r.UserID != sc.felix }) {
			t.Errorf("freelancer grid total %d: %+v", total, own)
		}
		if _, total := grid(t, s, apptest.Staff, ""); total != 0 {
			t.Errorf("staff grid total %d", total)
		}
		if rows, total := grid(t, s, apptest.DeptMgr, ""); total != 9 || slices.ContainsFunc(rows, func(r gridRow) bool {
			return r.BookingTitle == "Drama Night" && r.UserID != sc.w.Users["dept"]
		}) {
			t.Errorf("department manager's grid %d: %+v", total, rows)
		}

		// Paging: 4 a page; past the end the total is still given.
		var seen []int64
		for page := 1; page <= 4; page++ {
			rows, total := grid(t, s, apptest.Admin, fmt.Sprintf("&pageSize=4&page=%d", page))
			if total != 12 || len(rows) != []int{4, 4, 4, 0}[page-1] {
				t.Fatalf("page %d: %d rows of %d", page, len(rows), total)
			}
			for _, r := range rows {
				seen = append(seen, r.InstructionID)
			}
		}
		if slices.Sort(seen); len(slices.Compact(seen)) != 12 {
			t.Errorf("pages overlap: %v", seen)
		}
		byDate, _ := grid(t, s, apptest.Admin, "&sort=date")
		for i := 1; i < len(byDate); i++ {
			if byDate[i].Period[0] < byDate[i-1].Period[0] {
				t.Errorf("sort=date: %s after %s", byDate[i].Period[0], byDate[i-1].Period[0])
			}
		}
		if red, total := grid(t, s, apptest.Admin, "&placementStatuses=red"); total != 4 ||
			slices.ContainsFunc(red, func(r gridRow) bool { return r.Colour != "red" }) {
			t.Errorf("red rows %d: %+v", total, red)
		}
		if _, total := grid(t, s, apptest.Admin, "&includeDeleted=true"); total != 14 {
			t.Errorf("with deleted: %d", total)
		}

		// Cancelled tab: cancelled on either side, the cancelled placement's too; late when after
		// the start minus the department's window (10 years for League Cup, none for Cup Final).
		cancelled, total := grid(t, s, apptest.Admin, "&cancelledOnly=true&sort=date")
		if total != 4 {
			t.Fatalf("cancelled rows %d: %+v", total, cancelled)
		}
		late := map[string]bool{}
		for _, r := range cancelled {
			if r.CancelledAt == nil || r.CancelledAt != nil && *r.CancelledAt != r.ModifiedAt {
				t.Errorf("cancelledAt %v, modified %s", r.CancelledAt, r.ModifiedAt)
			}
			late[r.Date+" "+r.BookingTitle] = r.LateCancellation
		}
		want := map[string]bool{"2027-05-03 Cup Final": false, "2027-05-04 Cup Final": false, "2027-05-06 League Cup": true}
		if fmt.Sprint(late) != fmt.Sprint(want) {
			t.Errorf("late cancellations %v, want %v", late, want)
		}
		if cancelled[2].CancellationReason != "Client - Placement Not Needed" || cancelled[1].CancellationReason != "Substituted" {
			t.Errorf("reasons %q %q", cancelled[1].CancellationReason, cancelled[2].CancellationReason)
		}
		for _, r := range rows {
			if isCancelled := r.SupplierStatus == "cancelled" || r.ClientStatus == "cancelled"; isCancelled != (r.CancelledAt != nil) {
				t.Errorf("row %+v: cancelledAt only when cancelled", r)
			}
		}
	})
}

// placement_day_groups (migration 00042) follows its placements and their bookings' titles
// through every kind of write; PostgreSQL refreshes it at commit.
func TestPlacementDayGroupsFollowTheirPlacements(t *testing.T) {
	sceneEngines(t, func(t *testing.T, s *apptest.Server, sc scene) {
		db := s.DB
		check := func(when string) {
			t.Helper()
			const recount = `SELECT p.id || ' ' || p.booking_id || ' ' || b.department_id || ' ' || b.title || ' ' || p.local_date || ' ' ||
				p.start_time || ' ' || p.title || ' ' || p.end_time || ' ' || (p.deleted_at IS NULL) FROM placements p
				JOIN bookings b ON b.id = p.booking_id ORDER BY p.id`
			const model = `SELECT g.placement_id || ' ' || g.booking_id || ' ' || g.department_id || ' ' || g.booking_title || ' ' || g.local_date || ' ' ||
				g.start_time || ' ' || g.title || ' ' || g.end_time || ' ' || (g.deleted_at IS NULL) FROM placement_day_groups g
				ORDER BY g.placement_id`
			want, got := databasetest.Select[string](t, db, recount), databasetest.Select[string](t, db, model)
			if strings.Join(got, "\n") != strings.Join(want, "\n") || len(want) == 0 {
				t.Errorf("%s:\n got %v\nwant %v", when, got, want)
			}
		}
		check("after the scene")
		databasetest.Exec(t, db, `UPDATE bookings SET title = 'Cup Final Replay' WHERE id = ?`, sc.cupBooking)
		check("after a booking's new title")
		databasetest.Exec(t, db, `UPDATE bookings SET department_id = ? WHERE id = ?`, sc.w.DeptA2, sc.cupBooking)
		check("after a booking's new department")
		databasetest.Exec(t, db, `UPDATE placements SET title = 'Late', start_time = '10:00', end_time = '18:00',
			local_date = '2027-05-07' WHERE booking_id = ? AND start_time = '09:00'`, sc.cupBooking)
		check("after amended placements")
		databasetest.Exec(t, db, `UPDATE placements SET deleted_at = updated_at WHERE booking_id = ?`, sc.dramaBooking)
		check("after a cancellation")
		databasetest.Exec(t, db, `DELETE FROM placements WHERE booking_id = ?`, sc.leagueBooking)
		check("after deleted placements")
	})
}
