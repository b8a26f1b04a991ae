package main

// The load data set: searchbench's 100,000 freelancers (towns, titles, skills, rates, hiring
// links, 50,000 two-day bookings with 100,000 instructions, the search index), and on top a
// working day's layer for the searcher's client (Bench Northern Studios, five departments):
// 1,250 bookings of 20 daily placements, each crewed by four freelancers (100,000 more
// instructions, 200,000 in all), and the people who sign in: administrators, client managers,
// department managers and crew freelancers, all with one password. The layer is made so that
// the writes of the load never meet: each department manager owns some bookings, each crew
// freelancer is in one booking only (accepting never clashes with other work), and the
// instructions a manager may accept are not those a freelancer may accept.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
	"github.com/hive/hive/internal/search/searchbench"
)

// The layer's size and its sign-in pool.
const (
	LayerBookings      = 1250
	PerBooking         = 20 // daily placements
	Crew               = 4  // instructions per placement, one per crew freelancer
	Admins             = 5
	ClientManagers     = 20
	DeptManagersPerDep = 20
	FreelancerLogins   = 250
	RosterPerDept      = 2000 // freelancers a department's managers offer work to
	Password           = "LoadDay2026!x"
)

// Plan is what the load needs to know of the data set: written by prepare, read by run.
type Plan struct {
	Made        string     `json:"made"`
	Client      int64      `json:"client"`
	Departments []int64    `json:"departments"`
	Users       []PlanUser `json:"users"`
	DeptBooking [][]int64  `json:"deptBookings"` // per department, its layer bookings
	Roster      [][]int64  `json:"roster"`       // per department, freelancers to offer work to
	Skills      []int64    `json:"skills"`
	JobTitles   []int64    `json:"jobTitles"`
	Surnames    []string   `json:"surnames"`
	Month0      string     `json:"month0"` // the first day of the layer's first month
	Months      int        `json:"months"`
}

// Roles of the sign-in pool.
const (
	RoleAdmin      = "admin"
	RoleClient     = "client_manager"
	RoleDepartment = "department_manager"
	RoleFreelancer = "freelancer"
)

// PlanUser is one account of the sign-in pool; a department manager owns Owned bookings (the
// only ones they write to), Dept is their department's index in Plan.Departments.
type PlanUser struct {
	Email string  `json:"email"`
	Role  string  `json:"role"`
	ID    int64   `json:"id"`
	Dept  int     `json:"dept"`
	Owned []int64 `json:"owned,omitempty"`
}

// prepare fills the database of url (migrating it first) and writes the plan to planPath.
func prepare(ctx context.Context, url, planPath string, logf func(string, ...any)) error {
	db, err := database.Open(ctx, url)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	if _, err := accounts.SeedDemo(ctx, db); err != nil {
		return fmt.Errorf("demo accounts: %w", err)
	}
	d, made, err := searchbench.Fill(ctx, db)
	if err != nil {
		return fmt.Errorf("searchbench: %w", err)
	}
	logf("%s", made)
	layerStart := time.Now()
	hash, err := auth.HashPassword(Password)
	if err != nil {
		return err
	}
	plan := Plan{Skills: d.Skills, JobTitles: d.JobTitles, Month0: searchbench.Day0.Format("2006-01") + "-01", Months: 6,
		Surnames: []string{"Abbott", "Baker", "Carter", "Evans", "Hughes", "Khan", "Patel", "Reid", "Singh", "Turner"}}
	var booked []int64
	err = db.InTx(ctx, func(tx *database.Tx) error {
		l := &layer{g: &rowWriter{ctx: ctx, tx: tx}, d: d, plan: &plan, hash: hash}
		if err := l.build(); err != nil {
			return err
		}
		booked = l.bookingIDs
		return nil
	})
	if err != nil {
		return err
	}
	if err := db.InTx(ctx, func(tx *database.Tx) error { return writeHistory(ctx, tx) }); err != nil {
		return fmt.Errorf("audit history: %w", err)
	}
	// The layer's bookings are searchable like any other: refresh their documents in chunks.
	for from := 0; from < len(booked); from += 500 {
		part := booked[from:min(from+500, len(booked))]
		if err := db.InTx(ctx, func(tx *database.Tx) error { return index.RefreshAll(ctx, tx, index.Booking, part) }); err != nil {
			return fmt.Errorf("index the layer's bookings: %w", err)
		}
	}
	if db.Dialect == database.Postgres {
		if _, err := db.Raw().ExecContext(ctx, `VACUUM ANALYZE`); err != nil {
			return err
		}
	}
	var instructions, freelancers int
	if err := db.Get(ctx, &instructions, `SELECT COUNT(*) FROM instructions`); err != nil {
		return err
	}
	if err := db.Get(ctx, &freelancers, `SELECT COUNT(*) FROM users WHERE is_freelancer = TRUE`); err != nil {
		return err
	}
	plan.Made = fmt.Sprintf("%d freelancers, %d instructions (searchbench, and %d bookings of %d placements crewed by %d for one client's %d departments), %d accounts signing in",
		freelancers, instructions, LayerBookings, PerBooking, Crew, len(plan.Departments), len(plan.Users))
	logf("load layer made in %s; data set ready in %s: %s", time.Since(layerStart).Round(time.Millisecond),
		time.Since(start).Round(time.Millisecond), plan.Made)
	out, err := json.Marshal(plan)
	if err != nil {
		return err
	}
	return os.WriteFile(planPath, out, 0o644)
}

