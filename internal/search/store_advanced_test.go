package search_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
)

// Places of the fixture (latitude, longitude).
var (
	salford    = [2]float64{53.4875, -2.2901}
	manchester = [2]float64{53.4808, -2.2426}
	bolton     = [2]float64{53.5769, -2.4282}
	london     = [2]float64{51.5072, -0.1276}
	lyon       = [2]float64{45.7640, 4.8357}
)

// crew is one freelancer of the fixture.
type crew struct {
	name, country, business, currency, period string
	rate                                      int64 // minor units per period; 0: none
	at                                        *[2]float64
	titles, skills                            []string
	status                                    string // account status; "" is active
}

// advancedWorld is the advanced search's fixture: client A's department A1 (managed by dept,
// and by manager through client A) hires the camera crew; department B1 of client B hires
// only onlyB; staff manages client B.
type advancedWorld struct {
	w     orgtest.World
	ids   map[string]int64
	tags  map[string]int64
	store *search.Store
	db    *database.DB
	as    map[string]*auth.Principal
	srv   *apptest.Server
}

var fixture = []crew{
	{name: "Ada Steady", business: "uk_private_limited", currency: "GBP", period: "day", rate: 40000, at: &salford, titles: []string{"Camera Operator"}, skills: []string{"Steadicam", "Drone"}},
	{name: "Ben Hourly", business: "uk_sole_trader", currency: "GBP", period: "hour", rate: 6000, at: &manchester, titles: []string{"Camera Operator"}, skills: []string{"Steadicam"}},
	{name: "Cat London", business: "uk_private_limited", currency: "GBP", period: "day", rate: 42000, at: &london, titles: []string{"Camera Operator"}, skills: []string{"Steadicam"}},
	{name: "Dan Nosteady", business: "uk_sole_trader", currency: "GBP", period: "day", rate: 30000, at: &manchester, titles: []string{"Camera Operator"}},
	{name: "Eve Accepted", business: "uk_sole_trader", currency: "GBP", period: "day", rate: 35000, at: &manchester, titles: []string{"Camera Operator"}, skills: []string{"Steadicam"}},
	{name: "Fay Awaiting", business: "uk_sole_trader", currency: "GBP", period: "day", rate: 35000, at: &manchester, titles: []string{"Camera Operator"}, skills: []string{"Steadicam"}},
	{name: "Gus Away", business: "uk_sole_trader", currency: "GBP", period: "day", rate: 35000, at: &manchester, titles: []string{"Camera Operator"}, skills: []string{"Steadicam"}},
	{name: "Hal Euro", business: "uk_llp", currency: "EUR", period: "day", rate: 35000, at: &manchester, titles: []string{"Camera Operator"}, skills: []string{"Steadicam"}},
	{name: "Ivy Bolton", business: "uk_sole_trader", currency: "GBP", period: "day", rate: 38000, at: &bolton, titles: []string{"Camera Operator", "Editor"}, skills: []string{"Steadicam"}},
	{name: "Jon Inactive", business: "uk_private_limited", currency: "GBP", period: "day", rate: 30000, at: &salford, titles: []string{"Camera Operator"}, skills: []string{"Steadicam"}, status: "inactive"},
	{name: "Kim Lyon", country: "FR", business: "uk_llp", currency: "EUR", period: "day", rate: 50000, at: &lyon, titles: []string{"Sound Recordist"}},
	{name: "Lou Nowhere", business: "", period: "day", titles: []string{"Editor"}},
}

// advancedEngines runs test once per database engine on the advanced search's world.
func advancedEngines(t *testing.T, test func(t *testing.T, aw *advancedWorld)) {
	t.Helper()
	databasetest.Engines(t, func(t *testing.T, db *database.DB) { test(t, buildAdvanced(t, db)) })
}

