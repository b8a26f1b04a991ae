package dashboard_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/dashboard"
	"github.com/hive/hive/internal/dashboard/facts"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// template inserts a job template of department with one 09:00–17:00 placement template with
// unpaid breaks (minutes) and its sell and buy rates (minor units) in currency per period.
func template(t *testing.T, db *database.DB, department int64, title, currency, period string, breaks, sell, buy int) int64 {
	return orgtest.JobTemplateOf(t, db, department, title, orgtest.Shift{Title: "Camera", Start: "09:00", End: "17:00",
		UnpaidBreaks: breaks, Sell: int64(sell), Buy: int64(buy), Currency: currency, Period: period})
}

// book creates a booking of the dates as role and grants users every placement (orgtest.Book);
// it returns each user's instruction id by placement date.
func book(t *testing.T, s *apptest.Server, role string, jt int64, dates []string, users ...int64) map[string]map[int64]int64 {
	t.Helper()
	of := map[string]map[int64]int64{}
	for _, p := range orgtest.Book(t, s, role, jt, dates, users...).Placements {
		of[p.Date] = map[int64]int64{}
		for _, i := range p.Instructions {
			of[p.Date][i.UserID] = i.ID
		}
	}
	return of
}

func answer(s *apptest.Server, role string, id int64, side, to string) {
	s.As(role).Do("PATCH", "/instruction/status", []map[string]any{{"id": id, side: to}}).Want(200)
}

func stats(s *apptest.Server, role, query string) dashboard.DashboardStats {
	var out dashboard.DashboardStats
	s.As(role).Do("GET", "/dashboard/stats?"+query, nil).Want(200).Decode(&out)
	return out
}

// weekLine writes a week as "2027-03-01 red=1 orange=1 green=2 total=4" (colours with none left out).
func weekLine(w dashboard.DashboardWeek) string {
	parts := []string{w.WeekStart}
	for _, c := range w.Colours {
		if c.Placements > 0 {
			parts = append(parts, fmt.Sprintf("%s=%d", c.Colour, c.Placements))
		}
	}
	return strings.Join(append(parts, fmt.Sprintf("total=%d", w.Total)), " ")
}

func moneyLines(ms []dashboard.DashboardMoney) []string {
	var out []string
	for _, m := range ms {
		line := fmt.Sprintf("%s %s charge=%d", m.ClientName, m.Currency, m.Charge)
		if m.Spend != nil {
			line += fmt.Sprintf(" spend=%d", *m.Spend)
		}
		if m.Pipeline != 0 {
			line += fmt.Sprintf(" pipeline=%d", m.Pipeline)
		}
		out = append(out, line)
	}
	return out
}

func same(t *testing.T, what string, got, want any) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s:\n got %v\nwant %v", what, got, want)
	}
}

const march = "startDate=2027-03-01&endDate=2027-03-14"