// readPlan reads the plan prepare wrote.
func readPlan(path string) (*Plan, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p Plan
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &p, nil
}

// rowWriter inserts the layer's rows in its one transaction (database.InsertMany).
type rowWriter struct {
	ctx context.Context
	tx  *database.Tx
}

func (g *rowWriter) rows(n int, row func(i int) []any, table, columns string) error {
	return database.InsertMany(g.ctx, g.tx, table, columns, n, row)
}

type layer struct {
	g          *rowWriter
	d          searchbench.Data
	plan       *Plan
	hash       string
	jobs, pts  []int64 // a job template and its placement template per department
	crew       [][]int64
	bookingIDs []int64
}

func (l *layer) build() error {
	for _, step := range []func() error{l.departments, l.pick, l.templates, l.bookings, l.placementsAndInstructions, l.people} {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

func (l *layer) departments() error {
	ctx, tx := l.g.ctx, l.g.tx
	if err := tx.Get(ctx, &l.plan.Client, `SELECT id FROM entities WHERE name = 'Bench Northern Studios'`); err != nil {
		return err
	}
	return tx.Select(ctx, &l.plan.Departments, `SELECT id FROM departments WHERE client_id = ? ORDER BY id`, l.plan.Client)
}

// pick chooses, per department, crews among the freelancers it may hire (searchbench makes
// freelancer i hireable by the searcher's department i mod 5) who hold no instruction yet, and
// a roster of others to offer work to.
func (l *layer) pick() error {
	ctx, tx := l.g.ctx, l.g.tx
	var busy []int64
	if err := tx.Select(ctx, &busy, `SELECT DISTINCT user_id FROM instructions`); err != nil {
		return err
	}
	held := make(map[int64]bool, len(busy))
	for _, id := range busy {
		held[id] = true
	}
	var inactive []int64
	if err := tx.Select(ctx, &inactive, `SELECT id FROM users WHERE is_freelancer = TRUE AND account_status <> 'active'`); err != nil {
		return err
	}
	for _, id := range inactive {
		held[id] = true
	}
	nd := len(l.plan.Departments)
	perDept := LayerBookings / nd * Crew
	l.crew = make([][]int64, nd)
	l.plan.Roster = make([][]int64, nd)
	for i, id := range l.d.Freelancers {
		k := i % searchbench.SearcherDepartments
		switch {
		case held[id]:
		case len(l.crew[k]) < perDept:
			l.crew[k] = append(l.crew[k], id)
		case len(l.plan.Roster[k]) < RosterPerDept:
			l.plan.Roster[k] = append(l.plan.Roster[k], id)
		}
	}
	for k := range l.crew {
		if len(l.crew[k]) < perDept {
			return fmt.Errorf("department %d: only %d free freelancers for %d crew places", k, len(l.crew[k]), perDept)
		}
	}
	return nil
}

func (l *layer) templates() error {
	ctx, tx, now := l.g.ctx, l.g.tx, l.g.tx.Now
	if err := l.g.rows(len(l.plan.Departments), func(i int) []any {
		title := fmt.Sprintf("Load Job %d", i)
		return []any{l.plan.Departments[i], title, strings.ToLower(title), now, now}
	}, "job_templates", "department_id, title, title_lc, created_at, updated_at"); err != nil {
		return err
	}
	if err := tx.Select(ctx, &l.jobs, `SELECT id FROM job_templates WHERE title LIKE 'Load Job %' ORDER BY id`); err != nil {
		return err
	}
	if err := l.g.rows(len(l.jobs), func(i int) []any {
		return []any{l.jobs[i], "Camera", "09:00", "17:00", 25000, 20000, now, now}
	}, "placement_templates", "job_template_id, title, start_time, end_time, sell_rate_minor, buy_rate_minor, created_at, updated_at"); err != nil {
		return err
	}
	return tx.Select(ctx, &l.pts, `SELECT pt.id FROM placement_templates pt JOIN job_templates jt ON jt.id = pt.job_template_id
		WHERE jt.title LIKE 'Load Job %' ORDER BY jt.id`)
}

// bookings: booking b belongs to department b mod 5 and starts on one of 125 days over about
// six months, so a department's bookings overlap on any day.
func (l *layer) bookings() error {
	ctx, tx, now := l.g.ctx, l.g.tx, l.g.tx.Now
	nd := len(l.plan.Departments)
	if err := l.g.rows(LayerBookings, func(i int) []any {
		k := i % nd
		return []any{l.jobs[k], l.plan.Departments[k], fmt.Sprintf("Load Booking %d", i), fmt.Sprintf("LD-%05d", i), true, now, now}
	}, "bookings", "job_template_id, department_id, title, reference, substitution_allowed, created_at, updated_at"); err != nil {
		return err
	}
	if err := tx.Select(ctx, &l.bookingIDs, `SELECT id FROM bookings WHERE title LIKE 'Load Booking %' ORDER BY id`); err != nil {
		return err
	}
	l.plan.DeptBooking = make([][]int64, nd)
	for i, id := range l.bookingIDs {
		l.plan.DeptBooking[i%nd] = append(l.plan.DeptBooking[i%nd], id)
	}
	return nil
}

func layerDay(b, i int) time.Time { return searchbench.Day0.AddDate(0, 0, (b%125)*7/5+i) }

// crewStates are the (supplier, client) statuses of a placement's four instructions: confirmed;
// awaiting the client (a manager accepts it); awaiting the freelancer (they accept it); and
// closed ones, rejected or cancelled, that nobody writes to. No instruction is open on both
// sides, so a manager's and a freelancer's answers never race for one version.
var crewStates = [Crew][2][2]string{
	{{"accepted", "accepted"}, {"accepted", "accepted"}},
	{{"accepted", "awaiting_response"}, {"accepted", "awaiting_response"}},
	{{"awaiting_response", "accepted"}, {"awaiting_response", "accepted"}},
	{{"rejected", "awaiting_response"}, {"accepted", "cancelled"}},
}

func (l *layer) placementsAndInstructions() error {
	ctx, tx, now := l.g.ctx, l.g.tx, l.g.tx.Now
	nd := len(l.plan.Departments)
	if err := l.g.rows(LayerBookings*PerBooking, func(i int) []any {
		b := i / PerBooking
		day := layerDay(b, i%PerBooking).Format(time.DateOnly)
		p, _ := bookings.PlacementPeriod(day, "09:00", "17:00", "Europe/London")
		return []any{l.bookingIDs[b], l.pts[b%nd], "Camera", day, "09:00", "17:00", p.Start, p.End, now, now}
	}, "placements", "booking_id, placement_template_id, title, local_date, start_time, end_time, start_at, end_at, created_at, updated_at"); err != nil {
		return err
	}
	var ps []struct {
		ID      int64 `db:"id"`
		Booking int64 `db:"booking_id"`
	}
	if err := tx.Select(ctx, &ps, `SELECT p.id, p.booking_id FROM placements p JOIN bookings b ON b.id = p.booking_id
		WHERE b.title LIKE 'Load Booking %' ORDER BY p.id`); err != nil {
		return err
	}
	return l.g.rows(len(ps)*Crew, func(i int) []any {
		pi, slot := i/Crew, i%Crew
		b := pi / PerBooking
		user := l.crew[b%nd][(b/nd)*Crew+slot]
		st := crewStates[slot][pi%2]
		return []any{ps[pi].ID, ps[pi].Booking, user, st[0], st[1], now, now}
	}, "instructions", "placement_id, booking_id, user_id, supplier_status, client_status, created_at, updated_at")
}

// people makes the administrators, client managers and department managers, gives the
// freelancers of crew slot 2 (those with answers to give) the password, and lists everyone in
// the plan; department manager j of department k owns every 20th of k's bookings.
func (l *layer) people() error {
	ctx, tx, now := l.g.ctx, l.g.tx, l.g.tx.Now
	type staff struct{ email, role string }
	var made []staff
	for i := 0; i < Admins; i++ {
		made = append(made, staff{fmt.Sprintf("load-admin%d@load.test", i), RoleAdmin})
	}
	for i := 0; i < ClientManagers; i++ {
		made = append(made, staff{fmt.Sprintf("load-client%d@load.test", i), RoleClient})
	}
	for i := 0; i < DeptManagersPerDep*len(l.plan.Departments); i++ {
		made = append(made, staff{fmt.Sprintf("load-dept%d@load.test", i), RoleDepartment})
	}
	if err := l.g.rows(len(made), func(i int) []any {
		return []any{made[i].email, made[i].email, l.hash, "Load", fmt.Sprintf("%s %d", made[i].role, i), "Production", made[i].role == RoleAdmin, now, now}
	}, "users", "email, email_lc, password_hash, first_name, last_name, label, can_admin, created_at, updated_at"); err != nil {
		return err
	}
	var ids []int64
	if err := tx.Select(ctx, &ids, `SELECT id FROM users WHERE email_lc LIKE 'load-%@load.test' ORDER BY id`); err != nil {
		return err
	}
	byEmail := map[string]int64{}
	var emails []string
	if err := tx.Select(ctx, &emails, `SELECT email_lc FROM users WHERE email_lc LIKE 'load-%@load.test' ORDER BY id`); err != nil {
		return err
	}
	for i, e := range emails {
		byEmail[e] = ids[i]
	}
	nd := len(l.plan.Departments)
	var clients, depts []PlanUser
	for _, s := range made {
		u := PlanUser{Email: s.email, Role: s.role, ID: byEmail[s.email]}
		switch s.role {
		case RoleClient:
			clients = append(clients, u)
		case RoleDepartment:
			j := len(depts)
			u.Dept = j % nd
			for n, b := range l.plan.DeptBooking[u.Dept] {
				if n%DeptManagersPerDep == j/nd {
					u.Owned = append(u.Owned, b)
				}
			}
			depts = append(depts, u)
		}
		l.plan.Users = append(l.plan.Users, u)
	}
	if err := l.g.rows(len(clients), func(i int) []any {
		return []any{clients[i].ID, l.plan.Client, true, true, now, now}
	}, "user_entity_refs", "user_id, entity_id, can_manage, can_select, created_at, updated_at"); err != nil {
		return err
	}
	if err := l.g.rows(len(depts), func(i int) []any {
		return []any{depts[i].ID, l.plan.Departments[depts[i].Dept], false, true, true, now, now}
	}, "user_department_refs", "user_id, department_id, can_hire, can_manage, can_select, created_at, updated_at"); err != nil {
		return err
	}
	// Crew slot 2 of booking b is l.crew[b mod 5][(b/5)*Crew+2]: its freelancer has 20 answers to give.
	var answering []int64
	for b := 0; len(answering) < FreelancerLogins && b < LayerBookings; b++ {
		answering = append(answering, l.crew[b%nd][(b/nd)*Crew+2])
	}
	for from := 0; from < len(answering); from += 500 {
		part := answering[from:min(from+500, len(answering))]
		marks, args := database.In(part)
		if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = ? WHERE id IN (`+marks+`)`, append([]any{l.hash}, args...)...); err != nil {
			return err
		}
		var es []struct {
			ID    int64  `db:"id"`
			Email string `db:"email_lc"`
		}
		if err := tx.Select(ctx, &es, `SELECT id, email_lc FROM users WHERE id IN (`+marks+`) ORDER BY id`, args...); err != nil {
			return err
		}
		for _, e := range es {
			l.plan.Users = append(l.plan.Users, PlanUser{Email: e.Email, Role: RoleFreelancer, ID: e.ID})
		}
	}
	return nil
}

// writeHistory gives every booking, placement and instruction the audit entry of its creation,
// as Hive writes one with every write. Without them the audit log starts nearly empty, which no
// store of 200,000 instructions is: PostgreSQL's statistics then call it tiny, and the booking
// detail's join to it was read by scanning the whole log while the load filled it. The entries
// carry an empty row: their size is not what is measured.
func writeHistory(ctx context.Context, tx *database.Tx) error {
	var arms []string
	var args []any
	for _, t := range []struct {
		source audit.Source
		table  string
	}{{audit.SourceBooking, "bookings"}, {audit.SourcePlacement, "placements"}, {audit.SourceInstruction, "instructions"}} {
		arms = append(arms, `SELECT ?, ?, id, '{}', 'load-prepare', created_at FROM `+t.table)
		args = append(args, string(audit.Insert), string(t.source))
	}
	_, err := tx.Exec(ctx, `INSERT INTO audit_log (hive_action, hive_source, record_id, row_json, hive_tx_id, created_at) `+
		strings.Join(arms, " UNION ALL "), args...)
	return err
}