func buildAdvanced(t *testing.T, db *database.DB) *advancedWorld {
	t.Helper()
	ctx := context.Background()
	db.Now = clock.At(time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)).Now
	s := apptest.Start(t, db)
	aw := &advancedWorld{w: orgtest.Build(t, db), ids: map[string]int64{}, tags: map[string]int64{}, store: &search.Store{DB: db}, db: db, srv: s}
	// staff becomes client B's manager: another client's manager.
	orgtest.LinkEntity(t, db, aw.w.Users[apptest.Staff], aw.w.ClientB, true, true)
	for _, name := range []string{"Camera Operator", "Editor", "Sound Recordist"} {
		aw.tags[name] = orgtest.Tag(t, db, name, "job_title", 0)
	}
	for _, name := range []string{"Steadicam", "Drone"} {
		aw.tags[name] = orgtest.Tag(t, db, name, "skills", 0)
	}
	add := func(c crew) int64 {
		first, last, _ := strings.Cut(c.name, " ")
		status, country := c.status, c.country
		if status == "" {
			status = "active"
		}
		if country == "" {
			country = "GB"
		}
		var rate any
		if c.rate != 0 {
			rate = c.rate
		}
		var lat, lng any
		place := ""
		if c.at != nil {
			lat, lng, place = c.at[0], c.at[1], fmt.Sprintf("near %s", last)
		}
		cur := c.currency
		if cur == "" {
			cur = "GBP"
		}
		var id int64
		err := db.InTx(ctx, func(tx *database.Tx) error {
			if err := tx.Get(ctx, &id, `INSERT INTO users (email, email_lc, first_name, last_name, country, account_status,
				is_freelancer, business_type, day_rate_minor, day_rate_currency, day_rate_period, latitude, longitude,
				location_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, TRUE, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
				strings.ToLower(first)+"@crew.test", strings.ToLower(first)+"@crew.test", first, last, country, status,
				c.business, rate, cur, c.period, lat, lng, place, tx.Now, tx.Now); err != nil {
				return err
			}
			for _, tag := range append(slices.Clone(c.titles), c.skills...) {
				if _, err := tx.Exec(ctx, `INSERT INTO user_tags (user_id, tag_id) VALUES (?, ?)`, id, aw.tags[tag]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("crew %s: %v", c.name, err)
		}
		return id
	}
	for _, c := range fixture {
		aw.ids[strings.Fields(c.name)[0]] = add(c)
		orgtest.Hire(t, db, aw.w.DeptA1, aw.ids[strings.Fields(c.name)[0]])
	}
	aw.ids["Ola"] = add(crew{name: "Ola Onlyb", business: "uk_sole_trader", currency: "GBP", period: "day", rate: 30000, at: &salford,
		titles: []string{"Camera Operator"}, skills: []string{"Steadicam"}})
	orgtest.Hire(t, db, aw.w.DeptB1, aw.ids["Ola"])
	// Pia is linked to client A (not hireable by any department): manager, who manages client A, sees her.
	aw.ids["Pia"] = add(crew{name: "Pia Linked", business: "uk_sole_trader", currency: "GBP", period: "day", rate: 30000, at: &salford,
		titles: []string{"Camera Operator"}, skills: []string{"Steadicam"}})
	orgtest.LinkEntity(t, db, aw.ids["Pia"], aw.w.ClientA, false, false)

	// The 4th and 5th of October in department A1: Eve accepted the 5th, Fay's offer of the 4th
	// awaits her answer, Ivy rejected the 5th (which holds nothing); Gus is away on the 7th.
	jt := orgtest.JobTemplate(t, db, aw.w.DeptA1)
	var b struct {
		ID         int64
		Placements []struct {
			ID    int64
			Date  string
			Title string
		}
	}
	s.As(apptest.DeptMgr).Do("POST", "/booking", map[string]any{"jobTemplateId": jt,
		"dates": []string{"2026-10-04", "2026-10-05"}, "periodType": "custom"}).Want(201).Decode(&b)
	placement := map[string]int64{}
	for _, p := range b.Placements {
		if p.Title == "Shift 1" {
			placement[p.Date] = p.ID
		}
	}
	grant := func(user int64, date string) {
		s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", placement[date]),
			map[string]any{"userId": user, "placementIds": []int64{placement[date]}}).Want(200)
	}
	grant(aw.ids["Eve"], "2026-10-05")
	grant(aw.ids["Fay"], "2026-10-04")
	grant(aw.ids["Ivy"], "2026-10-05")
	databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = 'accepted' WHERE user_id = ?`, aw.ids["Eve"])
	databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = 'rejected' WHERE user_id = ?`, aw.ids["Ivy"])
	databasetest.Exec(t, db, `INSERT INTO unavailability (user_id, date, created_at) VALUES (?, '2026-10-07', ?)`, aw.ids["Gus"], db.Now())

	// Ivy is a preferred user of department A1's job template.
	databasetest.Exec(t, db, `INSERT INTO job_template_preferred_users (job_template_id, user_id, created_at) VALUES (?, ?, ?)`, jt, aw.ids["Ivy"], db.Now())

	aw.as = map[string]*auth.Principal{}
	for _, role := range []string{apptest.Admin, apptest.Manager, apptest.DeptMgr, apptest.Staff, apptest.Freelancer} {
		aw.as[role] = principalOf(t, db, aw.w.Users[role])
	}
	return aw
}

// principalOf is the principal the user signs in as: their account's flags and needs.
func principalOf(tb testing.TB, db *database.DB, userID int64) *auth.Principal {
	tb.Helper()
	st := &accounts.Store{DB: db}
	u, err := st.User(context.Background(), userID)
	if err != nil {
		tb.Fatal(err)
	}
	needs, err := st.Needs(context.Background(), u)
	if err != nil {
		tb.Fatal(err)
	}
	return &auth.Principal{UserID: u.ID, CanAdmin: u.CanAdmin, IsFreelancer: u.IsFreelancer, Needs: needs}
}

// names runs an advanced search as role and returns the first names found, in order.
func (aw *advancedWorld) names(t *testing.T, role string, q search.Query) []string {
	t.Helper()
	rs, err := aw.store.Advanced(context.Background(), search.ScopeOf(aw.as[role]), q)
	if err != nil {
		t.Fatalf("%+v as %s: %v", q, role, err)
	}
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.FirstName
	}
	return out
}

func f64(v float64) *float64 { return &v }

func TestAdvancedSearchFilters(t *testing.T) {
	advancedEngines(t, func(t *testing.T, aw *advancedWorld) {
		loc := func(p [2]float64) *search.Location {
			return &search.Location{LocationName: "Salford", Latitude: p[0], Longitude: p[1]}
		}
		steadicam, camera, editor := aw.tags["Steadicam"], aw.tags["Camera Operator"], aw.tags["Editor"]
		cases := []struct {
			name string
			q    search.Query
			want []string // in order (Order By given) or sorted by name
		}{
			{"skills: every one must match", search.Query{Filter: search.Filter{Skills: []int64{steadicam, aw.tags["Drone"]}}}, []string{"Ada"}},
			{"job titles: every one must match", search.Query{Filter: search.Filter{JobTitles: []int64{camera, editor}}}, []string{"Ivy"}},
			{"a rate per hour compares as a day rate", search.Query{Filter: search.Filter{Currency: "GBP", From: f64(450), To: f64(500)}}, []string{"Ben"}},
			{"under 450 GBP a day", search.Query{Filter: search.Filter{Currency: "GBP", Rate: f64(450)}},
				[]string{"Ada", "Cat", "Dan", "Eve", "Fay", "Gus", "Ivy"}},
			{"in euros, as-is", search.Query{Filter: search.Filter{Currency: "EUR", To: f64(400)}}, []string{"Hal"}},
			{"rate 0 clears", search.Query{Filter: search.Filter{Currency: "GBP", Rate: f64(0), JobTitles: []int64{editor}}}, []string{"Ivy", "Lou"}},
			{"countries", search.Query{Filter: search.Filter{Countries: []string{"FR"}}}, []string{"Kim"}},
			{"business type", search.Query{Filter: search.Filter{BusinessType: "uk_llp"}}, []string{"Hal", "Kim"}},
			{"within 10 miles of Salford", search.Query{Filter: search.Filter{Location: loc(salford), Radius: 10}},
				[]string{"Ada", "Ben", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"}},
			{"over 100 miles", search.Query{Filter: search.Filter{Location: loc(salford), Radius: search.OverHundredMiles}}, []string{"Cat", "Kim"}},
			{"free from the 3rd to the 7th", search.Query{Filter: search.Filter{StartDate: "2026-10-03", EndDate: "2026-10-07", Skills: []int64{steadicam}}},
				[]string{"Ada", "Ben", "Cat", "Hal", "Ivy"}},
			{"free on the 6th", search.Query{Filter: search.Filter{StartDate: "2026-10-06", EndDate: "2026-10-06", Skills: []int64{steadicam}}},
				[]string{"Ada", "Ben", "Cat", "Eve", "Fay", "Gus", "Hal", "Ivy"}},
			{"the text query narrows by name or job title", search.Query{Query: "sound", Filter: search.Filter{Countries: []string{"FR", "GB"}}}, []string{"Kim"}},
			{"camera operators with Steadicam near Salford under 450 GBP, by price", search.Query{Filter: search.Filter{JobTitles: []int64{camera}, Skills: []int64{steadicam},
				Currency: "GBP", Rate: f64(450), Location: loc(salford), Radius: 25, StartDate: "2026-10-03", EndDate: "2026-10-07",
				SortKey: search.SortPrice}}, []string{"Ivy", "Ada"}},
			{"by business type", search.Query{Filter: search.Filter{Location: loc(salford), Radius: 10, Skills: []int64{steadicam},
				StartDate: "2026-10-03", EndDate: "2026-10-07", SortKey: search.SortBusinessType}}, []string{"Hal", "Ada", "Ben", "Ivy"}},
			{"preferred first", search.Query{Filter: search.Filter{Skills: []int64{steadicam}, Location: loc(salford), Radius: 10,
				StartDate: "2026-10-03", EndDate: "2026-10-07", SortKey: search.SortPreferred}}, []string{"Ivy", "Ada", "Hal", "Ben"}},
		}
		// commitment.BusyUsers answers alike for everyone and for a list of users.
		all, err := commitment.BusyUsers(context.Background(), aw.db, "2026-10-03", "2026-10-07", nil)
		if err != nil {
			t.Fatal(err)
		}
		some, err := commitment.BusyUsers(context.Background(), aw.db, "2026-10-03", "2026-10-07", []int64{aw.ids["Eve"], aw.ids["Ivy"], aw.ids["Gus"]})
		if err != nil {
			t.Fatal(err)
		}
		want := map[int64]bool{aw.ids["Eve"]: true, aw.ids["Fay"]: true, aw.ids["Gus"]: true}
		if len(all) != 3 || !all[aw.ids["Eve"]] || !all[aw.ids["Fay"]] || !all[aw.ids["Gus"]] || len(some) != 2 || !some[aw.ids["Eve"]] || !some[aw.ids["Gus"]] {
			t.Errorf("busy from the 3rd to the 7th: everyone %v, of Eve, Ivy and Gus %v; want %v", all, some, want)
		}
		for _, c := range cases {
			got := aw.names(t, apptest.DeptMgr, c.q)
			if c.q.SortKey == "" {
				slices.Sort(got)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
			}
		}
	})
}

func TestAdvancedSearchCards(t *testing.T) {
	advancedEngines(t, func(t *testing.T, aw *advancedWorld) {
		rs, err := aw.store.Advanced(context.Background(), search.ScopeOf(aw.as[apptest.DeptMgr]), search.Query{Filter: search.Filter{
			Skills: []int64{aw.tags["Steadicam"]}, Location: &search.Location{LocationName: "Salford", Latitude: salford[0], Longitude: salford[1]},
			Radius: 25, SortKey: search.SortPrice, Currency: "GBP", From: f64(380), To: f64(480)}})
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != 3 || rs[0].FirstName != "Ivy" || rs[1].FirstName != "Ada" || rs[2].FirstName != "Ben" {
			t.Fatalf("results %+v", rs)
		}
		ivy, ben := rs[0], rs[2]
		if ivy.HiveSource != search.SourceUser || ivy.RoleLabel != "Freelancer" || ivy.Available == nil || !*ivy.Available ||
			ivy.Email != "" || !ivy.Preferred || ivy.BusinessType != "uk_sole_trader" || ivy.LocationName != "near Bolton" {
			t.Errorf("Ivy's card %+v", ivy)
		}
		if !slices.Equal(ivy.JobTitles, []string{"Camera Operator", "Editor"}) {
			t.Errorf("Ivy's job titles %v", ivy.JobTitles)
		}
		// dept sees department A1 (News) only, not Ivy's other links.
		if len(ivy.Departments) != 1 || ivy.Departments[0].Name != "News" || len(ivy.Entities) != 0 {
			t.Errorf("Ivy's departments %v, entities %v", ivy.Departments, ivy.Entities)
		}
		if ivy.DistanceMiles == nil || *ivy.DistanceMiles < 7 || *ivy.DistanceMiles > 11 {
			t.Errorf("Ivy's distance %v", ivy.DistanceMiles)
		}
		if ben.DayRate == nil || ben.DayRate.Rate != 480 || ben.DayRate.Period != "day" || ben.DayRate.Currency != "GBP" {
			t.Errorf("Ben's day rate %+v (60.00 an hour)", ben.DayRate)
		}
		if rs[0].HiveRank <= rs[1].HiveRank || rs[1].HiveRank <= rs[2].HiveRank {
			t.Errorf("hiveRank not descending: %v %v %v", rs[0].HiveRank, rs[1].HiveRank, rs[2].HiveRank)
		}
	})
}

func TestAdvancedSearchPermissions(t *testing.T) {
	advancedEngines(t, func(t *testing.T, aw *advancedWorld) {
		ctx := context.Background()
		q := search.Query{Filter: search.Filter{Skills: []int64{aw.tags["Steadicam"]}}}
		for _, role := range []string{apptest.Freelancer} {
			if _, err := aw.store.Advanced(ctx, search.ScopeOf(aw.as[role]), q); apperror.KindOf(err) != apperror.KindForbidden {
				t.Errorf("%s: %v, want forbidden", role, err)
			}
		}
		// A staff member with no links manages nothing: refused too.
		plain := &auth.Principal{UserID: 999, Needs: auth.NeedSet{}}
		plain.Needs.Add(auth.NeedStaff)
		if _, err := aw.store.Advanced(ctx, search.ScopeOf(plain), q); apperror.KindOf(err) != apperror.KindForbidden {
			t.Errorf("staff: %v, want forbidden", err)
		}
		all := []string{"Ada", "Ben", "Cat", "Eve", "Fay", "Gus", "Hal", "Ivy"}
		for role, want := range map[string][]string{
			apptest.DeptMgr: all, // A1's hireable crew; not Jon (inactive), Ola (B1's), Pia (linked to client A only)
			apptest.Manager: append(slices.Clone(all), "Pia"),
			apptest.Staff:   {"Ola"}, // client B's manager sees B1's crew only, never A1's
			apptest.Admin:   append(slices.Clone(all), "Ola", "Pia"),
		} {
			got := aw.names(t, role, q)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s sees %v, want %v", role, got, want)
			}
		}
		// The 422s come from Advanced too, whoever calls it.
		_, err := aw.store.Advanced(ctx, search.ScopeOf(aw.as[apptest.DeptMgr]), search.Query{Filter: search.Filter{StartDate: "2026-10-01", EndDate: "2026-11-05"}})
		if e := apperror.As(err); e == nil || e.Message != search.MsgRangeTooLong {
			t.Errorf("a 35-day range: %v", err)
		}
	})
}
