// Package searchbench fills a database with scale data for the benchmarks of the freelancer
// advanced search and the global search: 100,000 freelancers
// around 30 towns (names, one or two job titles, three skills, day rates in three currencies and
// three periods, countries, business types), 10,000 entities with 4,005 departments, the links
// that make every freelancer hireable by one department of the searcher's client and one of
// another client, 50,000 bookings of two placements with an instruction each, and some
// unavailability; in multi-row inserts, then the search index is rebuilt.
package searchbench

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// The scale search is built for.
const (
	Freelancers = 100000
	Entities    = 10000
	Bookings    = 50000
	// Clients are the client entities besides the searcher's; each has two departments.
	Clients   = 2000
	Agencies  = 500
	Suppliers = Entities - Clients - Agencies - 1
	// SearcherDepartments are the departments of the searcher's client; freelancer i is hireable
	// by the (i mod 5)th, so the searcher may hire all 100,000.
	SearcherDepartments = 5
	JobTitles           = 40
	Skills              = 60
	// Days is how many days the bookings and unavailability spread over from Day0.
	Days = 180
)

// Day0 is the first booked date; Today is the clock the benchmarks set (the day before).
var (
	Day0  = time.Date(2027, 1, 4, 0, 0, 0, 0, time.UTC)
	Today = Day0.AddDate(0, 0, -1).Add(9 * time.Hour)
)

// Town is a place freelancers live around.
type Town struct {
	Name     string
	Lat, Lng float64
	Country  string
	Weight   int // freelancers per 100 (of the 100 shares over all towns)
}

// Towns are the fixture's towns, with their share of the freelancers.
var Towns = []Town{
	{"London", 51.5072, -0.1276, "GB", 20}, {"Manchester", 53.4808, -2.2426, "GB", 7},
	{"Salford", 53.4875, -2.2901, "GB", 4}, {"Birmingham", 52.4862, -1.8904, "GB", 5},
	{"Leeds", 53.8008, -1.5491, "GB", 4}, {"Glasgow", 55.8642, -4.2518, "GB", 4},
	{"Bristol", 51.4545, -2.5879, "GB", 4}, {"Cardiff", 51.4816, -3.1791, "GB", 3},
	{"Edinburgh", 55.9533, -3.1883, "GB", 3}, {"Liverpool", 53.4084, -2.9916, "GB", 3},
	{"Newcastle upon Tyne", 54.9783, -1.6178, "GB", 3}, {"Sheffield", 53.3811, -1.4701, "GB", 2},
	{"Nottingham", 52.9548, -1.1581, "GB", 2}, {"Brighton", 50.8225, -0.1372, "GB", 2},
	{"Belfast", 54.5973, -5.9301, "GB", 2}, {"Bolton", 53.5769, -2.4282, "GB", 2},
	{"Stockport", 53.4106, -2.1575, "GB", 2}, {"Oxford", 51.7520, -1.2577, "GB", 2},
	{"Cambridge", 52.2053, 0.1218, "GB", 2}, {"Southampton", 50.9097, -1.4044, "GB", 2},
	{"Norwich", 52.6309, 1.2974, "GB", 1}, {"Plymouth", 50.3755, -4.1427, "GB", 1},
	{"Aberdeen", 57.1497, -2.0943, "GB", 1}, {"Inverness", 57.4778, -4.2247, "GB", 1},
	{"York", 53.9600, -1.0873, "GB", 1}, {"Exeter", 50.7184, -3.5339, "GB", 1},
	{"Swansea", 51.6214, -3.9436, "GB", 1}, {"Hull", 53.7676, -0.3274, "GB", 1},
	{"Dublin", 53.3498, -6.2603, "IE", 5}, {"Paris", 48.8566, 2.3522, "FR", 5},
}

// Data names what Generate made.
type Data struct {
	// Searcher manages the client whose departments may hire every freelancer.
	Searcher    int64
	Freelancers []int64
	Skills      []int64 // tag ids, most common first
	JobTitles   []int64
}

var (
	firstNames = []string{"Ada", "Ben", "Cara", "Dev", "Ema", "Finn", "Gia", "Hugo", "Iris", "Jack", "Kai", "Lena",
		"Milo", "Nia", "Owen", "Pia", "Quin", "Rosa", "Sam", "Tara", "Uma", "Vik", "Wren", "Yara", "Zoe", "Léa", "Zoë"}
	lastNames = []string{"Abbott", "Baker", "Carter", "Doyle", "Evans", "Fisher", "Grant", "Hughes", "Irwin", "Jones",
		"Khan", "Lloyd", "Murphy", "Nash", "O'Brien", "Patel", "Quinn", "Reid", "Singh", "Turner", "Usher",
		"Vaughan", "Walsh", "Young", "Zielinski", "Müller", "Nowak"}
	businessTypes = []string{"uk_sole_trader", "uk_private_limited", "uk_sole_trader", "uk_llp", "", "uk_plc", "uk_private_unlimited"}
	// periods and currencies of the day rates: most a day in pounds.
	periods    = []string{"day", "day", "day", "day", "day", "day", "day", "day", "hour", "week"}
	currencies = []string{"GBP", "GBP", "GBP", "GBP", "GBP", "GBP", "GBP", "GBP", "EUR", "USD"}
)