// The fixed data set, granted at t0 (2027-02-01 09:00 UTC) and answered hours later:
//
//	client A, News (dept A1), 'Cup Final' 250.00/200.00 GBP a day:
//	  03-01 Felix accepts (+1h, client accepts)   Ola never answers   → orange, filled
//	  03-02 Felix rejects (+3h)                   Ola accepts (+5h, client accepts) → red, filled
//	  03-09 nobody answers                                                          → orange
//	client A, Sport (dept A2), 'Studio' 100.00/80.00 EUR an hour, 09:00–17:00 less 30 minutes:
//	  03-03 Felix accepts (+2h, client accepts)                                     → green, filled
//	client B, Drama (dept B1), 'Drama' 300.00/240.00 GBP a day:
//	  03-05 Ola accepts (+4h, client accepts)                                       → green, filled
func TestStatsFiguresOnAFixedDataSetAndTheirScope(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		c := clock.At(time.Date(2027, 2, 1, 9, 0, 0, 0, time.UTC))
		db.Now = c.Now
		s := apptest.Start(t, db, func(cfg *config.Config) {
			cfg.SessionIdleTimeout, cfg.SessionLifetime = 72*time.Hour, 72*time.Hour
		})
		w := orgtest.Build(t, db)
		felix, ola := w.Users["freelancer"], orgtest.Freelancer(t, db, "ola@hive.test", "Ola")
		cup := book(t, s, apptest.DeptMgr, template(t, db, w.DeptA1, "Cup Final", "GBP", "day", 0, 25000, 20000),
			[]string{"2027-03-01", "2027-03-02", "2027-03-09"}, felix, ola)
		studio := book(t, s, apptest.Manager, template(t, db, w.DeptA2, "Studio", "EUR", "hour", 30, 10000, 8000),
			[]string{"2027-03-03"}, felix)
		drama := book(t, s, apptest.Admin, template(t, db, w.DeptB1, "Drama", "GBP", "day", 0, 30000, 24000),
			[]string{"2027-03-05"}, ola)
		// A cancelled placement counts nowhere.
		gone := book(t, s, apptest.DeptMgr, template(t, db, w.DeptA1, "Gone", "GBP", "day", 0, 100, 100), []string{"2027-03-04"}, felix)
		var goneID int64
		if err := db.Get(context.Background(), &goneID, `SELECT placement_id FROM instructions WHERE id = ?`,
			gone["2027-03-04"][felix]); err != nil {
			t.Fatal(err)
		}
		s.As(apptest.DeptMgr).Do("DELETE", "/placements", map[string]any{"ids": []int64{goneID},
			"cancellationReason": "Client - Placement Not Needed"}).Want(200)

		c.Advance(time.Hour)
		answer(s, apptest.Freelancer, cup["2027-03-01"][felix], "supplierStatus", "accepted")
		c.Advance(time.Hour)
		answer(s, apptest.Freelancer, studio["2027-03-03"][felix], "supplierStatus", "accepted")
		c.Advance(time.Hour)
		answer(s, apptest.Freelancer, cup["2027-03-02"][felix], "supplierStatus", "rejected")
		c.Advance(time.Hour)
		answer(s, apptest.Admin, drama["2027-03-05"][ola], "supplierStatus", "accepted") // as supplier, for Ola
		c.Advance(time.Hour)
		answer(s, apptest.DeptMgr, cup["2027-03-02"][ola], "supplierStatus", "accepted")
		c.Advance(time.Hour)
		answer(s, apptest.DeptMgr, cup["2027-03-01"][felix], "clientStatus", "accepted")
		answer(s, apptest.DeptMgr, cup["2027-03-02"][ola], "clientStatus", "accepted")
		answer(s, apptest.Manager, studio["2027-03-03"][felix], "clientStatus", "accepted")
		answer(s, apptest.Admin, drama["2027-03-05"][ola], "clientStatus", "accepted")

		// The administrator sees every client, spend included, and each currency apart.
		all := stats(s, apptest.Admin, march)
		same(t, "admin weeks", []string{weekLine(all.Weeks[0]), weekLine(all.Weeks[1])},
			[]string{"2027-03-01 red=1 orange=1 green=2 total=4", "2027-03-08 orange=1 total=1"})
		same(t, "colours", all.Colours, []string{"red", "orange", "purple", "green", "gray"})
		if all.Fill.Placements != 5 || all.Fill.Filled != 4 || all.Fill.Rate == nil || *all.Fill.Rate != 0.8 {
			t.Errorf("admin fill %+v", all.Fill)
		}
		// Answers after 1, 2, 3, 4 and 5 hours: the median is 3 hours.
		if all.Answers.Answered != 5 || all.Answers.MedianSeconds == nil || *all.Answers.MedianSeconds != 3*3600 {
			t.Errorf("admin answers %+v (median %v)", all.Answers, databasetest.Nullable(all.Answers.MedianSeconds))
		}
		same(t, "admin money", moneyLines(all.Money), []string{
			"Alpha Broadcasting EUR charge=75000 spend=60000",                // 7.5 paid hours at 100.00 and 80.00
			"Alpha Broadcasting GBP charge=50000 spend=40000 pipeline=25000", // 03-09 once, though offered to two
			"Beta Television GBP charge=30000 spend=24000"})
		same(t, "admin jobs", all.Jobs, []dashboard.DashboardJob{{JobTemplateID: all.Jobs[0].JobTemplateID, Title: "Cup Final", Placements: 3},
			{JobTemplateID: all.Jobs[1].JobTemplateID, Title: "Drama", Placements: 1},
			{JobTemplateID: all.Jobs[2].JobTemplateID, Title: "Studio", Placements: 1}})
		same(t, "admin freelancers", all.Freelancers, []dashboard.DashboardFreelancer{
			{UserID: felix, Name: "Felix Reid", Accepted: 2}, {UserID: ola, Name: "Ola Other", Accepted: 2}})
		if !all.SpendShown {
			t.Error("spend hidden from the administrator")
		}

		// The manager of client A never sees client B's numbers, nor spend.
		a := stats(s, apptest.Manager, march)
		same(t, "manager weeks", []string{weekLine(a.Weeks[0]), weekLine(a.Weeks[1])},
			[]string{"2027-03-01 red=1 orange=1 green=1 total=3", "2027-03-08 orange=1 total=1"})
		if a.Fill.Placements != 4 || a.Fill.Filled != 3 || *a.Fill.Rate != 0.75 {
			t.Errorf("manager fill %+v", a.Fill)
		}
		// Answers after 1, 2, 3 and 5 hours: the median is halfway between 2 and 3 hours.
		if a.Answers.Answered != 4 || a.Answers.MedianSeconds == nil || *a.Answers.MedianSeconds != 2.5*3600 {
			t.Errorf("manager answers %+v (median %v)", a.Answers, databasetest.Nullable(a.Answers.MedianSeconds))
		}
		same(t, "manager money", moneyLines(a.Money), []string{"Alpha Broadcasting EUR charge=75000", "Alpha Broadcasting GBP charge=50000 pipeline=25000"})
		same(t, "manager freelancers", a.Freelancers, []dashboard.DashboardFreelancer{
			{UserID: felix, Name: "Felix Reid", Accepted: 2}, {UserID: ola, Name: "Ola Other", Accepted: 1}})
		if a.SpendShown || len(a.Jobs) != 2 {
			t.Errorf("manager spend shown %v, jobs %+v", a.SpendShown, a.Jobs)
		}
		// Their own client, asked for by id, is the same; the department manager sees News only.
		same(t, "manager's own client", moneyLines(stats(s, apptest.Manager, march+fmt.Sprintf("&clientIds=%d", w.ClientA)).Money),
			moneyLines(a.Money))
		if d := stats(s, apptest.DeptMgr, march); d.Fill.Placements != 3 || len(d.Money) != 1 || d.Money[0].Currency != "GBP" {
			t.Errorf("department manager %+v %+v", d.Fill, d.Money)
		}
		// The administrator may narrow to client B.
		if b := stats(s, apptest.Admin, march+fmt.Sprintf("&clientIds=%d", w.ClientB)); b.Fill.Placements != 1 ||
			len(b.Money) != 1 || b.Money[0].ClientID != w.ClientB {
			t.Errorf("admin, client B %+v %+v", b.Fill, b.Money)
		}
		// An empty range has every week at zero and no rates.
		none := stats(s, apptest.Admin, "startDate=2027-05-03&endDate=2027-05-09")
		if len(none.Weeks) != 1 || none.Weeks[0].Total != 0 || none.Fill.Rate != nil || none.Answers.MedianSeconds != nil ||
			none.Answers.Answered != 0 || len(none.Money) != 0 || len(none.Jobs) != 0 || len(none.Freelancers) != 0 {
			t.Errorf("empty range %+v", none)
		}

		// The facts each change kept up to date equal a rebuild from scratch, after a rate change,
		// an update of a booking (which refreshes no facts), an amended placement and a cancelled one too.
		s.As(apptest.Admin).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{studio["2027-03-03"][felix]},
			"sellRate": map[string]any{"rate": 120.5, "currency": "EUR", "period": "hour"}}).Want(200)
		var booking struct {
			ID      int64 `db:"id"`
			Version int   `db:"version"`
		}
		if err := db.Get(context.Background(), &booking, `SELECT b.id, b.version FROM bookings b
			JOIN instructions i ON i.booking_id = b.id WHERE i.id = ?`, studio["2027-03-03"][felix]); err != nil {
			t.Fatal(err)
		}
		s.As(apptest.Admin).Do("PATCH", fmt.Sprintf("/booking/%d", booking.ID), map[string]any{"version": booking.Version,
			"title": "Studio, renamed", "reference": "R-2", "ir35": true, "substitutionAllowed": true}).Want(200)
		var studioPlacement int64
		if err := db.Get(context.Background(), &studioPlacement, `SELECT placement_id FROM instructions WHERE id = ?`,
			studio["2027-03-03"][felix]); err != nil {
			t.Fatal(err)
		}
		s.As(apptest.Manager).Do("PATCH", "/placements", []map[string]any{{"id": studioPlacement, "title": "Camera",
			"startTime": "08:00", "endTime": "18:00", "supplierNotes": "", "unpaidBreaks": 45}}).Want(200)
		cupDays := placementsOf(t, db, cup["2027-03-09"][felix])
		s.As(apptest.DeptMgr).Do("DELETE", "/placements", map[string]any{"ids": cupDays,
			"cancellationReason": "Client - Placement Not Needed"}).Want(200)
		kept := factsOf(t, db)
		if err := facts.Rebuild(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		same(t, "facts kept up to date and rebuilt", kept, factsOf(t, db))
		if !strings.Contains(strings.Join(kept, "\n"), "120.5") && !strings.Contains(strings.Join(kept, "\n"), "12050") {
			t.Errorf("the rate change is not in the facts: %v", kept)
		}
	})
}

