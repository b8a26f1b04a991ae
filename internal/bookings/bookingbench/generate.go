// Package bookingbench fills a database with the bookings' target scale data, for the
// benchmarks of bookings, the scheduler and the agenda: 2,000 freelancers, 500 job templates,
// 50,000 placements and 200,000 instructions, spread over 5 clients of 4 departments each and
// about six months, in big multi-row inserts.
package bookingbench

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/database"
)

// The scale bookings are built for.
const (
	Freelancers  = 2000
	Templates    = 500
	Placements   = 50000
	Instructions = 200000
	PerBooking   = 20
	Clients      = 5
	PerClient    = 4
)

// Day0 is the first placement date; placements run for about six months from it.
var Day0 = time.Date(2027, 1, 4, 0, 0, 0, 0, time.UTC)

// Data names what Generate made.
type Data struct {
	Freelancers  []int64
	Departments  []int64
	JobTemplates []int64
	Bookings     []int64 // each of PerBooking daily placements
}

// states are the (supplier, client) statuses instructions cycle through: every colour occurs.
var states = [][2]string{
	{"accepted", "accepted"}, {"accepted", "awaiting_response"}, {"awaiting_response", "awaiting_response"},
	{"rejected", "awaiting_response"}, {"accepted", "cancelled"}, {"accepted", "accepted"},
	{"awaiting_response", "accepted"}, {"accepted", "accepted"},
}