// Generate fills db (which holds the demo accounts) and rebuilds the search index.
func Generate(tb testing.TB, db *database.DB) Data {
	tb.Helper()
	d, made, err := Fill(context.Background(), db)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Log(made)
	return d
}

// Fill is Generate outside a test (bench/load fills a database a real server then serves): it
// returns what it made, and a line saying so.
func Fill(ctx context.Context, db *database.DB) (Data, string, error) {
	start := time.Now()
	var d Data
	err := db.InTx(ctx, func(tx *database.Tx) error {
		g := &gen{ctx: ctx, tx: tx}
		for _, step := range []func(*Data) error{g.freelancers, g.tags, g.organisations, g.links, g.bookings,
			g.unavailability, g.searcher} {
			if err := step(&d); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return d, "", err
	}
	loaded := time.Since(start)
	if err := index.Rebuild(ctx, db); err != nil {
		return d, "", err
	}
	indexed := time.Since(start) - loaded
	if err := db.AfterBulkLoad(ctx); err != nil {
		return d, "", err
	}
	return d, fmt.Sprintf("generated %d freelancers, %d entities, %d departments, %d bookings (%d placements and instructions) in %s, index rebuilt in %s",
		Freelancers, Entities, 2*Clients+SearcherDepartments, Bookings, 2*Bookings, loaded.Round(time.Millisecond), indexed.Round(time.Millisecond)), nil
}

type gen struct {
	ctx   context.Context
	tx    *database.Tx
	depts []int64 // the searcher's client's departments first, then two per other client
}

// rows inserts n rows of columns into table in the generator's transaction.
func (g *gen) rows(n int, row func(i int) []any, table, columns string) error {
	return database.InsertMany(g.ctx, g.tx, table, columns, n, row)
}

func (g *gen) ids(dst *[]int64, query string, args ...any) error {
	return g.tx.Select(g.ctx, dst, query, args...)
}

// mix spreads i over 0..n-1, independently for each salt (splitmix64), so that the fixture's
// choices (town, skills, rate...) are not correlated with one another.
func mix(i, salt, n int) int {
	z := uint64(i)<<8 | uint64(salt)
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return int((z ^ (z >> 31)) % uint64(n))
}

// townOf picks freelancer i's town by the towns' weights.
func townOf(i int) Town {
	k := mix(i, 1, 100)
	for _, t := range Towns {
		if k < t.Weight {
			return t
		}
		k -= t.Weight
	}
	return Towns[0]
}

func (g *gen) freelancers(d *Data) error {
	now := g.tx.Now
	if err := g.rows(Freelancers, func(i int) []any {
		email := fmt.Sprintf("sb%d@searchbench.test", i)
		t := townOf(i)
		// Up to about 17 miles from the town's centre.
		lat := t.Lat + (float64(mix(i, 2, 1001))-500)/500*0.25
		lng := t.Lng + (float64(mix(i, 3, 1001))-500)/500*0.4
		rate := int64(150+mix(i, 4, 651)) * 100 // 150 to 800 a day
		period := periods[mix(i, 5, len(periods))]
		switch period {
		case "hour":
			rate /= 8
		case "week":
			rate *= 5
		}
		status := "active"
		if i%97 == 0 {
			status = "inactive"
		}
		return []any{email, email, firstNames[i%len(firstNames)], lastNames[(i/len(firstNames))%len(lastNames)],
			t.Country, status, true, t.Name, lat, lng, businessTypes[mix(i, 6, len(businessTypes))], rate,
			currencies[mix(i, 7, len(currencies))], period, "Camera Operator", now, now}
	}, "users", `email, email_lc, first_name, last_name, country, account_status, is_freelancer, location_name,
		latitude, longitude, business_type, day_rate_minor, day_rate_currency, day_rate_period, label, created_at, updated_at`); err != nil {
		return err
	}
	return g.ids(&d.Freelancers, `SELECT id FROM users WHERE email_lc LIKE 'sb%@searchbench.test' ORDER BY id`)
}

// tags makes the job titles and skills and gives each freelancer one or two job titles and three
// skills, the lower-numbered more common.
func (g *gen) tags(d *Data) error {
	now := g.tx.Now
	if err := g.rows(JobTitles+Skills, func(i int) []any {
		category, name := "job_title", fmt.Sprintf("Bench Title %02d", i)
		if i >= JobTitles {
			category, name = "skills", fmt.Sprintf("Bench Skill %02d", i-JobTitles)
		}
		return []any{name, strings.ToLower(name), category, now, now}
	}, "tags", "name, name_lc, category, created_at, updated_at"); err != nil {
		return err
	}
	if err := g.ids(&d.JobTitles, `SELECT id FROM tags WHERE name LIKE 'Bench Title %' ORDER BY name`); err != nil {
		return err
	}
	if err := g.ids(&d.Skills, `SELECT id FROM tags WHERE name LIKE 'Bench Skill %' ORDER BY name`); err != nil {
		return err
	}
	// skewed picks among n, the first ones more often (the square of a uniform pick).
	skewed := func(i, salt, n int) int { k := mix(i, salt, n*n); return n - 1 - isqrt(k) }
	const per = 5 // slots: two job titles (the second may repeat the first), three skills
	type pair struct{ user, tag int64 }
	var held []pair
	for i, u := range d.Freelancers {
		seen := map[int64]bool{}
		for k := 0; k < per; k++ {
			var tag int64
			if k < 2 {
				tag = d.JobTitles[skewed(i, 10+k, JobTitles)]
			} else {
				tag = d.Skills[skewed(i, 20+k, Skills)]
			}
			if !seen[tag] {
				seen[tag] = true
				held = append(held, pair{u, tag})
			}
		}
	}
	return g.rows(len(held), func(i int) []any { return []any{held[i].user, held[i].tag} }, "user_tags", "user_id, tag_id")
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// organisations makes the searcher's client with its departments, the other clients with two
// departments each, agencies and suppliers: 10,000 entities.
func (g *gen) organisations(d *Data) error {
	now := g.tx.Now
	kind := func(i int) string {
		switch {
		case i <= Clients:
			return "client"
		case i <= Clients+Agencies:
			return "agency"
		}
		return "supplier"
	}
	if err := g.rows(Entities, func(i int) []any {
		name := fmt.Sprintf("Bench %s %d", kind(i), i)
		if i == 0 {
			name = "Bench Northern Studios"
		}
		return []any{name, strings.ToLower(name), kind(i), now, now}
	}, "entities", "name, name_lc, type, created_at, updated_at"); err != nil {
		return err
	}
	var clients []int64
	if err := g.ids(&clients, `SELECT id FROM entities WHERE name LIKE 'Bench %' AND type = 'client' ORDER BY id`); err != nil {
		return err
	}
	if err := g.rows(SearcherDepartments+2*Clients, func(i int) []any {
		client := clients[0]
		if i >= SearcherDepartments {
			client = clients[1+(i-SearcherDepartments)/2]
		}
		name := fmt.Sprintf("Bench Department %d", i)
		return []any{client, name, strings.ToLower(name), now, now}
	}, "departments", "client_id, name, name_lc, created_at, updated_at"); err != nil {
		return err
	}
	return g.ids(&g.depts, `SELECT id FROM departments WHERE name LIKE 'Bench Department %' ORDER BY id`)
}

// links: freelancer i may be hired by the searcher's department i mod 5 and by one department of
// another client; half are linked to a supplier entity (their company).
func (g *gen) links(d *Data) error {
	now := g.tx.Now
	n := len(d.Freelancers)
	if err := g.rows(2*n, func(i int) []any {
		dept := g.depts[(i%n)%SearcherDepartments]
		if i >= n {
			dept = g.depts[SearcherDepartments+mix(i, 30, len(g.depts)-SearcherDepartments)]
		}
		return []any{d.Freelancers[i%n], dept, true, now, now}
	}, "user_department_refs", "user_id, department_id, can_hire, created_at, updated_at"); err != nil {
		return err
	}
	var suppliers []int64
	if err := g.ids(&suppliers, `SELECT id FROM entities WHERE name LIKE 'Bench %' AND type = 'supplier' ORDER BY id`); err != nil {
		return err
	}
	return g.rows(n/2, func(i int) []any {
		return []any{d.Freelancers[2*i], suppliers[mix(i, 31, len(suppliers))], true, true, now, now}
	}, "user_entity_refs", "user_id, entity_id, can_manage, can_select, created_at, updated_at")
}

// states are the (supplier, client) statuses the instructions cycle through.
var states = [][2]string{
	{"accepted", "accepted"}, {"awaiting_response", "awaiting_response"}, {"rejected", "awaiting_response"},
	{"accepted", "cancelled"}, {"accepted", "awaiting_response"}, {"awaiting_response", "accepted"},
}

// bookings makes one job template (with one placement template) per other client's department,
// and 50,000 bookings of two daily placements over Days days, each placement with one
// instruction of a freelancer in every status.
func (g *gen) bookings(d *Data) error {
	now := g.tx.Now
	depts := g.depts[SearcherDepartments:]
	if err := g.rows(len(depts), func(i int) []any {
		title := fmt.Sprintf("Bench Job %d", i)
		return []any{depts[i], title, strings.ToLower(title), now, now}
	}, "job_templates", "department_id, title, title_lc, created_at, updated_at"); err != nil {
		return err
	}
	var jts, pts []int64
	if err := g.ids(&jts, `SELECT id FROM job_templates WHERE title LIKE 'Bench Job %' ORDER BY id`); err != nil {
		return err
	}
	if err := g.rows(len(jts), func(i int) []any {
		return []any{jts[i], "Camera", "09:00", "17:00", 25000, 20000, now, now}
	}, "placement_templates", "job_template_id, title, start_time, end_time, sell_rate_minor, buy_rate_minor, created_at, updated_at"); err != nil {
		return err
	}
	if err := g.ids(&pts, `SELECT pt.id FROM placement_templates pt JOIN job_templates jt ON jt.id = pt.job_template_id
		WHERE jt.title LIKE 'Bench Job %' ORDER BY jt.id`); err != nil {
		return err
	}
	if err := g.rows(Bookings, func(i int) []any {
		k := i % len(jts)
		return []any{jts[k], depts[k], fmt.Sprintf("Bench Booking %d", i), now, now}
	}, "bookings", "job_template_id, department_id, title, created_at, updated_at"); err != nil {
		return err
	}
	var bs []int64
	if err := g.ids(&bs, `SELECT id FROM bookings WHERE title LIKE 'Bench Booking %' ORDER BY id`); err != nil {
		return err
	}
	if err := g.rows(2*Bookings, func(i int) []any {
		b := i / 2
		day := Day0.AddDate(0, 0, mix(b, 40, Days)+i%2).Format(time.DateOnly)
		p, _ := bookings.PlacementPeriod(day, "09:00", "17:00", "Europe/London")
		return []any{bs[b], pts[b%len(pts)], "Camera", day, "09:00", "17:00", p.Start, p.End, now, now}
	}, "placements", "booking_id, placement_template_id, title, local_date, start_time, end_time, start_at, end_at, created_at, updated_at"); err != nil {
		return err
	}
	ps, err := bookingbench.PlacementsOf(g.ctx, g.tx, "Bench Booking %")
	if err != nil {
		return err
	}
	return g.rows(len(ps), func(i int) []any {
		st := states[i%len(states)]
		return []any{ps[i].ID, ps[i].Booking, d.Freelancers[mix(i/2, 41, len(d.Freelancers))], st[0], st[1], now, now}
	}, "instructions", "placement_id, booking_id, user_id, supplier_status, client_status, created_at, updated_at")
}

// unavailability: a fifth of the freelancers are away for three days every month of the range.
func (g *gen) unavailability(d *Data) error {
	now := g.tx.Now
	away := len(d.Freelancers) / 5
	const months, days = Days / 30, 3
	return g.rows(away*months*days, func(i int) []any {
		user := (i / (months * days)) * 5
		month, day := (i/days)%months, i%days
		date := Day0.AddDate(0, 0, month*30+mix(user, 50, 27)+day).Format(time.DateOnly)
		return []any{d.Freelancers[user], date, now}
	}, "unavailability", "user_id, date, created_at")
}

// searcher makes the manager of the searcher's client (Northern Studios), who manages its
// departments and so may hire every freelancer.
func (g *gen) searcher(d *Data) error {
	now := g.tx.Now
	if err := g.tx.Get(g.ctx, &d.Searcher, `INSERT INTO users (email, email_lc, first_name, last_name, created_at, updated_at)
		VALUES ('searcher@searchbench.test', 'searcher@searchbench.test', 'Sally', 'Searcher', ?, ?) RETURNING id`, now, now); err != nil {
		return err
	}
	var client int64
	if err := g.tx.Get(g.ctx, &client, `SELECT id FROM entities WHERE name = 'Bench Northern Studios'`); err != nil {
		return err
	}
	_, err := g.tx.Exec(g.ctx, `INSERT INTO user_entity_refs (user_id, entity_id, can_manage, can_select, created_at, updated_at)
		VALUES (?, ?, TRUE, TRUE, ?, ?)`, d.Searcher, client, now, now)
	return err
}