// placementsOf is the placement of instruction id.
func placementsOf(t *testing.T, db *database.DB, id int64) []int64 {
	t.Helper()
	var ids []int64
	if err := db.Select(context.Background(), &ids, `SELECT placement_id FROM instructions WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	return ids
}

// factsOf lists every row of the dashboard's facts as text, in key order.
func factsOf(t *testing.T, db *database.DB) []string {
	t.Helper()
	var rows []string
	for _, q := range []string{
		`SELECT 'p ' || placement_id || ' ' || department_id || ' ' || COALESCE(job_template_id, 0) || ' ' || local_date
			|| ' ' || worst_rank || ' ' || filled FROM dashboard_placements ORDER BY placement_id`,
		`SELECT 'i ' || instruction_id || ' ' || placement_id || ' ' || department_id || ' ' || local_date || ' ' || user_id
			|| ' ' || green || ' ' || COALESCE(answer_minute, -1) || ' ' || sell_rate_minor || sell_currency || sell_period
			|| ' ' || buy_rate_minor || buy_currency || buy_period || ' ' || paid_minutes || ' ' || counted FROM dashboard_instructions
			ORDER BY instruction_id`,
	} {
		var part []string
		if err := db.Select(context.Background(), &part, q); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, part...)
	}
	if len(rows) == 0 {
		t.Fatal("no facts")
	}
	return rows
}

func TestStatsRefusalsAndBadRanges(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		stats := "/dashboard/stats?" + march
		s.Run(t, orgtest.PerRole("stats", "GET", stats, nil, 200, 200, 200, 403, 403, 401))
		s.Run(t, orgtest.PerRole("embed", "GET", "/dashboard/embed", nil, 200, 403, 403, 403, 403, 401))
		s.Run(t, []apptest.Case{
			// A manager asking for another client's numbers by id is refused, an unknown id too.
			{As: apptest.Manager, Method: "GET", Path: stats + fmt.Sprintf("&clientIds=%d", w.ClientB), Status: 403},
			{As: apptest.Manager, Method: "GET", Path: stats + fmt.Sprintf("&clientIds=%d&clientIds=%d", w.ClientA, w.ClientB), Status: 403},
			{As: apptest.Manager, Method: "GET", Path: stats + "&clientIds=999999", Status: 403},
			{As: apptest.DeptMgr, Method: "GET", Path: stats + fmt.Sprintf("&clientIds=%d", w.ClientB), Status: 403},
			// Bad ranges are 422s.
			{As: apptest.Admin, Method: "GET", Path: "/dashboard/stats?startDate=2027-03-02&endDate=2027-03-01", Status: 422},
			{As: apptest.Admin, Method: "GET", Path: "/dashboard/stats?startDate=2027-01-01&endDate=2028-01-02", Status: 422},
			{As: apptest.Admin, Method: "GET", Path: "/dashboard/stats?startDate=yesterday&endDate=2027-03-01", Status: 422},
			{As: apptest.Admin, Method: "GET", Path: "/dashboard/stats?startDate=2027-03-01", Status: 422},
		})
		// Another client's manager: staff, made manager of client B, asks for client A.
		orgtest.LinkEntity(t, db, w.Users["staff"], w.ClientB, true, true)
		bea := s.Login("staff@hive.test")
		bea.Do("GET", stats, nil).Want(200)
		bea.Do("GET", stats+fmt.Sprintf("&clientIds=%d", w.ClientA), nil).WantError(403, "A-102")
		bea.Do("GET", stats+fmt.Sprintf("&clientIds=%d&clientIds=%d", w.ClientB, w.ClientA), nil).WantError(403, "A-102")
		var p apptest.Problem
		s.As(apptest.Admin).Do("GET", "/dashboard/stats?startDate=2027-03-02&endDate=2027-03-01", nil).Want(422).Decode(&p)
		if !strings.Contains(string(mustJSON(p)), dashboard.MsgDateOrder) {
			t.Errorf("422 body %+v", p)
		}
	})
}

func mustJSON(p apptest.Problem) []byte {
	var parts []string
	for _, d := range p.Detail {
		parts = append(parts, strings.Join(d.Loc, ".")+": "+d.Msg)
	}
	return []byte(strings.Join(parts, "; "))
}

func TestEmbedAddressForAdministratorsWhenConfigured(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		s := apptest.Start(t, db, func(cfg *config.Config) {
			cfg.Analytics = config.AnalyticsEmbed{SiteURL: "https://analytics.example.com", Resource: "dashboard", ID: 3,
				Secret: strings.Repeat("s", 40)}
		})
		orgtest.Build(t, db)
		var e dashboard.DashboardEmbed
		s.As(apptest.Admin).Do("GET", "/dashboard/embed", nil).Want(200).Decode(&e)
		if e.URL == nil || !strings.HasPrefix(*e.URL, "https://analytics.example.com/embed/dashboard/ey") {
			t.Fatalf("embed %v", e.URL)
		}
		s.Run(t, orgtest.PerRole("embed", "GET", "/dashboard/embed", nil, 200, 403, 403, 403, 403, 401))
	})
}

func TestEnsureBuiltRebuildsFactsOnlyWhenNotBuiltByThisVersion(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := apptest.Start(t, db)
		w := orgtest.Build(t, db)
		book(t, s, apptest.DeptMgr, template(t, db, w.DeptA1, "Cup Final", "GBP", "day", 0, 25000, 20000),
			[]string{"2027-03-01"}, w.Users["freelancer"])
		kept := factsOf(t, db)
		wipe := func() {
			if _, err := db.Raw().ExecContext(ctx, `DELETE FROM dashboard_placements`); err != nil {
				t.Fatal(err)
			}
		}
		// A database written before the facts existed (no state) is rebuilt.
		wipe()
		if err := facts.EnsureBuilt(ctx, db); err != nil {
			t.Fatal(err)
		}
		same(t, "rebuilt", factsOf(t, db), kept)
		// Built by this version: nothing is redone.
		wipe()
		if err := facts.EnsureBuilt(ctx, db); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM dashboard_placements`); err != nil || n != 0 {
			t.Fatalf("rebuilt again: %d placements, %v", n, err)
		}
	})
}