// Generate fills db. Every freelancer may be hired by every department (the honest worst case
// for candidate lists); bookings of one department overlap in time; each placement has four
// instructions of different freelancers; everyone is unavailable on about a tenth of the days,
// has a job title and three skills, and each job template has five preferred freelancers.
func Generate(tb testing.TB, db *database.DB) Data {
	tb.Helper()
	ctx := context.Background()
	start := time.Now()
	var d Data
	err := db.InTx(ctx, func(tx *database.Tx) error {
		g := &gen{ctx: ctx, tx: tx}
		steps := []func(*Data) error{g.freelancers, g.organisations, g.links, g.templates, g.bookings,
			g.placements, g.instructions, g.unavailability, g.profiles}
		for _, step := range steps {
			if err := step(&d); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if err := db.AfterBulkLoad(ctx); err != nil {
		tb.Fatal(err)
	}
	tb.Logf("generated %d freelancers, %d departments, %d job templates, %d placements, %d instructions in %s",
		Freelancers, len(d.Departments), Templates, Placements, Instructions, time.Since(start).Round(time.Millisecond))
	return d
}

type gen struct {
	ctx context.Context
	tx  *database.Tx
}

// rows inserts n rows of columns into table in the generator's transaction, in multi-row
// statements (database.InsertMany).
func (g *gen) rows(n int, row func(i int) []any, table, columns string) error {
	return database.InsertMany(g.ctx, g.tx, table, columns, n, row)
}

func (g *gen) ids(dst *[]int64, query string) error { return g.tx.Select(g.ctx, dst, query) }

func (g *gen) freelancers(d *Data) error {
	now := g.tx.Now
	if err := g.rows(Freelancers, func(i int) []any {
		email := fmt.Sprintf("scale%d@bench.hive.test", i)
		return []any{email, email, "Scale", fmt.Sprintf("Freelancer %d", i), true, now, now}
	}, "users", "email, email_lc, first_name, last_name, is_freelancer, created_at, updated_at"); err != nil {
		return err
	}
	return g.ids(&d.Freelancers, `SELECT id FROM users WHERE email_lc LIKE 'scale%@bench.hive.test' ORDER BY id`)
}

func (g *gen) organisations(d *Data) error {
	now := g.tx.Now
	if err := g.rows(Clients, func(i int) []any {
		name := fmt.Sprintf("Scale Client %d", i)
		return []any{name, strings.ToLower(name), "client", now, now}
	}, "entities", "name, name_lc, type, created_at, updated_at"); err != nil {
		return err
	}
	var clients []int64
	if err := g.ids(&clients, `SELECT id FROM entities WHERE name LIKE 'Scale Client %' ORDER BY id`); err != nil {
		return err
	}
	if err := g.rows(Clients*PerClient, func(i int) []any {
		name := fmt.Sprintf("Scale Department %d", i)
		return []any{clients[i/PerClient], name, strings.ToLower(name), 2, now, now}
	}, "departments", "client_id, name, name_lc, cancel_window_days, created_at, updated_at"); err != nil {
		return err
	}
	return g.ids(&d.Departments, `SELECT id FROM departments WHERE name LIKE 'Scale Department %' ORDER BY id`)
}

func (g *gen) links(d *Data) error {
	now := g.tx.Now
	return g.rows(Freelancers*len(d.Departments), func(i int) []any {
		return []any{d.Freelancers[i%Freelancers], d.Departments[i/Freelancers], true, now, now}
	}, "user_department_refs", "user_id, department_id, can_hire, created_at, updated_at")
}

func (g *gen) templates(d *Data) error {
	now := g.tx.Now
	if err := g.rows(Templates, func(i int) []any {
		title := fmt.Sprintf("Job %d", i)
		return []any{d.Departments[i%len(d.Departments)], title, strings.ToLower(title), now, now}
	}, "job_templates", "department_id, title, title_lc, created_at, updated_at"); err != nil {
		return err
	}
	if err := g.ids(&d.JobTemplates, `SELECT id FROM job_templates WHERE title LIKE 'Job %' ORDER BY id`); err != nil {
		return err
	}
	if err := g.rows(Templates, func(i int) []any {
		return []any{d.JobTemplates[i], "Camera", "09:00", "17:00", 25000, 20000, now, now}
	}, "placement_templates", "job_template_id, title, start_time, end_time, sell_rate_minor, buy_rate_minor, created_at, updated_at"); err != nil {
		return err
	}
	return g.rows(Templates*5, func(i int) []any {
		return []any{d.JobTemplates[i/5], d.Freelancers[(i*389)%Freelancers], now}
	}, "job_template_preferred_users", "job_template_id, user_id, created_at")
}

func (g *gen) bookings(d *Data) error {
	now := g.tx.Now
	if err := g.rows(Placements/PerBooking, func(i int) []any {
		jt := i % Templates
		return []any{d.JobTemplates[jt], d.Departments[jt%len(d.Departments)], fmt.Sprintf("Booking %d", i), true, now, now}
	}, "bookings", "job_template_id, department_id, title, substitution_allowed, created_at, updated_at"); err != nil {
		return err
	}
	return g.ids(&d.Bookings, `SELECT id FROM bookings WHERE title LIKE 'Booking %' ORDER BY id`)
}

// BookingDay is the date of placement i of booking b: bookings start on 125 different days
// over about six months, so many overlap on any day.
func BookingDay(b, i int) time.Time { return Day0.AddDate(0, 0, (b%125)*7/5+i) }

func (g *gen) placements(d *Data) error {
	var pts []int64
	if err := g.ids(&pts, `SELECT pt.id FROM placement_templates pt JOIN job_templates jt ON jt.id = pt.job_template_id
		WHERE jt.title LIKE 'Job %' ORDER BY jt.id`); err != nil {
		return err
	}
	now := g.tx.Now
	return g.rows(Placements, func(i int) []any {
		b := i / PerBooking
		day := BookingDay(b, i%PerBooking).Format(time.DateOnly)
		p, _ := bookings.PlacementPeriod(day, "09:00", "17:00", "Europe/London")
		return []any{d.Bookings[b], pts[b%Templates], "Camera", day, "09:00", "17:00", p.Start, p.End, now, now}
	}, "placements", "booking_id, placement_template_id, title, local_date, start_time, end_time, start_at, end_at, created_at, updated_at")
}

func (g *gen) instructions(d *Data) error {
	ps, err := PlacementsOf(g.ctx, g.tx, "Booking %")
	if err != nil {
		return err
	}
	per := Instructions / Placements
	now := g.tx.Now
	return g.rows(Instructions, func(i int) []any {
		p := ps[i/per]
		user := d.Freelancers[(i/per*7+i%per*501)%Freelancers]
		st := states[i%len(states)]
		return []any{p.ID, p.Booking, user, st[0], st[1], now, now}
	}, "instructions", "placement_id, booking_id, user_id, supplier_status, client_status, created_at, updated_at")
}

// Placed is a generated placement and its booking.
type Placed struct {
	ID      int64 `db:"id"`
	Booking int64 `db:"booking_id"`
}

// PlacementsOf reads the placements of the bookings whose title is like title (the generators
// name their bookings "Booking %d", "Bench Booking %d"), by id, for their instructions.
func PlacementsOf(ctx context.Context, tx *database.Tx, title string) ([]Placed, error) {
	var ps []Placed
	err := tx.Select(ctx, &ps, `SELECT p.id, p.booking_id FROM placements p JOIN bookings b ON b.id = p.booking_id
		WHERE b.title LIKE ? ORDER BY p.id`, title)
	return ps, err
}

// unavailability marks every freelancer unavailable on about one day in ten of the range.
func (g *gen) unavailability(d *Data) error {
	now := g.tx.Now
	const days, everyNth = 280, 10
	return g.rows(Freelancers*days/everyNth, func(i int) []any {
		user := i % Freelancers
		day := (i/Freelancers)*everyNth + user%everyNth
		return []any{d.Freelancers[user], Day0.AddDate(0, 0, day-3).Format(time.DateOnly), now}
	}, "unavailability", "user_id, date, created_at")
}

// profiles gives every freelancer a job title and three skills; a tenth are titled like the
// placement templates ("Camera"), so matching has work to do.
func (g *gen) profiles(d *Data) error {
	now := g.tx.Now
	if err := g.rows(40, func(i int) []any {
		category, name := "skills", fmt.Sprintf("Bench Skill %d", i)
		switch {
		case i == 0:
			category, name = "job_title", "Camera"
		case i < 10:
			category, name = "job_title", fmt.Sprintf("Bench Title %d", i)
		}
		return []any{name, strings.ToLower(name), category, now, now}
	}, "tags", "name, name_lc, category, created_at, updated_at"); err != nil {
		return err
	}
	var tags []int64
	if err := g.ids(&tags, `SELECT id FROM tags WHERE name = 'Camera' OR name LIKE 'Bench %' ORDER BY id`); err != nil {
		return err
	}
	return g.rows(Freelancers*4, func(i int) []any {
		user, k := i/4, i%4
		tag := tags[user%10]
		if k > 0 {
			tag = tags[10+(user*3+k)%30]
		}
		return []any{d.Freelancers[user], tag}
	}, "user_tags", "user_id, tag_id")
}
